import { describe, expect, it } from 'vitest';
import { checkStructuredContent } from './outputSchemaCheck';

const weatherSchema = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  type: 'object',
  properties: {
    city: { type: 'string' },
    temperatureC: { type: 'number' },
    observedAt: { type: 'string', format: 'date-time' },
  },
  required: ['city', 'temperatureC'],
  additionalProperties: false,
};

describe('checkStructuredContent', () => {
  it('passes content that matches the schema', () => {
    expect(
      checkStructuredContent({
        outputSchema: weatherSchema,
        structuredContent: { city: 'Oslo', temperatureC: 4, observedAt: '2025-01-02T03:04:05Z' },
        isError: undefined,
      }),
    ).toEqual({ kind: 'pass' });
  });

  it('lists every failing path with its message', () => {
    const check = checkStructuredContent({
      outputSchema: weatherSchema,
      structuredContent: { temperatureC: 'warm', observedAt: 'yesterday', wind: 3 },
      isError: false,
    });
    expect(check.kind).toBe('fail');
    if (check.kind !== 'fail') return;
    expect(check.violations).toEqual(
      expect.arrayContaining([
        { path: '', message: "must have required property 'city'" },
        { path: '', message: "must NOT have additional properties: 'wind'" },
        { path: '/temperatureC', message: 'must be number' },
        { path: '/observedAt', message: 'must match format "date-time"' },
      ]),
    );
    expect(check.violations).toHaveLength(4);
  });

  it('reads a schema without $schema as 2020-12', () => {
    const schema = {
      type: 'object',
      properties: { items: { type: 'array', prefixItems: [{ type: 'string' }], items: false } },
    };
    expect(
      checkStructuredContent({ outputSchema: schema, structuredContent: { items: ['a'] }, isError: false }),
    ).toEqual({ kind: 'pass' });
    const check = checkStructuredContent({
      outputSchema: schema,
      structuredContent: { items: ['a', 'b'] },
      isError: false,
    });
    expect(check).toEqual({
      kind: 'fail',
      violations: [{ path: '/items', message: 'must NOT have more than 1 items' }],
    });
  });

  it('checks draft-04 style schemas as draft-07 instead of failing on the dialect', () => {
    const schema = { $schema: 'http://json-schema.org/draft-04/schema#', type: 'object', required: ['a'] };
    expect(checkStructuredContent({ outputSchema: schema, structuredContent: {}, isError: false })).toEqual({
      kind: 'fail',
      violations: [{ path: '', message: "must have required property 'a'" }],
    });
  });

  it('flags a declared outputSchema with no structuredContent, unless the tool failed', () => {
    expect(
      checkStructuredContent({ outputSchema: weatherSchema, structuredContent: undefined, isError: false }),
    ).toEqual({ kind: 'missing' });
    expect(
      checkStructuredContent({ outputSchema: weatherSchema, structuredContent: undefined, isError: true }),
    ).toEqual({ kind: 'none' });
  });

  it('says when there is nothing to check against', () => {
    expect(
      checkStructuredContent({ outputSchema: undefined, structuredContent: { a: 1 }, isError: false }),
    ).toEqual({
      kind: 'unchecked',
    });
    expect(
      checkStructuredContent({ outputSchema: undefined, structuredContent: undefined, isError: false }),
    ).toEqual({
      kind: 'none',
    });
  });

  it('reports a schema that cannot be compiled', () => {
    const check = checkStructuredContent({
      outputSchema: { type: 'object', properties: { a: { type: 'no-such-type' } } },
      structuredContent: { a: 1 },
      isError: false,
    });
    expect(check.kind).toBe('bad-schema');
  });

  it('checks structuredContent that is not an object (2026-07-28 allows any JSON value), per 2020-12', () => {
    // prefixItems is 2020-12's tuple keyword; a draft-07 engine would ignore it.
    const outputSchema = {
      type: 'array',
      prefixItems: [{ type: 'string' }, { type: 'number' }],
      items: false,
    };
    expect(checkStructuredContent({ outputSchema, structuredContent: ['a', 1], isError: false })).toEqual({
      kind: 'pass',
    });
    const wrong = checkStructuredContent({ outputSchema, structuredContent: [1, 'a', true], isError: false });
    expect(wrong.kind).toBe('fail');
    expect(
      checkStructuredContent({ outputSchema: { type: 'string' }, structuredContent: 'ok', isError: false }),
    ).toEqual({
      kind: 'pass',
    });
  });
});
