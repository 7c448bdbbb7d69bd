// "Expect this result": the result as it is (a snapshot, ids and times ignored), the looser checks
// as options; and the proposal holds on the next run of the same answer, fails on a changed one.
import { describe, expect, it } from 'vitest';
import { evaluate, type Observation } from './expectations.js';
import { proposeResult } from './proposeResult.js';

const observed = (result: Record<string, unknown>): Observation => ({
  kind: 'result',
  result,
  durationMs: 12,
});
const passes = (expectations: ReturnType<typeof proposeResult>['expect'], result: Record<string, unknown>) =>
  evaluate(expectations, observed(result), { kind: 'tool' }).every((verdict) => verdict.pass);

describe('proposeResult', () => {
  it('exact text, not "text contains": a release that adds a prefix to the answer fails', () => {
    const result = { content: [{ type: 'text', text: 'Echo: hello' }] };
    const proposal = proposeResult(observed(result), { kind: 'tool' });
    expect(proposal.expect).toEqual([{ type: 'succeeds' }, { type: 'snapshot', value: result }]);
    expect(passes(proposal.expect, result)).toBe(true);
    expect(passes(proposal.expect, { content: [{ type: 'text', text: 'WARNING: Echo: hello' }] })).toBe(
      false,
    );
    // The looser checks are there to add: contains, types, latency.
    expect(proposal.options).toEqual([
      { type: 'contentTypes', types: ['text'] },
      { type: 'textContains', text: 'Echo: hello' },
      { type: 'latency', underMs: 1000 },
    ]);
  });

  it('structuredContent equality with its ids and timestamps ignored, each offered back as a matches check', () => {
    const result = {
      content: [
        { type: 'text', text: 'Created note 3f2b8c1e-9d4a-4b7e-8f00-1234567890ab at 2026-11-27T23:40:01Z' },
      ],
      structuredContent: {
        id: '3f2b8c1e-9d4a-4b7e-8f00-1234567890ab',
        createdAt: 1795000000000,
        title: 'groceries',
      },
      _meta: { requestId: 'abc' },
    };
    const proposal = proposeResult(observed(result), { kind: 'tool' });
    expect(proposal.expect[1]).toEqual({
      type: 'snapshot',
      value: result,
      ignore: ['$._meta', '$.structuredContent.id', '$.structuredContent.createdAt', '$.content[0].text'],
    });
    // The text is still checked whole, its id and time by their form.
    expect(proposal.expect[2]).toMatchObject({ type: 'path', path: '$.content[0].text', op: 'matches' });
    expect(proposal.options.slice(0, 2)).toEqual([
      { type: 'path', path: '$.structuredContent.id', op: 'matches', value: '^[0-9a-fA-F-]{36}$' },
      { type: 'path', path: '$.structuredContent.createdAt', op: 'matches', value: String.raw`^\d+$` },
    ]);
    const nextRun = {
      content: [
        { type: 'text', text: 'Created note 0a1b2c3d-0000-4000-8000-abcdefabcdef at 2026-11-28T08:00:00Z' },
      ],
      structuredContent: {
        id: '0a1b2c3d-0000-4000-8000-abcdefabcdef',
        createdAt: 1795100000000,
        title: 'groceries',
      },
      _meta: { requestId: 'def' },
    };
    expect(passes(proposal.expect, nextRun)).toBe(true);
    const renamed = { ...nextRun, structuredContent: { ...nextRun.structuredContent, title: 'errands' } };
    expect(passes(proposal.expect, renamed)).toBe(false);
    const reworded = {
      ...nextRun,
      content: [{ type: 'text', text: 'Made note 0a1b2c3d-0000-4000-8000-abcdefabcdef' }],
    };
    expect(passes(proposal.expect, reworded)).toBe(false);
  });

  it('a JSON-RPC error: its code, nothing else', () => {
    const proposal = proposeResult(
      { kind: 'rpcError', code: -32602, message: 'bad', durationMs: 3 },
      { kind: 'tool' },
    );
    expect(proposal).toEqual({ expect: [{ type: 'rpcError', code: -32602 }], options: [] });
  });
});
