import { describe, expect, it } from 'vitest';
import { collectionText, parseCollection, type Collection } from './format.js';

const collection: Collection = {
  formatVersion: 1,
  name: 'demo',
  target: { command: 'node', args: ['server.js'], env: { API_KEY: '${env:API_KEY}' } },
  items: [
    {
      name: 'add',
      kind: 'tool',
      tool: 'add',
      arguments: { a: 2, b: 3 },
      expect: [{ type: 'path', path: '$.structuredContent.sum', op: 'equals', value: 5 }],
    },
    { name: 'readme', kind: 'resource', uri: 'demo://docs/readme', expect: [] },
    {
      name: 'greet',
      kind: 'prompt',
      prompt: 'greeting',
      arguments: { name: 'Ada' },
      answers: { elicitation: { action: 'accept', content: { ok: true } }, samplingReply: 'hi' },
      expect: [{ type: 'textContains', text: 'Ada' }],
    },
  ],
};

describe('the collection file', () => {
  it('reads back what it writes, and writes the same bytes each time (sorted keys, one item per block)', () => {
    const text = collectionText(collection);
    expect(parseCollection(text)).toEqual({ collection });
    expect(collectionText((parseCollection(text) as { collection: Collection }).collection)).toBe(text);
    // Sorted keys at every depth, two-space indent, a final newline.
    expect(text.startsWith('{\n  "formatVersion": 1,\n  "items": [\n    {\n      "arguments": {')).toBe(true);
    expect(text.endsWith('}\n')).toBe(true);
  });

  it('names a syntax error by line and column', () => {
    const text = '{\n  "formatVersion": 1,\n  "items": [\n    { "name": "a" "kind": "tool" }\n  ]\n}\n';
    const parsed = parseCollection(text);
    expect(parsed).toMatchObject({ line: 4, column: 19 });
    expect((parsed as { error: string }).error).toMatch(/^line 4, column 19: expected "," or "}"/);
  });

  it('names a value of the wrong shape by where it is', () => {
    const wrong = (patch: unknown) =>
      (parseCollection(JSON.stringify({ formatVersion: 1, items: [patch] })) as { error: string }).error;
    expect(wrong({ name: 'x', kind: 'tool' })).toBe('items[0] ("x").tool: expected a string');
    expect(
      wrong({
        name: 'x',
        kind: 'tool',
        tool: 't',
        expect: [{ type: 'path', path: '$.a', op: 'near', value: 1 }],
      }),
    ).toBe('items[0] ("x").expect[0].op: expected "equals", "contains", "matches" or "exists"');
    expect(
      wrong({
        name: 'x',
        kind: 'tool',
        tool: 't',
        expect: [{ type: 'path', path: '$.a', op: 'matches', value: '(' }],
      }),
    ).toMatch(/^items\[0\] \("x"\)\.expect\[0\]\.value: not a regular expression/);
    expect(wrong({ name: 'x', kind: 'tool', tool: 't', expect: [{ type: 'nope' }] })).toMatch(
      /expect\[0\]\.type: expected one of succeeds/,
    );
    expect(wrong({ name: 'x', kind: 'rpc', tool: 't' })).toBe(
      'items[0] ("x").kind: expected "tool", "prompt" or "resource"',
    );
    expect(wrong({ name: 'x', kind: 'tool', tool: 't', extra: 1 })).toMatch(/unknown field "extra"/);
    expect((parseCollection('{"formatVersion":2,"items":[]}') as { error: string }).error).toMatch(
      /formatVersion: expected 1, found 2/,
    );
    expect(
      (
        parseCollection(
          '{"formatVersion":1,"items":[{"name":"a","kind":"resource","uri":"x"},{"name":"a","kind":"resource","uri":"y"}]}',
        ) as { error: string }
      ).error,
    ).toBe('items[1].name: "a" is the name of an earlier item too');
    expect((parseCollection('{"formatVersion":1,"items":[],"target":{}}') as { error: string }).error).toBe(
      'target: give either "command" or "url"',
    );
  });
});
