import { readBoundedText } from '../files/boundedRead.js';
import { EXIT, VerbFailure } from '../session/exitCodes.js';

/**
 * The text of a file a verb was given to read (a recording to serve, a snapshot to compare): one
 * that cannot be read, or is over the limits every file is held to (size, lines, nesting), ends
 * the verb as a usage failure (exit 1) naming it and why, in one line.
 */
export function readInputFile(path: string): string {
  const read = readBoundedText(path);
  if ('error' in read) throw new VerbFailure(EXIT.usage, 'usage', read.error);
  return read.text;
}
