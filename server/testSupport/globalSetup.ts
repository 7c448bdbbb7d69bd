import { copyFile, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { buildServer } from '../../scripts/build-server.mjs';
import { dropExtraCaBundle } from '../../scripts/testEnvironment.mjs';

/**
 * The CLI and the demo server as the package ships them (bundled by scripts/build-server.mjs),
 * for the tests that run them as child processes (exit codes, signals, orphans, memory). Built
 * from this checkout's sources once per run, and again on each rerun of watch mode, into a
 * folder of this run's own under .tmp/: inside the checkout, so `ws` resolves from its
 * node_modules. Through tsx each such start cost about a second more (the CLI's link printed
 * after 1.9 s against 0.8 s, on a busy two-core machine), and those tests start some thirty.
 */
const ROOT = fileURLToPath(new URL('../../', import.meta.url));

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // Before the pool starts its workers, which take this process's environment.
  dropExtraCaBundle();
  await mkdir(join(ROOT, '.tmp'), { recursive: true });
  const dir = await mkdtemp(join(ROOT, '.tmp', 'unit-build-'));
  // The CLIs the tests start take captured sessions (docs/capture.md): in this run's own state
  // folder, never the person's, whose rendezvous they would take over from an open page.
  process.env.MCP_INSPECT_STATE_DIR ??= join(dir, 'state');
  await build(dir);
  project.provide('unitBuildDir', dir);
  project.onTestsRerun(() => build(dir));
  return () => rm(dir, { recursive: true, force: true });
}

async function build(dir: string): Promise<void> {
  // Where the CLI reads its name and version, as in the package.
  await copyFile(join(ROOT, 'package.json'), join(dir, 'package.json'));
  await buildServer(dir, { sourcemap: false });
}
