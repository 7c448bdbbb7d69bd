import { defineConfig } from 'vitest/config';

// Unit and integration tests; the browser tests are Playwright's (e2e/).
export default defineConfig({
  // What vite.config.ts defines for the page, so page modules run under Vitest too.
  define: { __APP_VERSION__: JSON.stringify('test') },
  test: {
    include: ['server/**/*.test.ts', 'shared/**/*.test.ts', 'client/**/*.test.ts'],
    environment: 'node',
    // The server's JavaScript, for the tests that start the CLI or the demo as a process.
    globalSetup: ['server/testSupport/globalSetup.ts'],
    // The OAuth tests run oidc-provider in-process; it warns on every start that its development
    // keys and sign-in pages are for development, which is what the tests want.
    onConsoleLog: (log) => !log.includes('oidc-provider WARNING'),
    testTimeout: 20_000,
    hookTimeout: 20_000,
    // Three workers on a two-core machine: much of the suite waits on child processes and real
    // timers (token lifetimes, kill graces), and a third worker fills that wait. Measured in
    // alternating runs: 15.3–17.4 s against 17.3–18.2 s with two; four gained nothing more.
    maxWorkers: 3,
    // One module graph per worker, not per test file: no test mocks modules or stubs globals,
    // and re-importing zod, the SDK and express for each of the 80 files cost more CPU than
    // all the tests of the client and shared folders (the whole run: 42 s of CPU, not 73 s).
    isolate: false,
    // Transformed modules kept on disk (node_modules/.experimental-vitest-cache) between runs:
    // a second run spends ~5 s less CPU transforming the same files. Keyed by content.
    experimental: { fsModuleCache: true },
  },
});
