import { closeSync, fchmodSync, fstatSync, openSync } from 'node:fs';

/**
 * Owner-only: what the verbs write for a person to keep (a `--traffic` capture, a `test` report)
 * holds the arguments as they were typed and what the server answered, as a collection does.
 */
export const PRIVATE_FILE_MODE = 0o600;

/**
 * Opens a capture or report file for writing, created owner-only (0600). A file that was already
 * there is made owner-only too, since it is about to hold the same; anything that is not a regular
 * file (`/dev/null`, a terminal, a FIFO) is written as it is and keeps its mode.
 */
export function openPrivateFile(path: string): number {
  const fd = openSync(path, 'w', PRIVATE_FILE_MODE);
  try {
    if (fstatSync(fd).isFile()) fchmodSync(fd, PRIVATE_FILE_MODE);
  } catch (error) {
    closeSync(fd);
    throw error;
  }
  return fd;
}
