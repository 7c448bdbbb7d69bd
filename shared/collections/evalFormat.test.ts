import { describe, expect, it } from 'vitest';
import { collectionText, parseCollection } from './format.js';

const evals = [
  {
    name: 'weather',
    prompt: 'Weather in Paris?',
    system: 'Use the tools.',
    tools: ['get_weather'],
    runs: 5,
    threshold: 0.8,
    maxSteps: 4,
    destructiveTools: 'refuse',
    expect: [
      { type: 'calledTool', tool: 'get_weather' },
      { type: 'calledTool', tool: 'delete_note', not: true },
      { type: 'arguments', tool: 'get_weather', path: '$.city', op: 'matches', value: '^Par' },
      { type: 'argumentsValid' },
      { type: 'noDestructiveTool' },
      { type: 'finalText', op: 'contains', value: 'Paris' },
      { type: 'maxSteps', steps: 3 },
    ],
  },
];

function parse(value: unknown) {
  return parseCollection(JSON.stringify({ formatVersion: 1, items: [], evals: value }));
}

describe("a collection's evals", () => {
  it('reads them, and writes them back the same', () => {
    const parsed = parse(evals);
    if ('error' in parsed) throw new Error(parsed.error);
    expect(parsed.collection.evals).toEqual(evals);
    const again = parseCollection(collectionText(parsed.collection));
    expect(again).toEqual(parsed);
  });

  it('names a mistake by where it is', () => {
    expect(parse([{ name: 'a', prompt: 'p', expect: [{ type: 'calledTool' }] }])).toEqual({
      error: 'evals[0] ("a").expect[0].tool: expected a string',
    });
    expect(parse([{ name: 'a', prompt: 'p', runs: 0, expect: [] }])).toEqual({
      error: 'evals[0] ("a").runs: expected a whole number from 1 to 100',
    });
    expect(parse([{ name: 'a', prompt: 'p', threshold: 2, expect: [] }])).toMatchObject({
      error: expect.stringContaining('threshold'),
    });
    expect(
      parse([{ name: 'a', prompt: 'p', expect: [{ type: 'finalText', op: 'matches', value: '(' }] }]),
    ).toMatchObject({
      error: expect.stringContaining('not a regular expression'),
    });
    expect(parse([{ name: 'a', prompt: 'p', expect: [{ type: 'guess' }] }])).toMatchObject({
      error: expect.stringContaining('expected one of calledTool, arguments'),
    });
    expect(parse([{ name: 'a', prompt: 'p', destructiveTools: 'ask', expect: [] }])).toEqual({
      error:
        'evals[0] ("a").destructiveTools: expected "allow" or "refuse" (left out: the page asks, headless refuses)',
    });
    expect(parse([{ name: 'a', prompt: 'p', apiKey: 'x', expect: [] }])).toMatchObject({
      error: expect.stringContaining('unknown field "apiKey"'),
    });
    expect(
      parse([
        { name: 'a', prompt: 'p', expect: [] },
        { name: 'a', prompt: 'q', expect: [] },
      ]),
    ).toEqual({ error: 'evals[1].name: "a" is the name of an earlier eval too' });
  });
});
