import { describe, expect, it } from 'vitest';
import { checkArguments } from './argumentCheck.js';

const SCHEMA = {
  type: 'object',
  properties: {
    count: { type: 'integer', minimum: 1, maximum: 5 },
    items: {
      type: 'array',
      items: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
    },
    mode: { enum: ['a', 'b'] },
  },
  required: ['count'],
  additionalProperties: false,
};

describe('arguments checked against the inputSchema', () => {
  it('passes arguments that fit', () => {
    expect(checkArguments({ count: 3, items: [{ name: 'x' }], mode: 'a' }, SCHEMA)).toEqual({ problems: [] });
  });

  it('lists every problem with its path, not the wrappers around it', () => {
    const checked = checkArguments({ count: 9, items: [{}, { name: 3 }], mode: 'c', extra: true }, SCHEMA);
    expect(checked).toEqual({
      problems: [
        { path: 'extra', message: 'is not a property the schema allows' },
        { path: 'count', message: 'must be <= 5' },
        { path: 'items[0].name', message: 'is required' },
        { path: 'items[1].name', message: 'must be string' },
        { path: 'mode', message: 'must be one of "a", "b"' },
      ],
    });
  });

  it('names a missing required property by its own path, and the arguments as a whole as such', () => {
    expect(checkArguments({}, SCHEMA)).toEqual({ problems: [{ path: 'count', message: 'is required' }] });
    expect(checkArguments({}, { type: 'object', minProperties: 1 })).toEqual({
      problems: [{ path: '(arguments)', message: 'must NOT have fewer than 1 properties' }],
    });
  });

  it('says when the schema itself cannot be used, instead of blocking the call', () => {
    const broken = { type: 'object', properties: { a: { type: 'string', pattern: '(' } } };
    expect(checkArguments({ a: 'x' }, broken)).toMatchObject({
      unusable: expect.stringMatching(/regular expression/i),
    });
  });

  it('reads a draft-07 schema as draft-07', () => {
    const draft7 = {
      $schema: 'http://json-schema.org/draft-07/schema#',
      type: 'object',
      properties: { n: { type: 'number', exclusiveMaximum: 3 } },
    };
    expect(checkArguments({ n: 3 }, draft7)).toMatchObject({ problems: [{ path: 'n' }] });
  });
});
