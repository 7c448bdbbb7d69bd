import { describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promptArguments, readRawArguments, toolArguments } from './toolArguments.js';

const SCHEMA = {
  type: 'object',
  properties: {
    text: { type: 'string' },
    count: { type: 'integer' },
    ratio: { type: 'number' },
    loud: { type: 'boolean' },
    tags: { type: 'array', items: { type: 'string' } },
    where: { type: 'object' },
    mode: { enum: ['fast', 'slow'] },
    level: { enum: [1, 2, 3] },
    maybe: { type: ['integer', 'null'] },
    either: { anyOf: [{ type: 'number' }, { type: 'string' }] },
  },
};

const typed = (pairs: string[], args?: string) => {
  const raw = readRawArguments(pairs, args);
  if ('error' in raw) return raw;
  return toolArguments(raw, SCHEMA);
};

describe('--arg values typed by the inputSchema', () => {
  it('reads numbers, booleans, JSON objects and arrays, and keeps strings as typed', () => {
    expect(
      typed([
        'text=42',
        'count=7',
        'ratio=0.5',
        'loud=true',
        'tags=["a","b"]',
        'where={"city":"Paris"}',
        'mode=fast',
        'level=2',
        'maybe=null',
        'either=3',
      ]),
    ).toEqual({
      args: {
        text: '42',
        count: 7,
        ratio: 0.5,
        loud: true,
        tags: ['a', 'b'],
        where: { city: 'Paris' },
        mode: 'fast',
        level: 2,
        maybe: null,
        either: 3,
      },
    });
  });

  it('keeps a value that does not read as its type as text, for the schema check to name', () => {
    expect(typed(['count=many', 'loud=yes'])).toEqual({ args: { count: 'many', loud: 'yes' } });
  });

  it('says when an object or array is not JSON', () => {
    expect(typed(['where={city:Paris}'])).toEqual({
      error: '--arg where: expected JSON (object), got "{city:Paris}"',
    });
  });

  it('reads a property the schema does not type as JSON when it is, else as text', () => {
    expect(typed(['other=12', 'name=Ada', 'flag=false'])).toEqual({
      args: { other: 12, name: 'Ada', flag: false },
    });
  });

  it('takes --args as JSON or from a file, with --arg on top', () => {
    const dir = mkdtempSync(join(tmpdir(), 'mcp-inspect-args-'));
    writeFileSync(join(dir, 'args.json'), '{"text":"from file","count":1}');
    expect(typed(['count=2'], `@${join(dir, 'args.json')}`)).toEqual({
      args: { text: 'from file', count: 2 },
    });
    expect(typed([], '{"text":"inline"}')).toEqual({ args: { text: 'inline' } });
  });

  it('refuses what it cannot read, saying why', () => {
    expect(readRawArguments(['novalue'], undefined)).toEqual({
      error: '--arg takes key=value, got "novalue"',
    });
    expect(readRawArguments(['a=1', 'a=2'], undefined)).toEqual({ error: '--arg a is given twice' });
    expect(readRawArguments([], '[1,2]')).toEqual({ error: '--args takes a JSON object of the arguments' });
    expect(readRawArguments([], '@/no/such/file.json')).toEqual({
      error: '--args: cannot read /no/such/file.json: ENOENT',
    });
    expect(readRawArguments([], '{oops')).toMatchObject({
      error: expect.stringMatching(/^--args is not JSON: /),
    });
  });

  it("keeps a value's own = signs", () => {
    expect(typed(['text=a=b'])).toEqual({ args: { text: 'a=b' } });
  });
});

describe('prompt arguments', () => {
  it('are strings, whatever they look like', () => {
    const raw = readRawArguments(['n=42'], '{"name":"Ada"}');
    expect('error' in raw ? raw : promptArguments(raw)).toEqual({ args: { name: 'Ada', n: '42' } });
    const bad = readRawArguments([], '{"n":42}');
    expect('error' in bad ? bad : promptArguments(bad)).toEqual({
      error: '--args: a prompt\'s arguments are strings; "n" is not',
    });
  });
});
