import {
  closeSync,
  fchmodSync,
  fsyncSync,
  mkdtempSync,
  openSync,
  renameSync,
  rmSync,
  writeSync,
} from 'node:fs';
import { basename, dirname, join } from 'node:path';

/**
 * Who may read the file: `private` (0600) for what a person typed or a token; `shared` follows the
 * umask; a number is the exact mode (a rewritten config keeps the one it had).
 */
export type WriteAccess = 'private' | 'shared';

/**
 * Writes a file whole or not at all, and never through a link someone else planted.
 *
 * The text goes to a new file in a temporary folder of its own, made by mkdtemp beside the
 * target (random name, mode 0700, so nobody can guess or enter it), created exclusively
 * (`wx`: `O_CREAT|O_EXCL`, which refuses to open an existing file or a symlink), flushed, then
 * renamed over the target. rename replaces a symlink at the target's own path rather than
 * following it. The old way, `<file>.<pid>.tmp` opened with `w`, wrote through whatever link
 * stood at that guessable name. The folder is removed in every case.
 */
export function writeFileAtomic(
  path: string,
  text: string | Uint8Array,
  access: WriteAccess | number,
  beforeRename?: () => void,
): void {
  // Beside the target, so rename stays on one filesystem; dot-named, so a listing hides it.
  const folder = mkdtempSync(join(dirname(path), `.${basename(path)}.`));
  try {
    const temporary = join(folder, 'file');
    const mode = typeof access === 'number' ? access : access === 'private' ? 0o600 : 0o666;
    const fd = openSync(temporary, 'wx', mode);
    try {
      const bytes = typeof text === 'string' ? Buffer.from(text, 'utf8') : text;
      for (let written = 0; written < bytes.length;)
        written += writeSync(fd, bytes, written, bytes.length - written);
      // On disk before the rename, so a crash leaves the old file or the new one, never an empty one.
      fsyncSync(fd);
      // An exact mode (a host config keeps its own) is not left to the umask.
      if (typeof access === 'number') fchmodSync(fd, access);
    } finally {
      closeSync(fd);
    }
    // Last look before the file is replaced: a caller refuses here if the target changed meanwhile.
    beforeRename?.();
    renameSync(temporary, path);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
