import { readFileSync } from 'node:fs';
import { EXIT, VerbFailure } from './exitCodes.js';

/**
 * The text of a file a verb was given to read (a recording to serve, a snapshot to compare): one
 * that cannot be read ends the verb as a usage failure (exit 1) naming it and why.
 */
export function readInputFile(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    throw new VerbFailure(
      EXIT.usage,
      'usage',
      `cannot read ${path}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
    );
  }
}
