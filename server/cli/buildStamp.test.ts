import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sourceFingerprint } from '../../scripts/build-stamp.mjs';
import { scratchDir } from '../testSupport/scratchDir.js';

// `npm run inspect` builds again only when this fingerprint differs from the one the last
// build wrote into dist/.
describe('the build fingerprint', () => {
  const checkout = (): string => {
    const root = scratchDir('build-stamp');
    for (const folder of ['client', 'server/demo', 'shared'])
      mkdirSync(join(root, folder), { recursive: true });
    writeFileSync(join(root, 'package.json'), '{}');
    writeFileSync(join(root, 'server/cli.ts'), 'export {};');
    writeFileSync(join(root, 'server/demo/demoServer.ts'), 'export {};');
    writeFileSync(join(root, 'server/cli.test.ts'), 'test();');
    return root;
  };

  it('is the same for the same sources', () => {
    const root = checkout();
    expect(sourceFingerprint(root)).toBe(sourceFingerprint(root));
  });

  it('changes with a source, a new file, the lock file', () => {
    const root = checkout();
    const before = sourceFingerprint(root);
    writeFileSync(join(root, 'server/demo/demoServer.ts'), 'export const x = 1;');
    const edited = sourceFingerprint(root);
    expect(edited).not.toBe(before);
    writeFileSync(join(root, 'shared/new.ts'), 'export {};');
    const added = sourceFingerprint(root);
    expect(added).not.toBe(edited);
    writeFileSync(join(root, 'package-lock.json'), '{}');
    expect(sourceFingerprint(root)).not.toBe(added);
  });

  it('ignores tests, which are not built', () => {
    const root = checkout();
    const before = sourceFingerprint(root);
    writeFileSync(join(root, 'server/cli.test.ts'), 'test("another");');
    expect(sourceFingerprint(root)).toBe(before);
  });
});
