import { defineConfig } from 'vitest/config';

// Unit and integration tests; the browser tests are Playwright's (e2e/).
export default defineConfig({
  test: {
    include: ['server/**/*.test.ts', 'shared/**/*.test.ts', 'client/**/*.test.ts'],
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 20_000,
    // Child processes and ports: two workers on a two-core machine.
    maxWorkers: 2,
  },
});
