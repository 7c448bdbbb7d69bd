import { describe, expect, it } from 'vitest';
import { compileSchema, UnusableSchemaError } from './engine.js';
import { metaSchemaOf } from './metaSchemas.js';
import { checkValue } from './problems.js';

describe('the one JSON Schema engine', () => {
  it('names the path, the keyword and the expected value of each failure', () => {
    const check = compileSchema({
      type: 'object',
      properties: {
        points: {
          type: 'array',
          items: { type: 'object', properties: { x: { type: 'integer', maximum: 10 } }, required: ['x'] },
        },
        code: { type: 'string', pattern: '^[A-Z]{3}$' },
      },
    });
    expect(check({ points: [{ x: 11 }, {}], code: 'abc' })).toEqual([
      expect.objectContaining({
        instancePath: '/points/0/x',
        keyword: 'maximum',
        expected: 10,
        message: 'must be <= 10',
      }),
      expect.objectContaining({
        instancePath: '/points/1',
        keyword: 'required',
        params: { missingProperty: 'x' },
        message: "must have required property 'x'",
      }),
      expect.objectContaining({
        instancePath: '/code',
        keyword: 'pattern',
        expected: '^[A-Z]{3}$',
        message: 'must match pattern "^[A-Z]{3}$"',
      }),
    ]);
  });

  it('follows a $ref to say what the referenced schema expected', () => {
    const check = compileSchema({
      type: 'object',
      properties: { tag: { $ref: '#/$defs/tag' } },
      $defs: { tag: { type: 'string', maxLength: 3 } },
    });
    expect(check({ tag: 'long' })).toEqual([
      expect.objectContaining({ instancePath: '/tag', keyword: 'maxLength', expected: 3 }),
    ]);
  });

  it('reads each schema in the dialect it declares: 2020-12 by default, 2019-09, draft-07, draft-04', () => {
    // 2020-12: items after prefixItems; draft-07: items as an array is per position.
    const tuple = { type: 'array', prefixItems: [{ type: 'string' }], items: false };
    expect(compileSchema(tuple)(['a', 'b'])).toEqual([
      expect.objectContaining({
        instancePath: '',
        keyword: 'items',
        message: 'must NOT have more than 1 items',
      }),
    ]);
    const draft07 = {
      $schema: 'http://json-schema.org/draft-07/schema#',
      type: 'array',
      items: [{ type: 'string' }],
      additionalItems: false,
    };
    expect(compileSchema(draft07)(['a', 'b'])).toHaveLength(1);
    expect(compileSchema(draft07)(['a'])).toEqual([]);
    const draft04 = {
      $schema: 'http://json-schema.org/draft-04/schema#',
      minimum: 3,
      exclusiveMinimum: true,
    };
    expect(compileSchema(draft04)(3)).toEqual([expect.objectContaining({ message: 'must be > 3' })]);
    const draft2019 = {
      $schema: 'https://json-schema.org/draft/2019-09/schema',
      dependentRequired: { credit: ['billing'] },
    };
    expect(compileSchema(draft2019)({ credit: 1 })).toEqual([
      expect.objectContaining({ message: 'must have property billing when property credit is present' }),
    ]);
  });

  it('says a property the schema does not allow of the object, by name', () => {
    const check = compileSchema({ type: 'object', properties: { a: {} }, additionalProperties: false });
    expect(check({ a: 1, b: 2 })).toEqual([
      expect.objectContaining({
        instancePath: '',
        keyword: 'additionalProperties',
        params: { additionalProperty: 'b' },
        message: 'must NOT have additional properties',
      }),
    ]);
  });

  it('refuses a schema it cannot use when compiling, not when a value reaches the bad part', () => {
    expect(() => compileSchema({ properties: { a: { $ref: '#/$defs/missing' } } })).toThrow(
      UnusableSchemaError,
    );
    expect(() => compileSchema({ pattern: '(' })).toThrow(/pattern/);
    expect(() => compileSchema({ type: 'no-such-type' })).toThrow(/type must be one of/);
    expect(() => compileSchema('not a schema')).toThrow(UnusableSchemaError);
  });

  it('leaves the schema it was given as it was (the engine marks what it reads)', () => {
    const schema = {
      type: 'object',
      properties: { a: { $ref: '#/$defs/a' } },
      $defs: { a: { type: 'string' } },
    };
    const before = JSON.stringify(schema);
    compileSchema(schema)({ a: 1 });
    expect(JSON.stringify(schema)).toBe(before);
    expect(Object.getOwnPropertyNames(schema.properties.a)).toEqual(['$ref']);
  });

  it('reads a key set to undefined as absent, as JSON carries it', () => {
    const check = compileSchema({ type: 'object', properties: { n: { type: 'number' } }, required: ['n'] });
    expect(check({ n: undefined })).toEqual([expect.objectContaining({ keyword: 'required' })]);
  });

  it('checks schemas against their meta-schema in every dialect, subschemas included', () => {
    const broken = { type: 'object', properties: { a: { type: 'strin' }, b: { minLength: -1 } } };
    for (const draft of ['2020-12', '2019-09', '7', '4'] as const) {
      const paths = metaSchemaOf(draft)(broken).map((error) => error.instancePath);
      expect(paths, draft).toContain('/properties/a/type');
      expect(paths, draft).toContain('/properties/b/minLength');
      expect(metaSchemaOf(draft)({ type: 'object', properties: { a: { type: 'string' } } }), draft).toEqual(
        [],
      );
    }
  });

  it('says problems a person reads: one line per field, a union that fits no branch once', () => {
    const schema = {
      type: 'object',
      required: ['text'],
      properties: { id: { anyOf: [{ type: 'string' }, { type: 'number' }] }, mode: { enum: ['a', 'b'] } },
      additionalProperties: false,
    };
    const checked = checkValue({ id: true, mode: 'c', extra: 1 }, schema, '(arguments)');
    expect(checked).toEqual({
      problems: [
        { path: ['text'], field: 'text', message: 'is required' },
        { path: ['extra'], field: 'extra', message: 'is not a property the schema allows' },
        { path: ['id'], field: 'id', message: 'fits none of the types it may have' },
        { path: ['mode'], field: 'mode', message: 'must be one of "a", "b"' },
      ],
    });
    expect(checkValue({}, { $ref: '#/nowhere' })).toMatchObject({
      unusable: expect.stringMatching(/#\/nowhere/),
    });
  });
});
