import { describe, expect, it } from 'vitest';
import { deepContains, deepEqual, differenceLines, differences } from './compare.js';

describe('comparing JSON values', () => {
  it('equal whatever the key order; arrays in order', () => {
    expect(deepEqual({ a: 1, b: [1, { c: 2 }] }, { b: [1, { c: 2 }], a: 1 })).toBe(true);
    expect(deepEqual([1, 2], [2, 1])).toBe(false);
    expect(deepEqual({ a: 1 }, { a: 1, b: 2 })).toBe(false);
    expect(deepEqual(1, '1')).toBe(false);
  });

  it('contains: substring, array member, object subset', () => {
    expect(deepContains('hello world', 'lo w')).toBe(true);
    expect(deepContains([1, 2, 3], 2)).toBe(true);
    expect(deepContains([{ id: 1, name: 'a' }], { id: 1 })).toBe(true);
    expect(deepContains({ a: 1, b: { c: 'xyz' } }, { b: { c: 'y' } })).toBe(true);
    expect(deepContains({ a: 1 }, { b: 1 })).toBe(false);
    expect(deepContains([1, 2], [2, 3])).toBe(false);
  });

  it('lists the differences by path, - expected and + actual', () => {
    const found = differences({ a: 1, b: [1, 2], c: 'x' }, { a: 2, b: [1], d: true });
    expect(differenceLines(found)).toEqual([
      '- $.a: 1',
      '+ $.a: 2',
      '- $.b[1]: 2',
      '- $.c: "x"',
      '+ $.d: true',
    ]);
  });
});
