import { describe, expect, it } from 'vitest';
import { argumentsToSend, fillRequiredContainers, hasDefaults } from './sendValue';

const schema = {
  type: 'object',
  required: ['paths', 'options'],
  properties: {
    paths: { type: 'array', items: { type: 'string' } },
    options: {
      type: 'object',
      required: ['include'],
      properties: { include: { type: 'array', items: { type: 'string' } }, depth: { type: 'integer' } },
    },
    extra: { type: 'object', properties: { a: { type: 'string' } } },
    greeting: { type: 'string', default: 'hello' },
    loud: { type: 'boolean', default: true },
  },
};

describe('fillRequiredContainers', () => {
  it('adds required arrays and objects, empty, at every depth; leaves optional ones out', () => {
    expect(fillRequiredContainers({}, schema)).toEqual({ paths: [], options: { include: [] } });
    expect(fillRequiredContainers({ paths: ['a'], options: { depth: 2 } }, schema)).toEqual({
      paths: ['a'],
      options: { depth: 2, include: [] },
    });
  });
});

describe('argumentsToSend', () => {
  it('sends what was set and the required containers, not the defaults', () => {
    expect(argumentsToSend({ greeting: undefined, extra: {} }, schema, false)).toEqual({
      paths: [],
      options: { include: [] },
    });
  });

  it('with "send defaults", fills the defaults of unset fields, never over what was set', () => {
    expect(argumentsToSend({ greeting: 'hi' }, schema, true)).toEqual({
      paths: [],
      options: { include: [] },
      greeting: 'hi',
      loud: true,
    });
  });

  it('an explicit false or null is a value, not unset', () => {
    expect(argumentsToSend({ loud: false }, schema, true)).toMatchObject({ loud: false, greeting: 'hello' });
  });
});

describe('hasDefaults', () => {
  it('finds a default at any depth, not inside data keywords', () => {
    expect(hasDefaults(schema)).toBe(true);
    expect(hasDefaults({ type: 'object', properties: { a: { const: { default: 1 } } } })).toBe(false);
  });
});
