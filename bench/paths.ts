import { fileURLToPath } from 'node:url';

/** The benches run the build, not the sources: that is what users launch. */
export const CLI_PATH = fileURLToPath(new URL('../dist/server/cli.js', import.meta.url));
export const DEMO_SERVER_PATH = fileURLToPath(new URL('../dist/server/demo/demoServer.js', import.meta.url));
export const RESULTS_PATH = fileURLToPath(new URL('./results/latest.json', import.meta.url));
/** The fixture server whose `flood` tool sends notifications as fast as it can. */
export const TRAFFIC_SERVER_PATH = fileURLToPath(new URL('../e2e/fixtures/traffic.mjs', import.meta.url));
