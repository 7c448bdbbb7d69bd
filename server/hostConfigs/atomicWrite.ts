import { closeSync, constants, lstatSync, openSync, readFileSync, readlinkSync } from 'node:fs';
import { writeFileAtomic as writeAtomic } from '../files/atomicWrite.js';

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

/**
 * Writes `bytes` to `file` whole or not at all, through the project's one atomic writer (a
 * private temporary folder, an exclusive create, never through a link). `expected`: what the
 * file must still hold just before the rename (a host that rewrote it meanwhile is not
 * overwritten). `mode`: the new file's permissions.
 */
export function writeFileAtomic(
  file: string,
  bytes: Buffer,
  options: { mode: number; expected?: Buffer },
): void {
  const { expected } = options;
  try {
    writeAtomic(file, bytes, options.mode, () => {
      if (expected !== undefined && !readPlainFile(file).bytes.equals(expected))
        throw new FileRefusal(
          `${file} changed while it was being rewritten (the host saved it?): nothing written; run it again`,
        );
    });
  } catch (error) {
    if (error instanceof FileRefusal) throw error;
    throw new FileRefusal(`cannot write ${file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
  }
}
