import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const folders = new Set<string>();
let removeOnExit = false;

/**
 * A temporary folder for a spec's files, removed when the worker process exits.
 *
 * Not by a file-level `test.afterAll`: the suite runs fully parallel, so a worker may run a file's
 * tests in several groups, running that hook after each while the file's module (and its folder
 * path) stays loaded; the next group then found its folder gone.
 */
export function scratchFolder(prefix: string): string {
  const folder = mkdtempSync(join(tmpdir(), prefix));
  folders.add(folder);
  if (!removeOnExit) {
    removeOnExit = true;
    // Only synchronous work runs in 'exit'.
    process.once('exit', () => {
      for (const each of folders) rmSync(each, { recursive: true, force: true });
    });
  }
  return folder;
}
