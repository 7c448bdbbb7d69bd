import { readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { pageFileType, requestPath, sendPageFile } from './pageFiles.js';
import { COMPRESSED_COPIES, acceptedEncodings } from './precompressed.js';

/** The folder of the build's hashed files (vite's `assetsDir`), and its address. */
const ASSETS = 'assets';

export interface BuiltAssets {
  /** Whether `serve` answers this request: a GET or HEAD of one of the build's assets. */
  serves(req: IncomingMessage): boolean;
  /** Answers such a request from the disk; false (nothing written) for any other. */
  serve(req: IncomingMessage, res: ServerResponse): boolean;
}

/**
 * The build's hashed files (the page's lazy chunks, styles, fonts, source maps), listed once at
 * start and read from the disk when asked, in the best coding the browser takes. Their names
 * change with their content, so a browser keeps them for good. Plain Node and no path taken from
 * the request (only names listed at start are served), so the listener that serves the page
 * before Express has loaded (bridgeListener.ts) answers them: the chunks the first screen imports
 * as it starts do not wait for the bridge. Once the bridge has attached, Express serves them
 * (precompressed.ts, express.static): this handler in the Express apps too made the workspace's
 * e2e tests flaky (a server's frame at times never reported its state). The likely cause, found
 * since: a frame ran client/boot.ts twice and its two sockets took the session from each other,
 * as the order of its scripts allowed (fixed in boot.ts and at its root, the frame's index.html:
 * firstScreen.ts); this handler has not been tried again.
 */
export function listBuiltAssets(root: string, log?: (line: string) => void): BuiltAssets {
  const assets = listAssets(join(root, ASSETS));
  const lookup = (req: IncomingMessage) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return undefined;
    const path = requestPath(req);
    if (!path.startsWith(`/${ASSETS}/`)) return undefined;
    const name = path.slice(ASSETS.length + 2);
    const codings = assets.get(name);
    const type = pageFileType(name);
    if (codings === undefined || type === undefined) return undefined;
    const accepted = acceptedEncodings(req.headers['accept-encoding']);
    const coding = COMPRESSED_COPIES.find((c) => codings.has(c.encoding) && accepted.has(c.encoding));
    return { file: join(root, ASSETS, `${name}${coding?.suffix ?? ''}`), encoding: coding?.encoding, type };
  };
  return {
    serves: (req) => lookup(req) !== undefined,
    serve(req, res) {
      const found = lookup(req);
      if (found === undefined) return false;
      const { file, encoding, type } = found;
      readFile(file).then(
        (body) => sendPageFile(req, res, { body, type, encoding, immutable: true }),
        // Gone from the disk since the start (a rebuild under a running bridge): said, not thrown.
        (error: Error) => {
          log?.(`could not serve ${req.url ?? ''}: ${error.message.split('\n')[0] ?? ''}`);
          res.statusCode = 404;
          res.setHeader('Content-Type', 'text/plain; charset=utf-8');
          res.end('Not found: the page was rebuilt since mcp-inspect started; reload it');
        },
      );
      return true;
    },
  };
}

/** Name in the folder → the codings it has a copy in ('plain' included). */
function listAssets(dir: string): Map<string, Set<string>> {
  const assets = new Map<string, Set<string>>();
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return assets; // no build (the API alone, in tests)
  }
  for (const name of names) {
    if (name.startsWith('.')) continue; // never a build's; express.static refuses them too
    const coding = COMPRESSED_COPIES.find((c) => name.endsWith(c.suffix));
    const plain = coding === undefined ? name : name.slice(0, -coding.suffix.length);
    const codings = assets.get(plain) ?? new Set<string>();
    codings.add(coding?.encoding ?? 'plain');
    assets.set(plain, codings);
  }
  // A compressed copy whose plain file is missing is not served: the plain file is the asset.
  for (const [name, codings] of assets) if (!codings.has('plain')) assets.delete(name);
  return assets;
}
