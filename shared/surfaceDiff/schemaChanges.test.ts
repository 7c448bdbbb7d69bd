import { describe, expect, it } from 'vitest';
import { ChangeList } from './changes.js';
import { compareSchemas, type Flow } from './schemaChanges.js';

function changes(before: unknown, after: unknown, flow: Flow = 'input') {
  const list = new ChangeList();
  compareSchemas(before, after, '$.s', flow, 'x', list);
  return list.changes.map((change) => [change.kind, change.path, change.what]);
}

describe('compareSchemas', () => {
  it('a type list narrowed or widened, and integer within number', () => {
    expect(changes({ type: ['string', 'null'] }, { type: 'string' })).toEqual([
      ['breaking', '$.s.type', 'x: type narrowed (no longer null)'],
    ]);
    expect(changes({ type: 'integer' }, { type: 'number' })).toEqual([
      ['compatible', '$.s.type', 'x: type widened (now also number)'],
    ]);
    expect(changes({ type: 'string' }, { type: 'boolean' })).toEqual([
      ['breaking', '$.s.type', 'x: type changed'],
    ]);
  });

  it('bounds: tightened breaks an input, loosened does not', () => {
    expect(changes({ type: 'string', maxLength: 10 }, { type: 'string', maxLength: 5 })).toEqual([
      ['breaking', '$.s.maxLength', 'x: maxLength lowered'],
    ]);
    expect(changes({ type: 'number' }, { type: 'number', minimum: 0 })).toEqual([
      ['breaking', '$.s.minimum', 'x: minimum added'],
    ]);
    expect(changes({ type: 'number', minimum: 5 }, { type: 'number', minimum: 0 })).toEqual([
      ['compatible', '$.s.minimum', 'x: minimum lowered'],
    ]);
  });

  it("a bound at the integer's own limit accepts what its absence accepted: not breaking", () => {
    const max = Number.MAX_SAFE_INTEGER;
    expect(changes({ type: 'integer' }, { type: 'integer', maximum: max })).toEqual([
      [
        'compatible',
        '$.s.maximum',
        "x: maximum added at the integer's own limit (9007199254740991): a caller can send the same values",
      ],
    ]);
    expect(
      changes({ type: 'integer' }, { type: 'integer', minimum: -max, maximum: max }).map((c) => c[0]),
    ).toEqual(['compatible', 'compatible']);
    // Below the limit it is a real bound; on a number (floats go past 2^53) the limit is not the type's.
    expect(changes({ type: 'integer', maximum: max }, { type: 'integer', maximum: 100 })).toEqual([
      ['breaking', '$.s.maximum', 'x: maximum lowered'],
    ]);
    expect(changes({ type: 'number' }, { type: 'number', maximum: max })).toEqual([
      ['breaking', '$.s.maximum', 'x: maximum added'],
    ]);
    // Read the other way in an output: the same values, so still no break.
    expect(
      changes({ type: 'integer', maximum: max }, { type: 'integer' }, 'output').map((c) => c[0]),
    ).toEqual(['compatible']);
  });

  it('an output reads the other way: widened breaks, narrowed does not', () => {
    expect(changes({ type: 'string' }, { type: ['string', 'null'] }, 'output')).toEqual([
      ['breaking', '$.s.type', 'x: type widened (now also null)'],
    ]);
    expect(changes({ enum: ['a', 'b'] }, { enum: ['a', 'b', 'c'] }, 'output')).toEqual([
      ['breaking', '$.s.enum', 'x: enum value "c" added'],
    ]);
  });

  it('nested properties and array items are walked, with their paths', () => {
    const before = {
      type: 'object',
      properties: {
        list: { type: 'array', items: { type: 'object', properties: { id: { type: 'string' } } } },
      },
    };
    const after = {
      type: 'object',
      properties: {
        list: {
          type: 'array',
          items: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] },
        },
      },
    };
    expect(changes(before, after)).toEqual([
      [
        'breaking',
        '$.s.properties.list.items.required',
        'argument "list" items: argument "id" is now required',
      ],
    ]);
  });

  it('no longer accepting other properties breaks an input; words never break', () => {
    expect(changes({ type: 'object' }, { type: 'object', additionalProperties: false })).toEqual([
      ['breaking', '$.s.additionalProperties', 'x: no longer accepts other properties'],
    ]);
    expect(changes({ type: 'string', description: 'a' }, { type: 'string', description: 'b' })).toEqual([
      ['compatible', '$.s.description', 'x: description changed'],
    ]);
  });
});
