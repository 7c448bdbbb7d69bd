import { describe, expect, it } from 'vitest';
import { parseJsonText } from './jsonText.js';

describe('config file text', () => {
  it('reads JSON as JSON.parse does', () => {
    for (const text of [
      '{"a": [1, -2.5e3, true, false, null, "x\\n\\u00e9"], "b": {}}',
      '[]',
      '"s"',
      '  0  ',
      '{"__proto__": {"polluted": 1}}',
    ]) {
      expect(parseJsonText(text)).toEqual({ value: JSON.parse(text) });
    }
    const parsed = parseJsonText('{"__proto__": {"polluted": 1}}') as { value: object };
    expect(Object.getPrototypeOf(parsed.value)).toBe(Object.prototype);
  });

  it("allows the comments and trailing commas of editors' config files", () => {
    const text = `{
      // VS Code's mcp.json
      "servers": {
        "fs": { "command": "npx", /* pinned */ "args": ["-y", "server",], },
      },
    }`;
    expect(parseJsonText(text)).toEqual({
      value: { servers: { fs: { command: 'npx', args: ['-y', 'server'] } } },
    });
  });

  it('says where a mistake is, by line and column, and what was expected there', () => {
    expect(parseJsonText('{\n  "a": 1\n  "b": 2\n}')).toEqual({
      error: 'line 3, column 3: expected "," or "}" after the property value, found "\\""',
      line: 3,
      column: 3,
    });
    expect(parseJsonText('{\n  "a": ,\n}')).toMatchObject({
      line: 2,
      column: 8,
      error: /expected a value, found ","/,
    });
    expect(parseJsonText("{'a': 1}")).toMatchObject({ line: 1, column: 2 });
    expect(parseJsonText('{"a": tru}')).toMatchObject({
      error: 'line 1, column 7: expected a value, found "tru"',
    });
    expect(parseJsonText('{"a": 1')).toMatchObject({ error: /found the end of the file/ });
    expect(parseJsonText('{"a": "line\nbreak"}')).toMatchObject({ line: 1, column: 12 });
    expect(parseJsonText('{} {}')).toMatchObject({
      error: 'line 1, column 4: expected nothing after the value, found "{"',
    });
    expect(parseJsonText('')).toMatchObject({
      error: 'line 1, column 1: expected a value, found the end of the file',
    });
    expect(parseJsonText('['.repeat(10_000))).toMatchObject({ error: /levels of nesting/ });
  });
});
