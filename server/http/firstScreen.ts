import { readFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import type { NextFunction, Request, Response } from 'express';
import { acceptedEncodings } from './precompressed.js';

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

const COPIES = [
  { encoding: 'br', suffix: '.br' },
  { encoding: 'gzip', suffix: '.gz' },
  { encoding: undefined, suffix: '' },
] as const;

/** The build's own files that index.html names (`./assets/…` in src or href). */
const NAMED_ASSET = /(?:src|href)="\.\/(assets\/[^"?#]+)"/g;

/**
 * The page's first screen, index.html and the files it names (scripts, module preloads, the
 * stylesheet), read once at start and served from memory: the browser asks for all of them at
 * once as soon as the bridge is up, and a request answered from memory takes a fraction of the
 * file-serving path, cold as that path is in a bridge that just started (measured: the first
 * requests of a fresh bridge took 20–30 ms each through `send`, 2–4 ms once warm). Anything else,
 * and a build without index.html, falls through to the other static handlers.
 */
export function serveFirstScreen(root: string) {
  const files = readFirstScreen(root);
  return (req: Request, res: Response, next: NextFunction): void => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const path = req.path === '/' ? '/index.html' : req.path;
    const file = files.get(path);
    if (file === undefined) return next();
    const accepted = acceptedEncodings(req.headers['accept-encoding']);
    const copy = file.copies.find((c) => c.encoding === undefined || accepted.has(c.encoding));
    if (copy === undefined) return next();
    res.vary('Accept-Encoding');
    res.type(extname(path));
    if (copy.encoding !== undefined) res.setHeader('Content-Encoding', copy.encoding);
    res.setHeader('Content-Length', copy.body.length);
    res.setHeader('Cache-Control', file.immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    res.end(req.method === 'HEAD' ? undefined : copy.body);
  };
}

function readFirstScreen(root: string): Map<string, StoredFile> {
  const files = new Map<string, StoredFile>();
  const index = readCopies(root, 'index.html');
  const html = index.find((c) => c.encoding === undefined)?.body.toString('utf8');
  if (html === undefined) return files;
  files.set('/index.html', { copies: index, immutable: false });
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
