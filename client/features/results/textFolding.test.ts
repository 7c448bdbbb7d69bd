import { describe, expect, it } from 'vitest';
import { classifyText, countLines, foldText, worthFolding } from './textFolding';

describe('foldText', () => {
  it('keeps a short text whole', () => {
    expect(foldText('one\ntwo', 10, 100)).toEqual({ head: 'one\ntwo', hiddenChars: 0 });
  });
  it('stops after the last allowed line', () => {
    const text = 'a\nb\nc\nd';
    expect(foldText(text, 2, 100)).toEqual({ head: 'a\nb', hiddenChars: 4 });
  });
  it('stops at the character limit on long lines', () => {
    const text = 'x'.repeat(50);
    expect(foldText(text, 10, 20)).toEqual({ head: 'x'.repeat(20), hiddenChars: 30 });
  });
  it('does not split a surrogate pair', () => {
    const text = `${'a'.repeat(4)}😀tail`;
    const fold = foldText(text, 10, 5);
    expect(fold.head).toBe('aaaa');
    expect(fold.hiddenChars).toBe(text.length - 4);
  });
  it('scans only the head of a huge text', () => {
    const huge = 'y'.repeat(10 * 1024 * 1024);
    const fold = foldText(huge, 40, 2000);
    expect(fold.head.length).toBe(2000);
    expect(fold.hiddenChars).toBe(huge.length - 2000);
  });
});

describe('classifyText', () => {
  it('parses objects and arrays', () => {
    expect(classifyText(' {"a": 1}', 1000)).toEqual({ kind: 'json', value: { a: 1 } });
    expect(classifyText('[1, 2]', 1000)).toEqual({ kind: 'json', value: [1, 2] });
  });
  it('treats bare values, prose and broken JSON as plain text', () => {
    expect(classifyText('42', 1000)).toEqual({ kind: 'plain' });
    expect(classifyText('"quoted"', 1000)).toEqual({ kind: 'plain' });
    expect(classifyText('hello {"a":1}', 1000)).toEqual({ kind: 'plain' });
    expect(classifyText('{"a": ', 1000)).toEqual({ kind: 'plain' });
    expect(classifyText('', 1000)).toEqual({ kind: 'plain' });
  });
  it('does not parse JSON above the limit', () => {
    expect(classifyText(`[${'1,'.repeat(100)}1]`, 50)).toEqual({ kind: 'json-too-big' });
  });
});

describe('countLines', () => {
  it('counts lines, a final newline not starting another', () => {
    expect(countLines('', 100)).toBe(0);
    expect(countLines('a', 100)).toBe(1);
    expect(countLines('a\nb', 100)).toBe(2);
    expect(countLines('a\nb\n', 100)).toBe(2);
  });
  it('gives up above the limit', () => {
    expect(countLines('a\nb', 2)).toBeUndefined();
  });
});

describe('worthFolding', () => {
  it('folds only when it leaves out a real part of the text', () => {
    const justOver = `${'a'.repeat(3000)}${'b'.repeat(28)}`;
    expect(worthFolding(justOver, foldText(justOver, 24, 3000))).toBe(false);
    const fewLinesMore = Array.from({ length: 27 }, (_, i) => `line ${i}`).join('\n');
    expect(worthFolding(fewLinesMore, foldText(fewLinesMore, 24, 3000))).toBe(false);
    const manyLines = Array.from({ length: 200 }, (_, i) => `line ${i}`).join('\n');
    expect(worthFolding(manyLines, foldText(manyLines, 24, 3000))).toBe(true);
    const long = 'x'.repeat(10_000);
    expect(worthFolding(long, foldText(long, 24, 3000))).toBe(true);
    expect(worthFolding('short', foldText('short', 24, 3000))).toBe(false);
  });
});
