// The budget of the page's first screen: the JS (brotli, as the bridge serves it) that loads
// before the tool list can show, checked from the build's manifest by scripts/first-screen.mjs
// (run by `npm test` through server/cli/firstScreenBudget.test.ts, and on its own with
// `node scripts/first-screen.mjs` after a build).
//
// To change it knowingly: first ask whether the new code must run before the first tool shows;
// most features can load with their panel (client/lazyFeatures.ts) or once the list has shown
// (client/afterFirstScreen.ts). If it must, add its chunk's name to `chunks` (the failure names
// it) and, if the total is over, raise `headroomBytes` in the same commit, saying why in its
// message. `floorBytes` is the floor page's (bench/floorPage: React and the SDK client alone),
// as `npm run bench` prints it: update it when a dependency upgrade moves the floor.
export const FIRST_SCREEN_BUDGET = {
  /** bench/floorPage built and brotli-compressed (index + runtime), measured 2026-11-28 (110.2 KB, as the startup bench measured it the same day). */
  floorBytes: 112_845,
  /** The inspector's own first screen on top of the floor: issue 33's 30 KB. */
  headroomBytes: 30 * 1024,
  /** The chunks allowed on the first screen, by the name scripts/first-screen.mjs gives them. */
  chunks: ['index.html', 'boot.ts', 'first-screen', 'rolldown-runtime'],
};
