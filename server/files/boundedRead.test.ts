// The one reader of the files a person points mcp-inspect at: size (read with a cap), lines and
// nesting held to limits, each refusal one line naming the file and the limit.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { scratchDir } from '../testSupport/scratchDir.js';
import { FILE_LIMITS, readBoundedText } from './boundedRead.js';

const small = { bytes: 1024, lines: 10, depth: 8 };

describe('readBoundedText', () => {
  it('reads a file within the limits whole', () => {
    const file = join(scratchDir('bounded'), 'ok.json');
    writeFileSync(file, '{"a": [1, 2, {"b": "é"}]}\n');
    expect(readBoundedText(file, small)).toEqual({ text: '{"a": [1, 2, {"b": "é"}]}\n' });
  });

  it('refuses a file over the size, without reading past it (a device that never ends too)', () => {
    const file = join(scratchDir('bounded-size'), 'big.json');
    writeFileSync(file, 'x'.repeat(1025));
    expect(readBoundedText(file, small)).toEqual({
      error: `${file} is larger than the 1024 bytes mcp-inspect reads of a file`,
    });
    expect(readBoundedText('/dev/zero', small)).toEqual({
      error: '/dev/zero is larger than the 1024 bytes mcp-inspect reads of a file',
    });
  });

  it('refuses more lines than the limit; a final newline starts no line', () => {
    const folder = scratchDir('bounded-lines');
    writeFileSync(join(folder, 'ten.jsonl'), '{}\n'.repeat(10));
    expect(readBoundedText(join(folder, 'ten.jsonl'), small)).toHaveProperty('text');
    writeFileSync(join(folder, 'eleven.jsonl'), '{}\n'.repeat(11));
    expect(readBoundedText(join(folder, 'eleven.jsonl'), small)).toEqual({
      error: `${join(folder, 'eleven.jsonl')} has more lines than the 10 mcp-inspect reads of a file`,
    });
  });

  it('refuses nesting past the limit with its line: the default is the JSON reader’s 512', () => {
    const file = join(scratchDir('bounded-deep'), 'deep.jsonl');
    writeFileSync(file, `{"ok": 1}\n{"deep": ${'['.repeat(200_000)}${']'.repeat(200_000)}}\n`);
    expect(FILE_LIMITS.depth).toBe(512);
    expect(readBoundedText(file)).toEqual({
      error: `${file}: line 2: nested deeper than the 512 levels of arrays and objects mcp-inspect reads`,
    });
  });

  it('a file that cannot be read says why, with the system code', () => {
    const folder = scratchDir('bounded-missing');
    expect(readBoundedText(join(folder, 'none.json'))).toEqual({
      error: `cannot read ${join(folder, 'none.json')}: ENOENT`,
      code: 'ENOENT',
    });
    expect(readBoundedText(folder)).toMatchObject({ code: 'EISDIR' });
  });
});
