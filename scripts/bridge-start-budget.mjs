// The budget of the bridge's start: the JavaScript Node compiles and runs before the bridge
// attaches (cli.js, the listener, the bridge, and what they import statically), checked on the
// built CLI by scripts/bridge-start.mjs (run by `npm test` through
// server/http/bridgeStartBudget.test.ts, and on its own with `node scripts/bridge-start.mjs`).
// On a two-core machine the page's scripts and the bridge's loading share the cores, so every
// kilobyte here is paid before the first tool shows (issue 33's launch ratio).
//
// To change it knowingly: first ask whether the code must run before the page can list tools;
// a feature's routes load on their first request (server/http/lazyRouter.ts), a check when it is
// asked (server/http/parityRoute.ts). If it must, raise `maxBytes` in the same commit, saying why
// in its message; never take a marker out of `absent` to make room.
export const BRIDGE_START_BUDGET = {
  /** Measured 2026-11-28: 876 KB after the features below left the start (1,542 KB before). */
  maxBytes: 920 * 1024,
  /**
   * What must not load before the bridge attaches, each by a text only its code has (names
   * survive the build's minifying).
   */
  absent: {
    "the MCP SDK's client (compare, parity, lint probes, OAuth grants)":
      'StreamableHTTPClientTransport=class',
    'the lint engine and its rules': 'function lintSurface(',
    "the host configs' editor (jsonc-parser)": 'function parseTree(',
    'the collections (a capture exported as one)': 'function exportCollection(',
    'the era parity and surface diffs': 'function eraDifferences(',
  },
};
