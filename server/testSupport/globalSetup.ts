import { copyFile, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { transformWithOxc } from 'vite';
import type { TestProject } from 'vitest/node';

/**
 * The server's sources as JavaScript, for the tests that run the CLI or the demo as a child
 * process (exit codes, signals, orphans, memory). Through tsx each such start cost about a
 * second more than from JavaScript (the CLI's link printed after 1.9 s against 0.8 s, on a busy
 * two-core machine), and those tests start some thirty. Transpiled file by file as tsx does
 * (types stripped, nothing bundled, the same layout as dist/), once per run and again on each
 * rerun of watch mode, into a folder of this run's own under .tmp/: inside the checkout, so the
 * packages resolve from its node_modules.
 */
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const SOURCES = ['server', 'shared'];

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  await mkdir(join(ROOT, '.tmp'), { recursive: true });
  const dir = await mkdtemp(join(ROOT, '.tmp', 'unit-build-'));
  await build(dir);
  project.provide('unitBuildDir', dir);
  project.onTestsRerun(() => build(dir));
  return () => rm(dir, { recursive: true, force: true });
}

async function build(dir: string): Promise<void> {
  // Where the CLI reads its name and version, and what makes the files ES modules, as in dist/.
  await copyFile(join(ROOT, 'package.json'), join(dir, 'package.json'));
  const files = (await Promise.all(SOURCES.map((folder) => sourcesIn(join(ROOT, folder))))).flat();
  await Promise.all(
    files.map(async (file) => {
      const { code } = await transformWithOxc(await readFile(file, 'utf8'), file, { lang: 'ts' });
      const out = join(dir, relative(ROOT, file)).replace(/\.ts$/, '.js');
      await mkdir(dirname(out), { recursive: true });
      await writeFile(out, code);
    }),
  );
}

/** The .ts files a build ships: no tests, no test support. */
async function sourcesIn(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts'))
    .map((entry) => join(entry.parentPath, entry.name))
    .filter((file) => !file.includes(join('server', 'testSupport')));
}
