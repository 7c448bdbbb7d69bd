import { describe, expect, it } from 'vitest';
import { nextPartEnd } from './markdownParts';

describe('nextPartEnd', () => {
  it('takes a short text whole', () => {
    expect(nextPartEnd('# Title\n\nText.\n', 0, 100)).toBe(15);
  });

  it('cuts a long text at the last blank line within the part', () => {
    const text = '# A\n\nfirst paragraph\n\nsecond paragraph that goes on\nand on\n\nthird';
    const end = nextPartEnd(text, 0, 50);
    // The second paragraph ends past the 50 characters: the part ends before it.
    expect(text.slice(0, end)).toBe('# A\n\nfirst paragraph\n\n');
  });

  it('never cuts at a blank line inside a code fence', () => {
    const text = 'intro paragraph here\n\n```\nline one\n\nline two\n```\n\nafter the code block';
    const end = nextPartEnd(text, 0, 45);
    // The blank line inside the fence is passed over: the cut is at the one before the fence.
    expect(text.slice(0, end)).toBe('intro paragraph here\n\n');
  });

  it('goes on from where the last part ended, and each part is at most the size', () => {
    const text = Array.from({ length: 500 }, (_, n) => `Paragraph ${n} of the skill.\n`).join('\n');
    const ends: number[] = [];
    for (let start = 0; start < text.length; start = ends[ends.length - 1] as number) {
      const end = nextPartEnd(text, start, 1000);
      expect(end).toBeGreaterThan(start);
      expect(end - start).toBeLessThanOrEqual(1000);
      ends.push(end);
    }
    expect(ends[ends.length - 1]).toBe(text.length);
  });

  it('a single line longer than the part is cut at the size, never inside a surrogate pair', () => {
    const text = 'a'.repeat(9) + '😀' + 'b'.repeat(100);
    expect(nextPartEnd(text, 0, 10)).toBe(9);
    expect(nextPartEnd('c'.repeat(100), 0, 10)).toBe(10);
  });
});
