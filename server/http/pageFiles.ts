import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname } from 'node:path';

/**
 * The types of the files the page's build writes, as Express names them (mime-types'
 * `contentType`): the first screen and the built assets are answered in plain Node, before
 * Express has loaded (bridgeListener.ts), and must be typed as Express would type them.
 */
const PAGE_FILE_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.ttf': 'font/ttf',
  '.woff2': 'font/woff2',
  '.svg': 'image/svg+xml',
};

/** The type of a page file by its name; undefined for a kind the build does not write. */
export function pageFileType(path: string): string | undefined {
  return PAGE_FILE_TYPES[extname(path)];
}

/** A request target's path, without its query (as Express's `req.path`). */
export function requestPath(req: IncomingMessage): string {
  const target = req.url ?? '/';
  const query = target.indexOf('?');
  return query === -1 ? target : target.slice(0, query);
}

/** One copy of a page file as it is sent: its bytes, type, coding and how long a browser keeps it. */
export interface PageFileReply {
  body: Buffer;
  type: string;
  /** `br` or `gzip`; undefined for the plain file. */
  encoding: string | undefined;
  /** Hashed names never change content: kept for good; anything else is asked again each time. */
  immutable: boolean;
}

/** Sends a page file (no body for HEAD), keyed by what the browser accepts for any cache between. */
export function sendPageFile(req: IncomingMessage, res: ServerResponse, file: PageFileReply): void {
  res.setHeader('Vary', 'Accept-Encoding');
  res.setHeader('Content-Type', file.type);
  if (file.encoding !== undefined) res.setHeader('Content-Encoding', file.encoding);
  res.setHeader('Content-Length', file.body.length);
  res.setHeader('Cache-Control', file.immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
  res.end(req.method === 'HEAD' ? undefined : file.body);
}
