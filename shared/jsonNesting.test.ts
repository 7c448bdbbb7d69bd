import { describe, expect, it } from 'vitest';
import { nestingTooDeep } from './jsonNesting.js';

const nest = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

describe('nestingTooDeep', () => {
  it('takes nesting up to the limit and names the line of the first level past it', () => {
    expect(nestingTooDeep(nest(512), 512)).toBeUndefined();
    expect(nestingTooDeep(nest(513), 512)).toEqual({ line: 1 });
    expect(nestingTooDeep(`{"a": 1}\n{"b": 2}\n{"c": ${nest(200_000)}}\n`, 512)).toEqual({ line: 3 });
  });

  it('counts each JSON Lines record on its own: many shallow lines are not deep', () => {
    const lines = Array.from({ length: 2000 }, () => '{"x": [[1]]}').join('\n');
    expect(nestingTooDeep(lines, 4)).toBeUndefined();
  });

  it('passes over brackets in strings (escaped quotes too) and in comments', () => {
    const inString = `{"text": "${'['.repeat(600)} \\" ${'{'.repeat(600)}"}`;
    expect(nestingTooDeep(inString, 512)).toBeUndefined();
    const inComments = `// ${'['.repeat(600)}\n/* ${'{'.repeat(600)}\n */ {"a": [1]}`;
    expect(nestingTooDeep(inComments, 512)).toBeUndefined();
    // Lines after a block comment are still counted.
    expect(nestingTooDeep(`/*\n\n*/\n${nest(3)}`, 2)).toEqual({ line: 4 });
  });
});
