import { describe, expect, it } from 'vitest';
import { fieldControlId, schemaProblems } from './schemaProblems';

const schema = {
  type: 'object',
  required: ['text', 'tags'],
  properties: {
    text: { type: 'string' },
    count: { type: 'integer', maximum: 10 },
    tags: { type: 'array', minItems: 1, items: { type: 'string' } },
    id: { anyOf: [{ type: 'string' }, { type: 'number' }] },
    points: {
      type: 'array',
      items: { type: 'object', required: ['x'], properties: { x: { type: 'integer' } } },
    },
  },
};

describe('schemaProblems', () => {
  it('one line per failing field, with a path a person reads and a message', () => {
    const problems = schemaProblems({ count: 11.5, tags: [], id: true, points: [{}] }, schema);
    expect(problems.map((problem) => `${problem.field}: ${problem.message}`)).toEqual([
      'text: is required',
      'count: must be integer',
      'count: must be <= 10',
      'tags: must NOT have fewer than 1 items',
      'id: fits none of the types it may have',
      'points[0].x: is required',
    ]);
  });

  it('none for a value that fits', () => {
    expect(schemaProblems({ text: 'a', tags: ['b'] }, schema)).toEqual([]);
  });

  it('links to the control rjsf draws for the field', () => {
    expect(fieldControlId('args', ['points', 0, 'x'])).toBe('args_points_0_x');
  });
});
