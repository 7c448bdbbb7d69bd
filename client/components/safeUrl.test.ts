import { describe, expect, it } from 'vitest';
import { isSafeImageSrc } from './safeUrl';

describe('isSafeImageSrc', () => {
  it('allows https and data images only', () => {
    expect(isSafeImageSrc('https://example.com/a.png')).toBe(true);
    expect(isSafeImageSrc('data:image/png;base64,AAAA')).toBe(true);
    expect(isSafeImageSrc('http://example.com/a.png')).toBe(false);
    expect(isSafeImageSrc('javascript:alert(1)')).toBe(false);
    expect(isSafeImageSrc('data:text/html;base64,AAAA')).toBe(false);
    expect(isSafeImageSrc('/local.png')).toBe(false);
    expect(isSafeImageSrc(undefined)).toBe(false);
  });
});
