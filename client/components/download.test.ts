import { describe, expect, it } from 'vitest';
import { downloadName } from './download';

describe('downloadName', () => {
  it('uses the URI file name when it has an extension', () => {
    expect(downloadName('resource', 'image/png', 'demo://images/swatch.png')).toBe('swatch.png');
    expect(downloadName('resource', undefined, 'file:///tmp/My%20Notes.md?x=1')).toBe('My_Notes.md');
  });
  it('adds an extension from the mimeType otherwise', () => {
    expect(downloadName('image', 'image/png')).toBe('image.png');
    expect(downloadName('text', 'text/x-python')).toBe('text.txt');
    expect(downloadName('text', 'application/ld+json')).toBe('text.json');
    expect(downloadName('blob', 'application/octet-stream')).toBe('blob.bin');
    expect(downloadName('resource', 'text/markdown', 'demo://docs/readme')).toBe('readme.md');
  });
  it('keeps only safe characters', () => {
    expect(downloadName('x', undefined, 'demo://a/..%2F..%2Fetc%2Fpasswd')).toBe('.._.._etc_passwd.bin');
  });
});
