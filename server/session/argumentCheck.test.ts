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
        { path: 'count', message: '9 is greater than 5.' },
        { path: 'items[0]', message: 'Instance does not have required property "name".' },
        { path: 'items[1].name', message: 'Instance type "number" is invalid. Expected "string".' },
        { path: 'mode', message: 'Instance does not match any of ["a","b"].' },
        { path: 'extra', message: 'not a property the schema allows' },
      ],
    });
  });

  it('names a missing required property at the arguments themselves', () => {
    expect(checkArguments({}, SCHEMA)).toEqual({
      problems: [{ path: '(arguments)', message: 'Instance does not have required property "count".' }],
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
