// What `npm run inspect` (and `npm start`) checks before building: a fingerprint of every input
// of the build (sources, build scripts and configs, the lock file), written into dist/ by the
// build itself. A second start with nothing changed skips the ~15 s build and starts at once.
//
//   node scripts/build-stamp.mjs write     after a build: record what it was built from
//   node scripts/build-stamp.mjs ensure    build (npm run build) unless dist/ matches the sources
import { execSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const STAMP = join(ROOT, 'dist', '.build-stamp');
const INPUT_FOLDERS = ['client', 'server', 'shared', 'scripts'];
const INPUT_FILES = ['package.json', 'package-lock.json', 'vite.config.ts', 'tsconfig.base.json'];
/** Tests and their helpers are not built into dist/: changing them needs no new build. */
const NOT_BUILT = /(\.test\.tsx?$|\/testSupport\/)/;

/** A hash of the path and bytes of every file the build reads. */
export function sourceFingerprint(root = ROOT) {
  const hash = createHash('sha256');
  const files = [
    ...INPUT_FILES.map((name) => join(root, name)),
    ...INPUT_FOLDERS.flatMap((folder) => listFiles(root, folder)),
  ];
  for (const file of files.sort()) {
    const name = relative(root, file).split('\\').join('/');
    if (NOT_BUILT.test(name) || !existsSync(file)) continue;
    hash.update(`${name}\0`).update(readFileSync(file)).update('\0');
  }
  return hash.digest('hex');
}

function listFiles(root, folder) {
  if (!existsSync(join(root, folder))) return [];
  return readdirSync(join(root, folder), { recursive: true })
    .map((name) => join(root, folder, name))
    .filter((path) => statSync(path).isFile());
}

function builtFingerprint() {
  try {
    return readFileSync(STAMP, 'utf8').trim();
  } catch {
    return undefined;
  }
}

// Imported (by its test) it only exports; run, it does what it is asked.
const [command] = import.meta.url === pathToFileURL(process.argv[1] ?? '').href ? process.argv.slice(2) : [];
if (command === 'write') {
  writeFileSync(STAMP, `${sourceFingerprint()}\n`);
} else if (command === 'ensure') {
  if (builtFingerprint() === sourceFingerprint() && existsSync(join(ROOT, 'dist/server/cli.js'))) {
    console.log('build: dist/ is up to date with the sources (`npm run build` forces a new one)');
  } else {
    console.log('build: the sources changed since the last build (or there is none): building…');
    execSync('npm run build', { cwd: ROOT, stdio: 'inherit' });
  }
} else if (command !== undefined) {
  console.error('usage: node scripts/build-stamp.mjs write|ensure');
  process.exit(1);
}
