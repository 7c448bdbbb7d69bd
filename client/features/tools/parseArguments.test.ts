import { describe, expect, it } from 'vitest';
import { parseArguments } from './parseArguments';

describe('parseArguments', () => {
  it('treats an empty text as no arguments', () => {
    expect(parseArguments('  ')).toEqual({ value: {} });
  });
  it('accepts a JSON object', () => {
    expect(parseArguments('{"a": [1, {"b": null}]}')).toEqual({ value: { a: [1, { b: null }] } });
  });
  it('says where JSON is broken', () => {
    const broken = parseArguments('{\n  "a": 1,\n  "b": }');
    expect(broken).toMatchObject({ line: 3, column: 8 });
    expect('error' in broken && broken.error).toMatch(/^Not valid JSON at line 3, column 8: /);
    expect(parseArguments('{"a": ')).toMatchObject({ line: 1, column: 7 });
    expect(parseArguments('{"a": ')).toMatchObject({ error: expect.stringContaining('ends too soon') });
  });
  it('refuses values that are not objects', () => {
    expect(parseArguments('[1]')).toEqual({ error: 'Arguments must be a JSON object' });
    expect(parseArguments('"x"')).toEqual({ error: 'Arguments must be a JSON object' });
  });
});

describe('jsonErrorOffset', () => {
  it('agrees with JSON.parse on what is valid', async () => {
    const { jsonErrorOffset } = await import('./jsonErrorOffset');
    for (const good of ['{}', '[1, -2.5e3, "a\\u00e9\\n", true, false, null, {"x": []}]', ' 0 ']) {
      expect(jsonErrorOffset(good)).toBe(-1);
    }
    expect(jsonErrorOffset('{"a": 01}')).toBe(7);
    expect(jsonErrorOffset('{"a": tru}')).toBe(9);
    expect(jsonErrorOffset('[1,]')).toBe(3);
    expect(jsonErrorOffset('{} x')).toBe(3);
    expect(jsonErrorOffset('"\\q"')).toBe(2);
  });
});
