import { readdirSync, type Dirent } from 'node:fs';
import { extname, join, sep } from 'node:path';
import type { NextFunction, Request, Response } from 'express';

/** The compressed copies build:client writes beside a file (scripts/precompress.mjs), best first. */
export const COMPRESSED_COPIES = [
  { encoding: 'br', suffix: '.br' },
  { encoding: 'gzip', suffix: '.gz' },
] as const;

/**
 * Serves the build's precompressed copies of the page's files (brotli, else gzip) to a browser
 * that accepts them, with `Content-Encoding` and `Vary: Accept-Encoding`; anything else falls
 * through to the plain files. The copies are listed once at start: the build does not change
 * under a running bridge, and a request costs no disk lookup to find them.
 */
export function servePrecompressed(root: string) {
  const variants = listVariants(root);
  return (req: Request, res: Response, next: NextFunction): void => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const path = req.path.endsWith('/') ? `${req.path}index.html` : req.path;
    const available = variants.get(path);
    if (available === undefined) return next();
    // Whichever copy goes out, a cache must key it by what the browser accepts.
    res.vary('Accept-Encoding');
    const accepted = acceptedEncodings(req.headers['accept-encoding']);
    const encoding = COMPRESSED_COPIES.find((e) => available.has(e.encoding) && accepted.has(e.encoding));
    if (encoding === undefined) return next();
    res.setHeader('Content-Encoding', encoding.encoding);
    // The type of the file, not of its compressed copy (send keeps a type already set).
    res.type(extname(path));
    // The path is given relative to `root`, so that only the part under it is checked for dot
    // segments: the package itself lives under dotted folders wherever npx (~/.npm/_npx) or
    // nvm (~/.nvm) installs it, and send refuses an absolute path through them.
    res.sendFile(`.${path}${encoding.suffix}`, { root, acceptRanges: false, dotfiles: 'deny' }, (error) => {
      if (error) next(error);
    });
  };
}

/** URL path (`/assets/x.js`) → the encodings it has a copy in. */
function listVariants(root: string): Map<string, Set<string>> {
  const variants = new Map<string, Set<string>>();
  for (const name of filesUnder(root)) {
    const encoding = COMPRESSED_COPIES.find((e) => name.endsWith(e.suffix));
    if (encoding === undefined) continue;
    const path = `/${name.slice(0, -encoding.suffix.length).split(sep).join('/')}`;
    const set = variants.get(path) ?? new Set<string>();
    set.add(encoding.encoding);
    variants.set(path, set);
  }
  return variants;
}

/**
 * The files under `dir`, as paths relative to it; none when it cannot be read. By hand, not
 * `readdirSync(dir, { recursive: true })`, which stats every entry to learn whether it is a
 * folder (Node 20): 18 ms of the bridge's start for the page's 400 files, where each listing's
 * entries already say it.
 */
function filesUnder(dir: string, prefix = ''): string[] {
  let entries: Dirent[];
  try {
    entries = readdirSync(join(dir, prefix), { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.flatMap((entry) => {
    const path = prefix === '' ? entry.name : join(prefix, entry.name);
    return entry.isDirectory() ? filesUnder(dir, path) : [path];
  });
}

/** The codings an `Accept-Encoding` header allows (q > 0); `*` allows any. */
export function acceptedEncodings(header: string | string[] | undefined): Set<string> {
  const accepted = new Set<string>();
  const refused = new Set<string>();
  const text = Array.isArray(header) ? header.join(',') : (header ?? '');
  for (const part of text.split(',')) {
    const [coding = '', ...params] = part.trim().toLowerCase().split(';');
    if (coding === '') continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q !== undefined && !(Number(q.slice(2)) > 0)) refused.add(coding);
    else accepted.add(coding);
  }
  if (accepted.has('*')) {
    for (const { encoding } of COMPRESSED_COPIES) if (!refused.has(encoding)) accepted.add(encoding);
  }
  for (const coding of refused) accepted.delete(coding);
  return accepted;
}
