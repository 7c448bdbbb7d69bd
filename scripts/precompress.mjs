// Writes a brotli (.br) and a gzip (.gz) copy beside each compressible file of the built page, so
// the bridge serves them as they are (server/http/precompressed.ts) instead of compressing per request.
// Usage: node scripts/precompress.mjs [dir], dir defaulting to dist/client; or precompressDir(dir).
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|ttf|wasm|txt)$/;
/**
 * A compressed copy is served with `Content-Encoding` and `Vary` (about 45 bytes of headers):
 * below this many bytes saved it costs more than it saves. Measured on the first screen's small
 * chunks (the entry, the bundler's runtime: 600–700 bytes each), brotli saves 250–350 bytes each,
 * so the old rule (nothing under 1 KB) left ~0.6 KB on the wire before the first tool.
 */
export const MIN_SAVED_BYTES = 64;
/**
 * Brotli's best setting costs ~17 s on Monaco's 4 MB chunk on a busy two-core machine for 9%
 * over quality 9: the best for the first screen's files, 9 for the large lazy chunks.
 */
const BEST_QUALITY_UP_TO_BYTES = 1024 * 1024;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Writes the .br and .gz copies for every compressible file under `root`; returns a summary line. */
export async function precompressDir(root) {
  const started = performance.now();
  const files = (await readdir(root, { recursive: true })).filter((name) => COMPRESSIBLE.test(name));
  let before = 0;
  let afterBrotli = 0;
  await Promise.all(
    files.map(async (name) => {
      const path = join(root, name);
      if (!(await stat(path)).isFile()) return;
      const bytes = await readFile(path);
      if (bytes.length <= MIN_SAVED_BYTES) return;
      const quality = bytes.length <= BEST_QUALITY_UP_TO_BYTES ? 11 : 9;
      const [br, gz] = await Promise.all([
        brotli(bytes, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: quality,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
            [zlib.constants.BROTLI_PARAM_MODE]: name.endsWith('.ttf') ? 0 : zlib.constants.BROTLI_MODE_TEXT,
          },
        }),
        gzip(bytes, { level: 9 }),
      ]);
      // A copy that does not save more than its headers cost is not worth a variant.
      const brWritten = worthAVariant(br, bytes);
      if (brWritten) await writeFile(`${path}.br`, br);
      if (worthAVariant(gz, bytes)) await writeFile(`${path}.gz`, gz);
      before += bytes.length;
      afterBrotli += brWritten ? br.length : bytes.length;
    }),
  );
  const kb = (n) => `${(n / 1024).toFixed(0)} KB`;
  return (
    `precompress: ${files.length} files in ${root}, ${kb(before)} → ${kb(afterBrotli)} with brotli ` +
    `(${((performance.now() - started) / 1000).toFixed(1)} s)`
  );
}

/** Whether a compressed copy saves more than the headers that announce it. */
export function worthAVariant(compressed, original) {
  return original.length - compressed.length > MIN_SAVED_BYTES;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  console.log(
    await precompressDir(process.argv[2] ?? fileURLToPath(new URL('../dist/client', import.meta.url))),
  );
}
