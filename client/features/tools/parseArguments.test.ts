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

describe('where raw arguments stop being JSON (shared/jsonText.ts strictJsonStop)', () => {
  it('agrees with JSON.parse on what is valid, and points at the very character', async () => {
    const { strictJsonStop } = await import('../../../shared/jsonText');
    for (const good of ['{}', '[1, -2.5e3, "a\\u00e9\\n", true, false, null, {"x": []}]', ' 0 ']) {
      expect(strictJsonStop(good)).toBeUndefined();
    }
    expect(strictJsonStop('{"a": 01}')?.offset).toBe(7);
    expect(strictJsonStop('{"a": tru}')?.offset).toBe(9);
    expect(strictJsonStop('[1,]')?.offset).toBe(3);
    expect(strictJsonStop('{} x')?.offset).toBe(3);
    expect(strictJsonStop('"\\q"')?.offset).toBe(2);
  });
  it('takes no comments, trailing commas or byte order mark, unlike config files', async () => {
    const { strictJsonStop } = await import('../../../shared/jsonText');
    expect(strictJsonStop('{"a": 1, }')?.offset).toBe(9);
    expect(strictJsonStop('{"a": 1 // no\n}')?.offset).toBe(8);
    expect(strictJsonStop('\ufeff{}')?.offset).toBe(0);
    expect(strictJsonStop('"\\u12x4"')?.offset).toBe(5);
    expect(parseArguments('{"tags": nope}')).toMatchObject({
      error: 'Not valid JSON at line 1, column 11: unexpected "o"',
    });
  });
});
