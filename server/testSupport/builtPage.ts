import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { precompressDir } from '../../scripts/precompress.mjs';
import { startBridge, type RunningBridge } from '../http/bridgeServer.js';
import { scriptTarget } from './targets.js';

export interface ServedPage {
  /** The page's folder, to change a file after the bridge has started. */
  dir: string;
  bridge: RunningBridge;
  close(): Promise<void>;
}

/**
 * A built page in miniature, its files given by path (`index.html`, `assets/app.js`),
 * precompressed by the build's own script and served by a bridge in front of an idle server.
 */
export async function serveBuiltPage(
  name: string,
  files: Record<string, string>,
  options: { below?: string; log?: (line: string) => void } = {},
): Promise<ServedPage> {
  const scratch = mkdtempSync(join(tmpdir(), `mcp-inspect-${name}-`));
  // `below`: folders between the scratch folder and the page's, as an install puts them
  // (`.npm/_npx/…/dist/client`).
  const dir = join(scratch, options.below ?? '');
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  await precompressDir(dir);
  const bridge = await startBridge({
    target: scriptTarget('process.stdin.resume()'),
    token: 'test-token-0123456789',
    host: '127.0.0.1',
    port: 0,
    clientDir: dir,
    version: '0.0.0-test',
    log: options.log ?? (() => undefined),
  });
  return {
    dir,
    bridge,
    close: async () => {
      await bridge.close();
      rmSync(scratch, { recursive: true, force: true });
    },
  };
}
