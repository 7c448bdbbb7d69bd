import { symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const VICTIM_TEXT = 'the victim, untouched\n';

/**
 * An attacker's symlinks beside `file`: at the temporary name the old writers used
 * (`<file>.<pid>.tmp`, this process's pid, as a bridge in-process has) and at other guessable
 * ones, each pointing to a victim file of its own in `victimFolder`. A writer that follows any of
 * them changes its victim.
 */
export function plantLinks(file: string, victimFolder: string): string[] {
  const guessable = [`${file}.${process.pid}.tmp`, `${file}.tmp`, `${file}~`, `${file}.new`];
  return guessable.map((name, index) => {
    const victim = join(victimFolder, `victim-${index}.txt`);
    writeFileSync(victim, VICTIM_TEXT);
    symlinkSync(victim, name);
    return victim;
  });
}
