import { describe, expect, it } from 'vitest';
import { carryValue, fitsSchema, fromText, matchingBranch } from './valueFit';

describe('fromText', () => {
  const any = ['string', 'number', 'boolean', 'null'];

  it('types a text by what it reads as, among the allowed types', () => {
    expect(fromText('2.75', any)).toBe(2.75);
    expect(fromText('-3e2', any)).toBe(-300);
    expect(fromText('true', any)).toBe(true);
    expect(fromText('null', any)).toBeNull();
    expect(fromText('2.75 kg', any)).toBe('2.75 kg');
    expect(fromText('', any)).toBeUndefined();
  });

  it('only into a type the field allows', () => {
    expect(fromText('2.75', ['string', 'boolean'])).toBe('2.75');
    expect(fromText('2.5', ['integer', 'string'])).toBe('2.5');
    expect(fromText('2', ['integer', 'string'])).toBe(2);
    expect(fromText('yes', ['number', 'boolean'])).toBeUndefined();
    expect(fromText('{"a":1}', ['object', 'string'])).toEqual({ a: 1 });
    expect(fromText('{"a":', ['object', 'string'])).toBe('{"a":');
  });
});

describe('carryValue', () => {
  it('keeps a value that fits the new branch, converts one whose text means the same', () => {
    expect(carryValue('hello', { type: 'string' })).toBe('hello');
    expect(carryValue('42', { type: 'number' })).toBe(42);
    expect(carryValue(42, { type: 'string' })).toBe('42');
    expect(carryValue('true', { type: 'boolean' })).toBe(true);
    expect(carryValue('hello', { type: 'number' })).toBeUndefined();
    expect(carryValue(2.5, { type: 'integer' })).toBeUndefined();
  });

  it('a const branch is its const; a null branch is null', () => {
    expect(carryValue(12, { const: 'auto' })).toBe('auto');
    expect(carryValue('x', { type: 'null' })).toBeNull();
  });

  it('an object keeps the properties the branch knows, and takes the branch’s discriminator', () => {
    const square = {
      type: 'object',
      properties: { kind: { const: 'square' }, side: { type: 'number' }, colour: { type: 'string' } },
    };
    expect(carryValue({ kind: 'circle', r: 2, colour: 'red' }, square)).toEqual({
      colour: 'red',
      kind: 'square',
    });
  });
});

describe('fitsSchema and matchingBranch', () => {
  it('checks type, const, enum and a discriminator', () => {
    expect(fitsSchema(3, { type: 'number' })).toBe(true);
    expect(fitsSchema(3.5, { type: 'integer' })).toBe(false);
    expect(fitsSchema('b', { enum: ['a'] })).toBe(false);
    const branches = [
      { schema: { type: 'object', properties: { kind: { const: 'circle' } } } },
      { schema: { type: 'object', properties: { kind: { const: 'square' } } } },
    ];
    expect(matchingBranch({ kind: 'square' }, branches)).toBe(1);
    expect(matchingBranch(undefined, branches)).toBe(-1);
  });
});
