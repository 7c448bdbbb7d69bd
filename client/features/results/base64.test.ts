import { describe, expect, it } from 'vitest';
import { base64ByteLength, decodeBase64 } from './base64';

/** btoa over bytes, in pieces (String.fromCharCode takes only so many arguments). */
function encode(bytes: Uint8Array): string {
  let binary = '';
  for (let start = 0; start < bytes.length; start += 8192) {
    binary += String.fromCharCode(...bytes.subarray(start, start + 8192));
  }
  return btoa(binary);
}

/**
 * Where two byte arrays first differ, or -1 when they are equal: as strict as `toEqual`, but
 * `toEqual` compares a typed array element by element through its generic equality, which took
 * 7 s on these 700 KB.
 */
function firstDifference(actual: Uint8Array, expected: Uint8Array): number {
  const length = Math.max(actual.length, expected.length);
  for (let index = 0; index < length; index += 1) if (actual[index] !== expected[index]) return index;
  return -1;
}

describe('decodeBase64', () => {
  it('decodes what btoa encoded, across several slices', async () => {
    const source = new Uint8Array(700 * 1024).map((_, index) => (index * 31) % 256);
    const base64 = encode(source);
    const decoded = await decodeBase64(base64);
    expect(decoded.length).toBe(source.length);
    expect(firstDifference(decoded, source)).toBe(-1);
  });
  it('decodes short and padded payloads and ignores line breaks', async () => {
    expect(Array.from(await decodeBase64('AQID'))).toEqual([1, 2, 3]);
    expect(Array.from(await decodeBase64('AQI='))).toEqual([1, 2]);
    expect(Array.from(await decodeBase64('AQ==\n'))).toEqual([1]);
    expect(Array.from(await decodeBase64(''))).toEqual([]);
  });
  it('refuses text that is not base64', async () => {
    await expect(decodeBase64('not base64!')).rejects.toThrow();
  });
  it('stops when aborted between slices', async () => {
    const base64 = encode(new Uint8Array(600 * 1024));
    const controller = new AbortController();
    const decoding = decodeBase64(base64, controller.signal);
    controller.abort(new Error('unmounted'));
    await expect(decoding).rejects.toThrow('unmounted');
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
