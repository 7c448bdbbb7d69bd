import { describe, expect, it } from 'vitest';
import { formatPath, lookup, parsePath, withoutPaths } from './jsonPath.js';

const steps = (path: string) => {
  const parsed = parsePath(path);
  if ('error' in parsed) throw new Error(parsed.error);
  return parsed.steps;
};

describe('JSON paths into a result', () => {
  it('reads dots, indexes and quoted names, with or without the leading $', () => {
    expect(steps('$')).toEqual([]);
    expect(steps('$.structuredContent.items[1].id')).toEqual(['structuredContent', 'items', 1, 'id']);
    expect(steps('structuredContent.sum')).toEqual(['structuredContent', 'sum']);
    expect(steps('$["a b"][\'c.d\']')).toEqual(['a b', 'c.d']);
    expect(steps('$.content[*].text')).toEqual(['content', '*', 'text']);
  });

  it('says where a path cannot be read', () => {
    expect(parsePath('$.a[x]')).toEqual({ error: expect.stringContaining('expected [number]') });
    expect(parsePath('$.a.')).toEqual({ error: expect.stringContaining('expected a name') });
  });

  it('writes a path back canonically', () => {
    expect(formatPath(['structuredContent', 'a b', 0, '*'])).toBe('$.structuredContent["a b"][0][*]');
  });

  it('looks a value up, or says where the path stopped', () => {
    const result = { structuredContent: { items: [{ id: 7 }] } };
    expect(lookup(result, steps('$.structuredContent.items[0].id'))).toEqual({ found: true, value: 7 });
    expect(lookup(result, steps('$.structuredContent.items[3]'))).toEqual({
      found: false,
      missing: '$.structuredContent.items has 1 item(s), no [3]',
    });
    expect(lookup(result, steps('$.structuredContent.nope'))).toEqual({
      found: false,
      missing: '$.structuredContent.nope does not exist',
    });
    expect(lookup({ a: null }, steps('$.a.b'))).toMatchObject({
      found: false,
      missing: '$.a is not an object',
    });
  });

  it('leaves out ignored paths, wildcards expanded, without touching the original', () => {
    const result = {
      content: [
        { type: 'text', text: 'a' },
        { type: 'text', text: 'b' },
      ],
      _meta: { at: 1 },
    };
    expect(withoutPaths(result, [steps('$.content[*].text'), steps('$._meta'), steps('$.nope.x')])).toEqual({
      content: [{ type: 'text' }, { type: 'text' }],
    });
    expect(result._meta).toEqual({ at: 1 });
  });
});
