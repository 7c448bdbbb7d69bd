import { describe, expect, it } from 'vitest';
import type { Collection } from '../collections/format.js';
import type { CollectionRun, ItemRun } from '../collections/runner.js';
import { callDifferences } from './callParity.js';

function run(...items: ItemRun[]): CollectionRun {
  return { items, passed: items.length, failed: 0, durationMs: 1 };
}

function answered(name: string, result: Record<string, unknown>, durationMs = 3): ItemRun {
  return {
    name,
    kind: 'tool',
    subject: 'echo',
    status: 'passed',
    expectations: [],
    observation: { kind: 'result', result, durationMs },
  };
}

describe('call parity', () => {
  it('ignores what the eras are meant to differ in: _meta at any depth, resultType, cache hints, timing', () => {
    const legacy = run(answered('hi', { content: [{ type: 'text', text: 'hi', _meta: { a: 1 } }] }, 2));
    const modern = run(
      answered(
        'hi',
        {
          content: [{ type: 'text', text: 'hi' }],
          resultType: 'complete',
          ttlMs: 1000,
          cacheScope: 'session',
          _meta: { 'io.modelcontextprotocol/related-task': {} },
        },
        90,
      ),
    );
    expect(callDifferences(legacy, modern)).toEqual([]);
  });

  it('names each place two results differ, under $.calls["item"]', () => {
    const legacy = run(answered('hi', { content: [{ type: 'text', text: 'Hello' }] }));
    const modern = run(answered('hi', { content: [{ type: 'text', text: 'Hi' }], isError: true }));
    expect(callDifferences(legacy, modern)).toEqual([
      {
        kind: 'breaking',
        path: '$.calls["hi"].content[0].text',
        what: 'call "hi" (tool echo): the results differ',
        before: 'Hello',
        after: 'Hi',
      },
      {
        kind: 'breaking',
        path: '$.calls["hi"].isError',
        what: 'call "hi" (tool echo): the result has this in the modern era only',
        after: true,
      },
    ]);
  });

  it('an error in one era only, and two different errors', () => {
    const rpcError = (name: string, message: string): ItemRun => ({
      name,
      kind: 'prompt',
      subject: name,
      status: 'failed',
      expectations: [],
      observation: { kind: 'rpcError', code: -32602, message, durationMs: 1 },
    });
    const legacy = run(answered('one', { content: [] }), rpcError('two', 'no such prompt'));
    const modern = run(rpcError('one', 'bad'), rpcError('two', 'unknown prompt'));
    expect(callDifferences(legacy, modern)).toEqual([
      {
        kind: 'breaking',
        path: '$.calls["one"]',
        what: 'call "one" (tool echo): a result in the legacy era, a JSON-RPC error in the modern era',
        before: { content: [] },
        after: { error: { code: -32602, message: 'bad' } },
      },
      {
        kind: 'breaking',
        path: '$.calls["two"].error.message',
        what: 'call "two" (prompt): the errors differ',
        before: 'no such prompt',
        after: 'unknown prompt',
      },
    ]);
  });

  it('no answer in one era (an unknown tool, a timeout): said with its reason', () => {
    const none: ItemRun = {
      name: 'old',
      kind: 'tool',
      subject: 'legacy_only',
      status: 'error',
      reason: 'the server has no tool "legacy_only"',
      expectations: [],
    };
    const [difference] = callDifferences(run(answered('old', { content: [] })), run(none));
    expect(difference).toMatchObject({
      path: '$.calls["old"]',
      what: 'call "old" (tool echo): a result in the legacy era, no answer in the modern era',
      after: { noAnswer: 'the server has no tool "legacy_only"' },
    });
  });

  it("leaves out what the item's snapshot expectation ignores: values that change from run to run", () => {
    const collection: Collection = {
      formatVersion: 1,
      items: [
        {
          name: 'now',
          kind: 'tool',
          tool: 'clock',
          expect: [{ type: 'snapshot', value: {}, ignore: ['$.structuredContent.at'] }],
        },
      ],
    };
    const legacy = run(answered('now', { content: [], structuredContent: { at: 1, zone: 'UTC' } }));
    const modern = run(answered('now', { content: [], structuredContent: { at: 2, zone: 'UTC' } }));
    expect(callDifferences(legacy, modern, collection)).toEqual([]);
    expect(callDifferences(legacy, modern)).toHaveLength(1);
  });
});
