import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from './scripts/chromium.mjs';

const executablePath = findChromium();

/**
 * End-to-end tests: the built CLI (`npm run build` first; `npm test` does it) driven from a
 * real Chromium. Each test starts its own `mcp-inspect` on a free port, so tests never share a
 * bridge and two workers never fight over a port.
 */
export default defineConfig({
  testDir: 'e2e',
  globalSetup: './e2e/support/globalSetup.ts',
  // Two at most: each test runs a browser, the bridge and an MCP server on a 2-core machine.
  workers: 2,
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: process.env.CI ? 1 : 0,
  reporter: 'list',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  use: {
    // Playwright cannot download its own browser on every machine; the system one is used
    // (globalSetup explains what to do when there is none).
    launchOptions: { executablePath, args: CHROMIUM_ARGS },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
});
