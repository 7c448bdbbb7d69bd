// The bridge's start as the build made it: the files the CLI compiles and runs before the bridge
// attaches to its listener (cli.js and the two chunks it imports for the page, bridgeListener
// and bridgeServer, with their static imports, transitively; dynamic imports load when asked),
// checked against scripts/bridge-start-budget.mjs. Read from the files: exact and fast.
//
//   node scripts/bridge-start.mjs [dist/server]   prints them; exit 1 if over budget
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BRIDGE_START_BUDGET } from './bridge-start-budget.mjs';
import { kb } from './first-screen.mjs';

export const DEFAULT_SERVER_DIR = fileURLToPath(new URL('../dist/server/', import.meta.url));
/** The chunks cli.js imports, by name, on its way to the page (server/cli/cli.ts). */
const START_CHUNKS = ['bridgeListener', 'bridgeServer'];
/** A static import in esbuild's output (`import{a as b}from"./chunk-X.js"`, `import"./x.js"`). */
const STATIC_IMPORT = /(?:^|[;\n}])\s*import\s*(?:[\w$*{}\s,]+?\s*from\s*)?["'](\.\/[^"']+)["']/g;

/** The start's files, each with its size. Throws, saying what to run, when there is no build. */
export function bridgeStartFiles(serverDir = DEFAULT_SERVER_DIR) {
  if (!existsSync(join(serverDir, 'cli.js'))) {
    throw new Error(
      `no build of the CLI at ${serverDir}: run \`npm run build\` (or \`npm run build:server\`) first`,
    );
  }
  const names = readdirSync(serverDir);
  const roots = ['cli.js'];
  for (const chunk of START_CHUNKS) {
    const file = names.find((name) => name.startsWith(`${chunk}-`) && name.endsWith('.js'));
    if (file === undefined)
      throw new Error(`no ${chunk} chunk in ${serverDir}: the build's chunk names changed`);
    roots.push(file);
  }
  const files = new Map();
  const visit = (file) => {
    if (files.has(file)) return;
    const text = readFileSync(join(serverDir, file), 'utf8');
    files.set(file, { file, bytes: Buffer.byteLength(text), text });
    for (const match of text.matchAll(STATIC_IMPORT)) visit(match[1].slice(2));
  };
  roots.forEach(visit);
  return [...files.values()];
}

/** The start's files, their total, and what is wrong with them against the budget. */
export function checkBridgeStart(serverDir = DEFAULT_SERVER_DIR, budget = BRIDGE_START_BUDGET) {
  const files = bridgeStartFiles(serverDir);
  const totalBytes = files.reduce((sum, file) => sum + file.bytes, 0);
  const problems = [];
  if (totalBytes > budget.maxBytes) {
    problems.push(
      `the bridge's start is ${kb(totalBytes)}, over its budget of ${kb(budget.maxBytes)} ` +
        '(scripts/bridge-start-budget.mjs says how to change it knowingly)',
    );
  }
  for (const [what, marker] of Object.entries(budget.absent)) {
    const holder = files.find((file) => file.text.includes(marker));
    if (holder !== undefined) {
      problems.push(
        `loaded before the bridge attaches: ${what}, in ${holder.file} (load it when it is asked for)`,
      );
    }
  }
  return {
    files: files.map(({ file, bytes }) => ({ file, bytes })),
    totalBytes,
    limitBytes: budget.maxBytes,
    problems,
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { files, totalBytes, limitBytes, problems } = checkBridgeStart(process.argv[2] ?? DEFAULT_SERVER_DIR);
  for (const { file, bytes } of files.sort((a, b) => b.bytes - a.bytes))
    console.log(`${kb(bytes).padStart(10)}  ${file}`);
  console.log(`${kb(totalBytes).padStart(10)}  in all (budget ${kb(limitBytes)})`);
  for (const problem of problems) console.error(`  ✗ ${problem}`);
  process.exitCode = problems.length === 0 ? 0 : 1;
}
