import {
  closeSync,
  constants,
  fchmodSync,
  fsyncSync,
  lstatSync,
  openSync,
  readFileSync,
  readlinkSync,
  renameSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import path from 'node:path';

/** A file that cannot be read or written safely, in words for the person. */
export class FileRefusal extends Error {}

/** O_NOFOLLOW is POSIX; Windows has no such flag (nor symlinks a user makes without rights). */
const NO_FOLLOW = constants.O_NOFOLLOW ?? 0;

/**
 * The bytes of a file that is not a symbolic link. A config that is one (a dotfiles manager's) is
 * refused, naming where it points: writing the file would either replace the link or go through
 * it, and neither is for wrap to decide.
 */
export function readPlainFile(file: string): { bytes: Buffer; mode: number } {
  let stat;
  try {
    stat = lstatSync(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new FileRefusal(
      code === 'ENOENT' ? `no such file: ${file}` : `cannot read ${file}: ${code ?? String(error)}`,
    );
  }
  if (stat.isSymbolicLink())
    throw new FileRefusal(
      `${file} is a symbolic link (to ${readlinkSync(file)}): give the file it points to, so that it is the one changed`,
    );
  if (!stat.isFile()) throw new FileRefusal(`${file} is not a file`);
  const fd = openSync(file, constants.O_RDONLY | NO_FOLLOW);
  try {
    return { bytes: readFileSync(fd), mode: stat.mode & 0o777 };
  } finally {
    closeSync(fd);
  }
}

/** The temporary file beside `file`, whose rename makes the write atomic. */
export function tempPathFor(file: string): string {
  return path.join(path.dirname(file), `.${path.basename(file)}.mcp-inspect-tmp`);
}

/**
 * Writes `bytes` to `file` whole or not at all: a temporary file in the same folder, created
 * exclusively (never opened through a symbolic link someone left at its name), synced, then
 * renamed over the file. `expected`: what the file must still hold just before the rename (a host
 * that rewrote it meanwhile is not overwritten). `mode`: the new file's permissions.
 */
export function writeFileAtomic(
  file: string,
  bytes: Buffer,
  options: { mode: number; expected?: Buffer },
): void {
  const temp = tempPathFor(file);
  const fd = createExclusive(temp, options.mode);
  try {
    try {
      for (let written = 0; written < bytes.length;)
        written += writeSync(fd, bytes, written, bytes.length - written);
      fchmodSync(fd, options.mode);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    if (options.expected !== undefined) {
      const now = readPlainFile(file).bytes;
      if (!now.equals(options.expected))
        throw new FileRefusal(
          `${file} changed while it was being rewritten (the host saved it?): nothing written; run it again`,
        );
    }
    renameSync(temp, file);
  } catch (error) {
    unlinkQuietly(temp);
    throw error;
  }
}

function createExclusive(temp: string, mode: number): number {
  const flags = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | NO_FOLLOW;
  try {
    return openSync(temp, flags, mode);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw refusal(temp, error);
  }
  // Something is at the temporary name. A symbolic link is never followed nor removed: someone put
  // it there. A plain file is what a write cut short left behind: it goes, and the create is retried.
  if (lstatSync(temp).isSymbolicLink())
    throw new FileRefusal(
      `${temp} is a symbolic link: not writing through it (remove it if it is yours): nothing written`,
    );
  unlinkSync(temp);
  try {
    return openSync(temp, flags, mode);
  } catch (error) {
    throw refusal(temp, error);
  }
}

function refusal(file: string, error: unknown): FileRefusal {
  return new FileRefusal(`cannot write ${file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
}

function unlinkQuietly(file: string): void {
  try {
    unlinkSync(file);
  } catch {
    // Already gone.
  }
}
