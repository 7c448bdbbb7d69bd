import { describe, expect, it } from 'vitest';
import {
  NULLABLE_FIELD,
  nonNullVariant,
  normalizeSchema,
  pruneUnset,
  type NormalizedSchema,
} from './normalizeSchema';

function normalized(input: unknown): NormalizedSchema {
  const result = normalizeSchema(input);
  if ('problem' in result) throw new Error(result.problem);
  return result;
}

describe('normalizeSchema', () => {
  it('refuses what cannot be an arguments object', () => {
    expect(normalizeSchema('nope')).toEqual({ problem: 'The input schema is not a JSON object.' });
    expect(normalizeSchema({ type: 'array' })).toEqual({
      problem: 'The input schema\'s type is "array", not "object".',
    });
  });

  it('drops the dialect and defaults the root type to object', () => {
    const { schema } = normalized({
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      properties: { a: { type: 'integer' } },
    });
    expect(schema).toEqual({ type: 'object', properties: { a: { type: 'integer' } } });
  });

  it('inlines local $refs into $defs and definitions, keeping sibling keywords', () => {
    const { schema } = normalized({
      type: 'object',
      $defs: { point: { type: 'object', properties: { x: { type: 'integer' } } } },
      definitions: { name: { type: 'string', minLength: 1 } },
      properties: {
        at: { $ref: '#/$defs/point', title: 'Where' },
        who: { $ref: '#/definitions/name' },
      },
    });
    expect(schema.properties).toEqual({
      at: { type: 'object', properties: { x: { type: 'integer' } }, title: 'Where' },
      who: { type: 'string', minLength: 1 },
    });
  });

  it('inlines a recursive definition once and leaves the rest to rjsf', () => {
    const { schema } = normalized({
      type: 'object',
      $defs: { node: { type: 'object', properties: { child: { $ref: '#/$defs/node' } } } },
      properties: { tree: { $ref: '#/$defs/node' } },
    });
    expect(schema.properties).toEqual({
      tree: { type: 'object', properties: { child: { $ref: '#/$defs/node' } } },
    });
    expect(schema.$defs).toBeDefined();
  });

  it('reports a $ref it cannot resolve instead of drawing a blank form', () => {
    expect(
      normalizeSchema({ type: 'object', properties: { a: { $ref: 'https://example.com/s.json' } } }),
    ).toEqual({ problem: 'The schema refers to https://example.com/s.json, which is not inside it.' });
    expect(normalizeSchema({ type: 'object', properties: { a: { $ref: '#/$defs/missing' } } })).toEqual({
      problem: 'The schema refers to #/$defs/missing, which it does not define.',
    });
  });

  it('leaves data keywords alone even when they look like schemas', () => {
    const { schema } = normalized({
      type: 'object',
      properties: { a: { type: 'object', default: { $ref: 'not a ref' } } },
    });
    expect(schema.properties).toEqual({ a: { type: 'object', default: { $ref: 'not a ref' } } });
  });

  it('marks both spellings of nullable for the null toggle, at any depth', () => {
    const { uiSchema } = normalized({
      type: 'object',
      properties: {
        a: { type: ['string', 'null'] },
        b: { anyOf: [{ type: 'integer' }, { type: 'null' }] },
        c: { type: 'string' },
        nested: { type: 'object', properties: { d: { oneOf: [{ type: 'null' }, { type: 'number' }] } } },
        list: { type: 'array', items: { type: ['boolean', 'null'] } },
      },
    });
    const toggle = { 'ui:field': NULLABLE_FIELD, 'ui:fieldReplacesAnyOrOneOf': true };
    expect(uiSchema).toEqual({ a: toggle, b: toggle, nested: { d: toggle }, list: { items: toggle } });
  });
});

describe('typeConstChoices', () => {
  it('gives untyped const choices the type of their consts', () => {
    const { schema } = normalized({
      type: 'object',
      properties: {
        weight: {
          anyOf: [
            { const: 0.5, title: 'Light' },
            { const: 2, title: 'Heavy' },
          ],
        },
        level: { oneOf: [{ const: 'lo', title: 'Low' }, { const: 'hi' }] },
        count: { oneOf: [{ const: 1 }, { const: 2 }] },
        typed: { type: 'string', oneOf: [{ const: 'a' }] },
        mixed: { anyOf: [{ const: 'a' }, { const: 1 }] },
      },
    });
    const props = schema.properties as Record<string, { type?: unknown }>;
    expect(props.weight?.type).toBe('number');
    expect(props.level?.type).toBe('string');
    expect(props.count?.type).toBe('integer');
    expect(props.typed?.type).toBe('string');
    expect(props.mixed?.type).toBeUndefined();
  });
});

describe('nonNullVariant', () => {
  it('gives the non-null half with the field title kept', () => {
    expect(nonNullVariant({ type: ['integer', 'null'], minimum: 1 })).toEqual({
      type: 'integer',
      minimum: 1,
    });
    expect(nonNullVariant({ title: 'Limit', anyOf: [{ type: 'integer' }, { type: 'null' }] })).toEqual({
      type: 'integer',
      title: 'Limit',
    });
    expect(nonNullVariant({ type: 'string' })).toBeUndefined();
    expect(nonNullVariant({ anyOf: [{ type: 'string' }, { type: 'integer' }] })).toBeUndefined();
  });
});

describe('pruneUnset', () => {
  const schema = {
    type: 'object',
    required: ['must'],
    properties: {
      must: { type: 'object' },
      maybe: { type: 'object', properties: { x: { type: 'string' } } },
      list: { type: 'array', items: { type: 'object', properties: { y: { type: 'string' } } } },
    },
  };

  it('omits unset keys and empty optional objects, keeps null, 0, false and required objects', () => {
    expect(
      pruneUnset({ must: {}, maybe: { x: undefined }, n: 0, f: false, z: null, u: undefined }, schema),
    ).toEqual({ must: {}, n: 0, f: false, z: null });
  });

  it('keeps array items where they are, pruned inside', () => {
    expect(pruneUnset({ list: [{ y: undefined }, { y: 'b' }] }, schema)).toEqual({ list: [{}, { y: 'b' }] });
  });
});
