// Where the tests find a Chromium. Browsers cannot be downloaded by Playwright on every
// machine (offline or locked-down ones), so the system's Chromium is used: an explicit path
// from the environment first, then the usual install locations.
import { existsSync } from 'node:fs';

export const CHROMIUM_ENV_VAR = 'MCP_INSPECT_CHROMIUM';

const CANDIDATES = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/snap/bin/chromium',
];

/** The Chromium to use, or undefined when none is installed. */
export function findChromium() {
  const fromEnv = process.env[CHROMIUM_ENV_VAR];
  if (fromEnv) return existsSync(fromEnv) ? fromEnv : undefined;
  return CANDIDATES.find((path) => existsSync(path));
}

/** Flags for a headless Chromium on a closed network (no background connections to refuse). */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
