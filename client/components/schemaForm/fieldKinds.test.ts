import { describe, expect, it } from 'vitest';
import { isMultiSelect, multiTypes, unionOf } from './fieldKinds';
import { buildUiSchema, normalizeSchema, type NormalizedSchema } from './normalizeSchema';

const labels = (schema: Record<string, unknown>): string[] | undefined =>
  unionOf(schema)?.branches.map((branch) => branch.label);

describe('unionOf', () => {
  it('labels branches by title, else const, else type (with format)', () => {
    expect(labels({ anyOf: [{ type: 'string' }, { type: 'number' }] })).toEqual(['string', 'number']);
    expect(
      labels({
        anyOf: [
          { const: 'auto', title: 'Automatic' },
          { type: 'integer', title: 'Pixels' },
        ],
      }),
    ).toEqual(['Automatic', 'Pixels']);
    expect(labels({ oneOf: [{ const: 'auto' }, { type: 'string', format: 'date' }] })).toEqual([
      'auto',
      'string (date)',
    ]);
  });

  it('names object branches by their discriminating const, and tells twins apart', () => {
    const circle = { type: 'object', properties: { kind: { const: 'circle' }, r: { type: 'number' } } };
    const square = { type: 'object', properties: { kind: { const: 'square' }, side: { type: 'number' } } };
    expect(labels({ oneOf: [circle, square] })).toEqual(['circle', 'square']);
    expect(labels({ anyOf: [{ type: 'object' }, { type: 'object' }] })).toEqual(['object (1)', 'object (2)']);
  });

  it('gives each branch the shared keywords, not the field’s own title and description', () => {
    const union = unionOf({
      type: 'string',
      title: 'Contact',
      description: 'How to reach you',
      anyOf: [{ format: 'email' }, { format: 'uri' }],
    });
    expect(union?.branches.map((branch) => branch.schema)).toEqual([
      { type: 'string', format: 'email' },
      { type: 'string', format: 'uri' },
    ]);
  });

  it('is not a union: a nullable pair, const choices, a single type', () => {
    expect(unionOf({ anyOf: [{ type: 'string' }, { type: 'null' }] })).toBeUndefined();
    expect(unionOf({ type: ['integer', 'null'] })).toBeUndefined();
    expect(unionOf({ oneOf: [{ const: 'a' }, { const: 'b' }] })).toBeUndefined();
    expect(unionOf({ type: 'string' })).toBeUndefined();
  });

  it('several types are a union of those types', () => {
    expect(multiTypes({ type: ['string', 'number', 'boolean', 'null'] })).toEqual([
      'string',
      'number',
      'boolean',
      'null',
    ]);
    expect(labels({ type: ['string', 'number'], description: 'd' })).toEqual(['string', 'number']);
  });
});

describe('isMultiSelect', () => {
  it('an array of an enum or of titled consts, as MCP elicitation spells them', () => {
    expect(isMultiSelect({ type: 'array', items: { type: 'string', enum: ['a', 'b'] } })).toBe(true);
    expect(isMultiSelect({ type: 'array', items: { anyOf: [{ const: 'a', title: 'A' }] } })).toBe(true);
    expect(isMultiSelect({ type: 'array', items: { type: 'string' } })).toBe(false);
    expect(isMultiSelect({ type: 'string', enum: ['a'] })).toBe(false);
  });
});

describe('buildUiSchema', () => {
  function normalized(input: unknown): NormalizedSchema {
    const result = normalizeSchema(input);
    if ('problem' in result) throw new Error(result.problem);
    return result;
  }

  it('draws unions, multi-selects and nullables with our fields, enumNames as labels, defaults as placeholders', () => {
    const { uiSchema } = normalized({
      type: 'object',
      properties: {
        id: { anyOf: [{ type: 'string' }, { type: 'number' }] },
        any: { type: ['string', 'number', 'null'] },
        tags: { type: 'array', items: { enum: ['a', 'b'] } },
        pet: { type: 'string', enum: ['pet-1', 'pet-2'], enumNames: ['Cats', 'Dogs'] },
        greeting: { type: 'string', default: 'hello' },
        note: { type: ['string', 'null'] },
      },
    });
    expect(uiSchema).toEqual({
      id: { 'ui:field': 'union', 'ui:fieldReplacesAnyOrOneOf': true },
      any: { 'ui:field': 'union', 'ui:fieldReplacesAnyOrOneOf': true },
      tags: { 'ui:field': 'multiSelect', 'ui:fieldReplacesAnyOrOneOf': true },
      pet: { 'ui:enumNames': ['Cats', 'Dogs'] },
      greeting: { 'ui:placeholder': 'default: hello' },
      note: { 'ui:field': 'nullable', 'ui:fieldReplacesAnyOrOneOf': true },
    });
  });

  it('leaves const choices to rjsf’s select', () => {
    expect(buildUiSchema({ type: 'string', oneOf: [{ const: 'a', title: 'A' }] })).toEqual({});
  });
});
