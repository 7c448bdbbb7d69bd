import { describe, expect, it } from 'vitest';
import { formatAbsolute, formatCount } from './format';

describe('formatCount', () => {
  it('writes counts as toLocaleString("en-US") does', () => {
    for (const n of [0, 7, 999, 1000, 12345, 1234567, 100000, -4200, 1234.5]) {
      expect(formatCount(n)).toBe(n.toLocaleString('en-US', { maximumFractionDigits: 20 }));
    }
  });
});

describe('formatAbsolute', () => {
  it('writes the local time and the UTC time of a record', () => {
    const startedAt = new Date(2026, 10, 23, 9, 5, 7, 40).getTime();
    expect(formatAbsolute(1.5, startedAt)).toBe(
      `2026-11-23 09:05:07.041 local (${new Date(startedAt + 1.5).toISOString()})`,
    );
    expect(formatAbsolute(0, undefined)).toBe('absolute time unknown');
  });
});
