import { describe, expect, it } from 'vitest';
import { base64ByteLength, formatBytes, formatDuration } from './formatSize';

describe('formatBytes', () => {
  it('keeps small sizes in bytes and larger ones in KB, MB, GB', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(1023)).toBe('1023 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(10 * 1024 * 1024)).toBe('10.0 MB');
    expect(formatBytes(3 * 1024 ** 3)).toBe('3.0 GB');
  });
});

describe('base64ByteLength', () => {
  it('matches what decoding gives, with and without padding', () => {
    for (const bytes of ['', 'a', 'ab', 'abc', 'abcd', 'hello world!']) {
      const base64 = btoa(bytes);
      expect(base64ByteLength(base64)).toBe(bytes.length);
    }
  });
  it('ignores line breaks', () => {
    const base64 = btoa('x'.repeat(120));
    const wrapped = base64.replace(/(.{76})/g, '$1\n');
    expect(base64ByteLength(wrapped)).toBe(120);
  });
});

describe('formatDuration', () => {
  it('shows ms below a second and seconds above', () => {
    expect(formatDuration(12.4)).toBe('12 ms');
    expect(formatDuration(1250)).toBe('1.25 s');
  });
});
