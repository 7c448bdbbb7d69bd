import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { decode, encodingExists, getDecoder } from './textDecoding.js';

const text = '{"message":"héllo wörld: 你好, Ω, 🙂"}';
/** What a request body may be sent in, as body-parser and raw-body name the charset. */
const encodings = ['utf-8', 'UTF8', 'utf-16le', 'utf-16be', 'latin1', 'iso-8859-1', 'windows-1252', 'ascii'];

describe('decoding as iconv-lite decodes (it stands in for iconv-lite in the CLI build)', () => {
  it.each(encodings)('decodes %s as iconv-lite does', (encoding) => {
    const bytes = iconv.encode(text, encoding);
    expect(decode(bytes, encoding)).toBe(iconv.decode(bytes, encoding));
  });

  it('drops a byte order mark, as iconv-lite does', () => {
    for (const encoding of ['utf-8', 'utf-16le', 'utf-16be']) {
      const bytes = iconv.encode(text, encoding, { addBOM: true });
      expect(decode(bytes, encoding)).toBe(iconv.decode(bytes, encoding));
      expect(decode(bytes, encoding)).toBe(text);
    }
  });

  it('decodes a body that arrives in chunks split inside a character', () => {
    const bytes = Buffer.from(text);
    const decoder = getDecoder('utf-8');
    let out = '';
    for (let at = 0; at < bytes.length; at += 3) out += decoder.write(bytes.subarray(at, at + 3));
    out += decoder.end() ?? '';
    expect(out).toBe(text);
  });

  it('refuses an unknown charset with the words raw-body looks for', () => {
    expect(encodingExists('no-such-charset')).toBe(iconv.encodingExists('no-such-charset'));
    expect(encodingExists('utf-8')).toBe(true);
    expect(() => getDecoder('no-such-charset')).toThrow(/^Encoding not recognized: /);
    expect(() => iconv.getDecoder('no-such-charset')).toThrow(/^Encoding not recognized: /);
  });
});
