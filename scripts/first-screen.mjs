// The page's first screen as the build made it: the scripts index.html loads before anything
// else (its entries and their static imports, read from Vite's manifest), with their size on the
// wire (the brotli copy the bridge serves, or the file itself when too small to be compressed),
// checked against the budget in scripts/first-screen-budget.mjs. No browser: exact and fast.
//
//   node scripts/first-screen.mjs [dist/client]   prints the first screen; exit 1 if over budget
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { FIRST_SCREEN_BUDGET } from './first-screen-budget.mjs';
import { worthAVariant } from './precompress.mjs';

export const DEFAULT_CLIENT_DIR = fileURLToPath(new URL('../dist/client/', import.meta.url));
const MANIFEST = join('.vite', 'manifest.json');

/**
 * The chunks on the first screen: every script index.html names and what they import statically,
 * transitively (dynamic imports are not followed: they load when the code asks for them).
 * Throws, saying what to run, when there is no build.
 */
export function firstScreenChunks(clientDir = DEFAULT_CLIENT_DIR) {
  const manifestPath = join(clientDir, MANIFEST);
  const htmlPath = join(clientDir, 'index.html');
  if (!existsSync(manifestPath) || !existsSync(htmlPath)) {
    throw new Error(
      `no build of the page at ${clientDir} (${existsSync(htmlPath) ? MANIFEST : 'index.html'} missing): ` +
        'run `npm run build` (or `npm run build:client`) first',
    );
  }
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  const html = readFileSync(htmlPath, 'utf8');
  // What index.html names (its entries' scripts, module preloads), and what those import.
  const keys = Object.keys(manifest).filter((key) => html.includes(`"./${manifest[key].file}"`));
  const seen = new Set();
  while (keys.length > 0) {
    const key = keys.pop();
    if (seen.has(key) || manifest[key] === undefined) continue;
    seen.add(key);
    keys.push(...(manifest[key].imports ?? []));
  }
  return [...seen]
    .filter((key) => manifest[key].file.endsWith('.js'))
    .map((key) => {
      const chunk = manifest[key];
      const path = join(clientDir, chunk.file);
      return {
        name: chunkName(key, chunk),
        file: chunk.file,
        wireBytes: wireSize(path),
        modules: mainModules(path),
      };
    })
    .sort((a, b) => b.wireBytes - a.wireBytes);
}

/**
 * The first screen against the budget: the total, and any chunk not among the budget's known
 * ones (a module that moved onto the first screen by accident shows up as a chunk of its own, or
 * as a known chunk grown past the total).
 */
export function checkFirstScreen(clientDir = DEFAULT_CLIENT_DIR, budget = FIRST_SCREEN_BUDGET) {
  const chunks = firstScreenChunks(clientDir);
  const totalBytes = chunks.reduce((sum, chunk) => sum + chunk.wireBytes, 0);
  const limitBytes = budget.floorBytes + budget.headroomBytes;
  const known = new Set(budget.chunks);
  const unexpected = chunks.filter((chunk) => !known.has(chunk.name));
  const problems = [];
  if (unexpected.length > 0) {
    problems.push(
      `${unexpected.length} chunk(s) moved onto the first screen (loaded before the tool list can show):\n` +
        unexpected.map((chunk) => `  ${describe(chunk)}`).join('\n'),
    );
  }
  if (totalBytes > limitBytes) {
    problems.push(
      `the first screen's JS is ${kb(totalBytes)} brotli, over its budget of ${kb(limitBytes)} ` +
        `(the floor page's ${kb(budget.floorBytes)} + ${kb(budget.headroomBytes)}); its largest chunks:\n` +
        chunks
          .slice(0, 5)
          .map((chunk) => `  ${describe(chunk)}`)
          .join('\n'),
    );
  }
  if (problems.length > 0) {
    problems.push(
      'Load what the first screen does not show with import() (client/lazyFeatures.ts, client/afterFirstScreen.ts); ' +
        'to accept the growth knowingly, change scripts/first-screen-budget.mjs as its comment says.',
    );
  }
  return { chunks, totalBytes, limitBytes, problems };
}

export function describe(chunk) {
  return `${chunk.name} (${chunk.file}, ${kb(chunk.wireBytes)})${chunk.modules.length > 0 ? `: ${chunk.modules.join(', ')}` : ''}`;
}

export const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

/** Vite's name for a chunk: its source for an entry or a module of its own, else its name. */
function chunkName(key, chunk) {
  if (chunk.src !== undefined && !chunk.src.includes('node_modules')) return chunk.src;
  return chunk.name ?? key;
}

function wireSize(path) {
  if (existsSync(`${path}.br`)) return readFileSync(`${path}.br`).length;
  // No copy beside it (a build not precompressed): what precompress.mjs would serve.
  const bytes = readFileSync(path);
  const br = zlib.brotliCompressSync(bytes, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    },
  });
  return worthAVariant(br, bytes) ? br.length : bytes.length;
}

/** The packages and source folders a chunk holds, from its source map, for the message. */
function mainModules(path) {
  if (!existsSync(`${path}.map`)) return [];
  const { sources = [] } = JSON.parse(readFileSync(`${path}.map`, 'utf8'));
  const names = new Set();
  for (const source of sources) {
    const inPackage = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source);
    names.add(inPackage ? inPackage[1] : source.replace(/^(?:\.\.\/)+/, '').replace(/\/[^/]+$/, '/'));
  }
  const shown = [...names].slice(0, 4);
  return names.size > shown.length ? [...shown, `${names.size - shown.length} more`] : shown;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    const { chunks, totalBytes, limitBytes, problems } = checkFirstScreen(
      process.argv[2] ?? DEFAULT_CLIENT_DIR,
    );
    for (const chunk of chunks)
      console.log(`  ${kb(chunk.wireBytes).padStart(9)}  ${chunk.name}  ${chunk.file}`);
    console.log(`first screen: ${chunks.length} scripts, ${kb(totalBytes)} brotli; budget ${kb(limitBytes)}`);
    for (const problem of problems) console.error(problem);
    process.exitCode = problems.length > 0 ? 1 : 0;
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exitCode = 1;
  }
}
