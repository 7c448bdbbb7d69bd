import { describe, expect, it } from 'vitest';
import type { RJSFSchema } from '@rjsf/utils';
import { formValidator } from './formValidator';

const schema: RJSFSchema = {
  type: 'object',
  required: ['text'],
  properties: {
    text: { type: 'string', minLength: 2 },
    count: { type: 'integer', maximum: 10 },
    point: { $ref: '#/$defs/point' },
  },
  $defs: { point: { type: 'object', required: ['x'], properties: { x: { type: 'number' } } } },
};

describe("rjsf's validator over the one engine", () => {
  it('places each error on its field with the words and expectation of the keyword', () => {
    const { errors, errorSchema } = formValidator.validateFormData({ count: 11, point: {} }, schema);
    expect(errors.map(({ name, property, message }) => ({ name, property, message }))).toEqual([
      { name: 'required', property: 'text', message: "must have required property 'text'" },
      { name: 'maximum', property: '.count', message: 'must be <= 10' },
      { name: 'required', property: '.point.x', message: "must have required property 'x'" },
    ]);
    expect(errorSchema).toMatchObject({
      text: { __errors: ["must have required property 'text'"] },
      count: { __errors: ['must be <= 10'] },
      point: { x: { __errors: ["must have required property 'x'"] } },
    });
    expect(formValidator.validateFormData({ text: 'ok' }, schema).errors).toEqual([]);
  });

  it("checks a subschema whose $refs point into the form's root schema (rjsf's choice of a union branch)", () => {
    const branch: RJSFSchema = { $ref: '#/$defs/point' };
    expect(formValidator.isValid(branch, { x: 1 }, schema)).toBe(true);
    expect(formValidator.isValid(branch, {}, schema)).toBe(false);
  });

  it('says a schema it cannot use instead of passing every value', () => {
    const result = formValidator.validateFormData({}, { $ref: '#/$defs/nowhere' });
    expect(result.errors.at(-1)?.stack).toMatch(/nowhere/);
  });
});
