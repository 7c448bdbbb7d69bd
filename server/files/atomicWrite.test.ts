// writeFileAtomic against a planted link: a symlink at the old temporary name
// (`<file>.<pid>.tmp`) and at other guessable ones is never written through; the file it points
// to keeps its bytes, and the save still lands, 0600 when private.
import { lstatSync, readFileSync, readdirSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { plantLinks, VICTIM_TEXT } from '../testSupport/plantedLinks.js';
import { scratchDir } from '../testSupport/scratchDir.js';
import { writeFileAtomic } from './atomicWrite.js';

describe('writeFileAtomic', () => {
  it('never writes through a symlink planted at a temporary name; the save still lands', () => {
    const folder = scratchDir('atomic');
    const file = join(folder, 'saved.json');
    const victims = plantLinks(file, scratchDir('atomic-victims'));
    writeFileAtomic(file, '{"saved": true}\n', 'private');
    expect(readFileSync(file, 'utf8')).toBe('{"saved": true}\n');
    for (const victim of victims) expect(readFileSync(victim, 'utf8')).toBe(VICTIM_TEXT);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    // Nothing left behind but the file and the links planted.
    expect(readdirSync(folder).filter((name) => !lstatSync(join(folder, name)).isSymbolicLink())).toEqual([
      'saved.json',
    ]);
  });

  it('replaces a symlink at the file itself instead of writing to what it points to', () => {
    const folder = scratchDir('atomic-self');
    const victim = join(scratchDir('atomic-self-victim'), 'victim.txt');
    writeFileSync(victim, VICTIM_TEXT);
    const file = join(folder, 'tokens.json');
    symlinkSync(victim, file);
    writeFileAtomic(file, 'new\n', 'private');
    expect(readFileSync(victim, 'utf8')).toBe(VICTIM_TEXT);
    expect(lstatSync(file).isSymbolicLink()).toBe(false);
    expect(readFileSync(file, 'utf8')).toBe('new\n');
  });

  it('overwrites an existing file whole; shared follows the umask, private is 0600 even over a 0644 file', () => {
    const folder = scratchDir('atomic-over');
    const file = join(folder, 'snapshot.json');
    writeFileSync(file, 'old', { mode: 0o644 });
    writeFileAtomic(file, 'newer', 'private');
    expect(readFileSync(file, 'utf8')).toBe('newer');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    writeFileAtomic(file, 'shared', 'shared');
    const plain = join(folder, 'plain.json');
    writeFileSync(plain, 'as any new file');
    expect(statSync(file).mode & 0o777).toBe(statSync(plain).mode & 0o777);
  });

  it('a folder it cannot write in fails with the error, leaving nothing', () => {
    expect(() => writeFileAtomic('/proc/no-such-folder/x.json', 'x', 'private')).toThrow(/ENOENT/);
  });
});
