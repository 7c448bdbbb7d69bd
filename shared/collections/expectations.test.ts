import { describe, expect, it } from 'vitest';
import { evaluate, type EvaluationContext, type Observation, type SchemaValidator } from './expectations.js';
import type { Expectation } from './format.js';
import { structuredCloneJson } from './jsonPath.js';

const toolResult: Observation = {
  kind: 'result',
  durationMs: 12,
  result: {
    content: [
      { type: 'text', text: 'The sum of 2 and 3 is 5.' },
      { type: 'image', data: 'AAAA', mimeType: 'image/png' },
    ],
    structuredContent: { sum: 5, items: ['a', 'b'], note: 'order-42' },
  },
};
const rpcError: Observation = { kind: 'rpcError', code: -32602, message: 'Invalid params', durationMs: 3 };

/** A validator for these tests only: the schema here lists required keys and nothing else. */
const requiredKeys: SchemaValidator = (value, schema) => {
  const required = (schema as { required?: string[] }).required ?? [];
  return { problems: required.filter((key) => !(key in (value as object))).map((key) => `${key}: required`) };
};
const tool: EvaluationContext = { kind: 'tool', outputSchema: { required: ['sum'] }, validate: requiredKeys };

const one = (expectation: Expectation, observation: Observation = toolResult, context = tool) => {
  const [verdict] = evaluate([expectation], observation, context);
  if (!verdict) throw new Error('no verdict');
  return verdict;
};

describe('expectations, each checked on its own', () => {
  it('outcome: succeeds, isError, a JSON-RPC error (and its code)', () => {
    expect(one({ type: 'succeeds' })).toMatchObject({ pass: true, expected: 'a result', actual: 'a result' });
    expect(one({ type: 'isError' })).toMatchObject({ pass: false, actual: 'a result' });
    const isError: Observation = { kind: 'result', durationMs: 1, result: { content: [], isError: true } };
    expect(one({ type: 'succeeds' }, isError)).toMatchObject({
      pass: false,
      actual: 'a result with isError: true',
    });
    expect(one({ type: 'isError' }, isError).pass).toBe(true);
    expect(one({ type: 'rpcError' }, rpcError).pass).toBe(true);
    expect(one({ type: 'rpcError', code: -32602 }, rpcError).pass).toBe(true);
    expect(one({ type: 'rpcError', code: -32601 }, rpcError)).toMatchObject({
      pass: false,
      expected: 'JSON-RPC error -32601',
      actual: 'JSON-RPC error -32602: Invalid params',
    });
    expect(one({ type: 'succeeds' }, rpcError).pass).toBe(false);
  });

  it('JSON path: equals, contains, matches, exists; expected against actual when not', () => {
    const path = (p: string, op: 'equals' | 'contains' | 'matches' | 'exists', value?: unknown) =>
      one({ type: 'path', path: p, op, ...(value === undefined ? {} : { value }) });
    expect(path('$.structuredContent.sum', 'equals', 5).pass).toBe(true);
    expect(path('$.structuredContent.sum', 'equals', 6)).toMatchObject({
      pass: false,
      expected: '6',
      actual: '5',
    });
    expect(path('structuredContent.items', 'contains', 'b').pass).toBe(true);
    expect(path('$.content[0].text', 'contains', 'sum of').pass).toBe(true);
    expect(path('$.structuredContent.note', 'matches', '^order-\\d+$').pass).toBe(true);
    expect(path('$.structuredContent.note', 'matches', '^item-')).toMatchObject({
      pass: false,
      actual: '"order-42"',
    });
    expect(path('$.structuredContent.sum', 'exists').pass).toBe(true);
    expect(path('$.structuredContent.total', 'exists')).toMatchObject({
      pass: false,
      actual: '$.structuredContent.total does not exist',
    });
    expect(path('$.structuredContent.sum', 'equals', 5)).toMatchObject({
      label: '$.structuredContent.sum equals 5',
    });
  });

  it('path expectations against an error fail, saying what came back', () => {
    expect(one({ type: 'path', path: '$.x', op: 'exists' }, rpcError)).toMatchObject({
      pass: false,
      actual: 'JSON-RPC error -32602: Invalid params',
    });
  });

  it("structuredContent against the tool's outputSchema", () => {
    expect(one({ type: 'outputSchema' }).pass).toBe(true);
    expect(
      one({ type: 'outputSchema' }, toolResult, { ...tool, outputSchema: { required: ['total'] } }),
    ).toMatchObject({
      pass: false,
      actual: 'total: required',
    });
    expect(one({ type: 'outputSchema' }, toolResult, { kind: 'tool', validate: requiredKeys })).toMatchObject(
      {
        pass: false,
        actual: 'the tool declares no outputSchema',
      },
    );
  });

  it('text contains, content block types, latency', () => {
    expect(one({ type: 'textContains', text: 'is 5' }).pass).toBe(true);
    expect(one({ type: 'textContains', text: 'is 6' })).toMatchObject({
      pass: false,
      actual: '"The sum of 2 and 3 is 5."',
    });
    expect(one({ type: 'contentTypes', types: ['text', 'image'] }).pass).toBe(true);
    expect(one({ type: 'contentTypes', types: ['text'] })).toMatchObject({
      pass: false,
      expected: '[text]',
      actual: '[text, image]',
    });
    expect(one({ type: 'latency', underMs: 100 })).toMatchObject({ pass: true, actual: '12 ms' });
    expect(one({ type: 'latency', underMs: 10 }).pass).toBe(false);
  });

  it('a snapshot: the whole result, ignored paths left out, the differences listed', () => {
    const saved = structuredCloneJson(toolResult.result);
    expect(one({ type: 'snapshot', value: saved }).pass).toBe(true);
    const changed = structuredCloneJson(saved) as { structuredContent: { note: string; sum: number } };
    changed.structuredContent.note = 'order-43';
    expect(one({ type: 'snapshot', value: changed, ignore: ['$.structuredContent.note'] }).pass).toBe(true);
    changed.structuredContent.sum = 6;
    expect(one({ type: 'snapshot', value: changed, ignore: ['$.structuredContent.note'] })).toMatchObject({
      pass: false,
      actual: '1 difference(s)',
      diff: ['- $.structuredContent.sum: 6', '+ $.structuredContent.sum: 5'],
    });
  });

  it('prompts and resources: their texts and block types; no isError', () => {
    const prompt: Observation = {
      kind: 'result',
      durationMs: 1,
      result: { messages: [{ role: 'user', content: { type: 'text', text: 'Hello Ada' } }] },
    };
    expect(one({ type: 'textContains', text: 'Ada' }, prompt, { kind: 'prompt' }).pass).toBe(true);
    expect(one({ type: 'contentTypes', types: ['text'] }, prompt, { kind: 'prompt' }).pass).toBe(true);
    expect(one({ type: 'isError' }, prompt, { kind: 'prompt' })).toMatchObject({
      pass: false,
      actual: 'a prompt result has no isError',
    });
    const resource: Observation = {
      kind: 'result',
      durationMs: 1,
      result: {
        contents: [
          { uri: 'demo://a', text: 'readme' },
          { uri: 'demo://b', blob: 'AA==' },
        ],
      },
    };
    expect(one({ type: 'contentTypes', types: ['text', 'blob'] }, resource, { kind: 'resource' }).pass).toBe(
      true,
    );
    expect(
      one({ type: 'path', path: '$.contents[0].text', op: 'equals', value: 'readme' }, resource, {
        kind: 'resource',
      }).pass,
    ).toBe(true);
  });

  it('each expectation independently: one failing leaves the others passing', () => {
    const verdicts = evaluate(
      [{ type: 'succeeds' }, { type: 'textContains', text: 'nope' }, { type: 'latency', underMs: 1000 }],
      toolResult,
      tool,
    );
    expect(verdicts.map((verdict) => verdict.pass)).toEqual([true, false, true]);
  });
});
