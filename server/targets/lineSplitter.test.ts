import { describe, expect, it } from 'vitest';
import { LineSplitter } from './lineSplitter.js';

function split(chunks: (string | Buffer)[], max = 1024): { lines: string[]; overflows: number[] } {
  const lines: string[] = [];
  const overflows: number[] = [];
  const splitter = new LineSplitter(
    (line) => lines.push(line),
    (bytes) => overflows.push(bytes),
    max,
  );
  for (const chunk of chunks) splitter.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  splitter.end();
  return { lines, overflows };
}

describe('LineSplitter', () => {
  it('joins lines split across chunks and splits chunks holding several lines', () => {
    expect(split(['{"a":', '1}\n{"b"', ':2}\n{"c":3}\n']).lines).toEqual(['{"a":1}', '{"b":2}', '{"c":3}']);
  });

  it('keeps a multi-byte character cut between two chunks whole', () => {
    const bytes = Buffer.from('héllo ✓\n');
    expect(split([bytes.subarray(0, 2), bytes.subarray(2, 9), bytes.subarray(9)]).lines).toEqual(['héllo ✓']);
  });

  it('tolerates CRLF and a last line without newline', () => {
    expect(split(['one\r\ntwo']).lines).toEqual(['one', 'two']);
  });

  it('drops a line over the limit, reports its size, and carries on', () => {
    const { lines, overflows } = split(['x'.repeat(30), 'y'.repeat(30) + '\nok\n'], 50);
    expect(lines).toEqual(['ok']);
    expect(overflows).toEqual([60]);
  });
});
