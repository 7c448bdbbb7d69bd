import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { NextFunction, Request, Response } from 'express';
import { pageFileType, requestPath, sendPageFile, type PageFileReply } from './pageFiles.js';
import { COMPRESSED_COPIES, acceptedEncodings } from './precompressed.js';

/** One stored copy of a file: its bytes and their coding (undefined: the plain file). */
interface Copy {
  encoding: 'br' | 'gzip' | undefined;
  body: Buffer;
}

interface StoredFile {
  /** Best first: brotli, gzip, then the plain file. */
  copies: Copy[];
  /** Hashed file names never change content: a browser keeps them without asking again. */
  immutable: boolean;
}

/** Best first: the build's compressed copies, then the plain file. */
const COPIES = [...COMPRESSED_COPIES, { encoding: undefined, suffix: '' }] as const;

/** The build's own files that index.html names (`./assets/…` in src or href). */
const NAMED_ASSET = /(?:src|href)="\.\/(assets\/[^"?#]+)"/g;

export interface FirstScreenOptions {
  /**
   * The page is served below the root (a workspace server's frame, at `/s/<id>/`), while the
   * build's files are at the root's `/assets/`, one address for every frame (workspaceBridge.ts
   * redirects the frame's own). Its index.html then names them there: named relative to the
   * frame, the scripts arrived by redirect, so the module preloads and the entry's own imports
   * were two addresses for one file, fetched and run twice (the boot module opened a second
   * socket, which took the frame's session from the first).
   */
  assetsAtRoot?: boolean;
}

/** The first screen's files, read once at start, and the one way they are answered. */
export interface FirstScreen {
  /** Whether `serve` answers this request: a GET or HEAD of one of its files. */
  serves(req: IncomingMessage): boolean;
  /** Answers such a request from memory; false (nothing written) for any other. */
  serve(req: IncomingMessage, res: ServerResponse): boolean;
}

/**
 * The page's first screen, index.html and the files it names (scripts, module preloads, the
 * stylesheet), read once at start and served from memory: the browser asks for all of them at
 * once as soon as the bridge is up, and a request answered from memory takes a fraction of the
 * file-serving path, cold as that path is in a bridge that just started (measured: the first
 * requests of a fresh bridge took 20–30 ms each through `send`, 2–4 ms once warm). Anything else,
 * and a build without index.html, is left to the other static handlers. Plain Node, so the
 * listener that serves it before Express has loaded (bridgeListener.ts) answers it the same way.
 */
export function readFirstScreenFiles(root: string, options: FirstScreenOptions = {}): FirstScreen {
  const files = readFirstScreen(root, options.assetsAtRoot === true);
  /** The file and copy a request gets, if it is one of the first screen's. */
  const lookup = (req: IncomingMessage): PageFileReply | undefined => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return undefined;
    const pathname = requestPath(req);
    const path = pathname === '/' ? '/index.html' : pathname;
    const file = files.get(path);
    const type = pageFileType(path);
    if (file === undefined || type === undefined) return undefined;
    const accepted = acceptedEncodings(req.headers['accept-encoding']);
    const copy = file.copies.find((c) => c.encoding === undefined || accepted.has(c.encoding));
    return copy && { body: copy.body, type, encoding: copy.encoding, immutable: file.immutable };
  };
  return {
    serves: (req) => lookup(req) !== undefined,
    serve(req, res) {
      const found = lookup(req);
      if (found === undefined) return false;
      sendPageFile(req, res, found);
      return true;
    },
  };
}

/** The first screen, read once (readFirstScreenFiles), as Express middleware; anything else falls through. */
export function serveFirstScreen(firstScreen: FirstScreen) {
  return (req: Request, res: Response, next: NextFunction): void => {
    if (!firstScreen.serve(req, res)) next();
  };
}

function readFirstScreen(root: string, assetsAtRoot: boolean): Map<string, StoredFile> {
  const files = new Map<string, StoredFile>();
  const index = readCopies(root, 'index.html');
  const html = index.find((c) => c.encoding === undefined)?.body.toString('utf8');
  if (html === undefined) return files;
  // Rewritten, the page goes plain: the build's compressed copies name the files as built, and
  // the page is under a kilobyte.
  const page = assetsAtRoot
    ? [
        {
          encoding: undefined,
          body: Buffer.from(
            html.replace(NAMED_ASSET, (named, name: string) => named.replace(`./${name}`, `/${name}`)),
          ),
        },
      ]
    : index;
  files.set('/index.html', { copies: page, immutable: false });
  for (const [, name] of html.matchAll(NAMED_ASSET)) {
    if (name === undefined || name.includes('..')) continue;
    const copies = readCopies(root, name);
    if (copies.some((c) => c.encoding === undefined)) files.set(`/${name}`, { copies, immutable: true });
  }
  return files;
}

function readCopies(root: string, name: string): Copy[] {
  const copies: Copy[] = [];
  for (const { encoding, suffix } of COPIES) {
    try {
      copies.push({ encoding, body: readFileSync(join(root, `${name}${suffix}`)) });
    } catch {
      // No such copy: the build compresses only what gains from it.
    }
  }
  return copies;
}
