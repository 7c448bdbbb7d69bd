import { describe, expect, it } from 'vitest';
import { evaluate, type Observation } from './expectations.js';
import { latencyBound, proposeExpectations } from './propose.js';

describe('"Expect this result"', () => {
  const observation: Observation = {
    kind: 'result',
    durationMs: 40,
    result: {
      content: [{ type: 'text', text: '{"sum":5}\nmore' }],
      structuredContent: { sum: 5, label: 'five', list: [1] },
      _meta: { requestId: 'x' },
    },
  };

  it('proposes the outcome, block types, scalar fields, schema, first text line and a latency bound', () => {
    expect(proposeExpectations(observation, { kind: 'tool', hasOutputSchema: true })).toEqual([
      { type: 'succeeds' },
      { type: 'contentTypes', types: ['text'] },
      { type: 'path', path: '$.structuredContent.sum', op: 'equals', value: 5 },
      { type: 'path', path: '$.structuredContent.label', op: 'equals', value: 'five' },
      { type: 'outputSchema' },
      { type: 'textContains', text: '{"sum":5}' },
      { type: 'latency', underMs: 1000 },
    ]);
  });

  it('what it proposes holds for the result it came from (a snapshot ignoring _meta)', () => {
    const proposed = proposeExpectations(observation, { kind: 'tool', snapshot: true });
    expect(proposed.at(-1)).toEqual({ type: 'snapshot', value: observation.result, ignore: ['$._meta'] });
    const verdicts = evaluate(proposed, observation, { kind: 'tool' });
    expect(verdicts.every((verdict) => verdict.pass)).toBe(true);
  });

  it('an error proposes its code; isError proposes isError', () => {
    expect(
      proposeExpectations(
        { kind: 'rpcError', code: -32602, message: 'bad', durationMs: 1 },
        { kind: 'tool' },
      ),
    ).toEqual([{ type: 'rpcError', code: -32602 }]);
    const failed: Observation = { kind: 'result', durationMs: 1, result: { content: [], isError: true } };
    expect(proposeExpectations(failed, { kind: 'tool' })[0]).toEqual({ type: 'isError' });
  });

  it('latency bounds are round numbers with room to spare', () => {
    expect(latencyBound(3)).toBe(1000);
    expect(latencyBound(240)).toBe(3000);
    expect(latencyBound(1234)).toBe(20000);
  });
});
