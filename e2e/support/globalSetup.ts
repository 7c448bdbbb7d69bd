import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHROMIUM_ENV_VAR, findChromium } from '../../scripts/chromium.mjs';
import { dropExtraCaBundle } from '../../scripts/testEnvironment.mjs';
import { CLI_PATH, CLIENT_INDEX_PATH } from './cli.js';

/**
 * Fails the run once, with what to do, instead of every test failing with a spawn error or a
 * blank page: the tests drive the built CLI and never build it themselves.
 */
export default function globalSetup(): void {
  // Before the workers start, which take this process's environment.
  dropExtraCaBundle();
  // Every bridge takes captured sessions (docs/capture.md): in a scratch state folder, never the
  // person's own, whose rendezvous the runs would otherwise take over from their open page.
  if (process.env.MCP_INSPECT_STATE_DIR === undefined) {
    const stateDir = mkdtempSync(join(tmpdir(), 'mcp-inspect-e2e-state-'));
    process.env.MCP_INSPECT_STATE_DIR = stateDir;
    process.once('exit', () => rmSync(stateDir, { recursive: true, force: true }));
  }
  const missing = [CLI_PATH, CLIENT_INDEX_PATH].filter((path) => !existsSync(path));
  if (missing.length > 0) {
    throw new Error(
      `The e2e tests run the built CLI; run \`npm run build\` first (missing: ${missing.join(', ')})`,
    );
  }
  if (findChromium() === undefined) {
    throw new Error(
      `No Chromium found: install one (e.g. apt-get install chromium) or set ${CHROMIUM_ENV_VAR} to its path`,
    );
  }
}
