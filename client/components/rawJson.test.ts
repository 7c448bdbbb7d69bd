import { describe, expect, it } from 'vitest';
import { rawJsonForDisplay } from './rawJson';

describe('rawJsonForDisplay', () => {
  it('shows a small value whole, pretty-printed', () => {
    expect(rawJsonForDisplay({ a: [1] }, 1000)).toEqual({ text: '{\n  "a": [\n    1\n  ]\n}', elided: 0 });
  });
  it('elides long strings of a big value and counts them', () => {
    const value = { content: [{ type: 'text', text: 'x'.repeat(50_000) }], note: 'short' };
    const raw = rawJsonForDisplay(value, 10_000);
    expect(raw.elided).toBe(1);
    expect(raw.text.length).toBeLessThan(1_000);
    expect(raw.text).toContain('50,000 characters, elided');
    expect(raw.text).toContain('"note": "short"');
  });
});
