import { describe, expect, it } from 'vitest';
import { parseArguments } from './ArgumentsEditor';

describe('parseArguments', () => {
  it('treats an empty box as no arguments', () => {
    expect(parseArguments('  ')).toEqual({ value: {} });
  });
  it('accepts a JSON object', () => {
    expect(parseArguments('{"a": [1, {"b": null}]}')).toEqual({ value: { a: [1, { b: null }] } });
  });
  it('says where JSON is broken and refuses non-objects', () => {
    expect(parseArguments('{"a": }').error).toMatch(/^Not valid JSON/);
    expect(parseArguments('[1]').error).toBe('Arguments must be a JSON object');
    expect(parseArguments('"x"').error).toBe('Arguments must be a JSON object');
  });
});
