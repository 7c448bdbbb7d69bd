// The host's tool calls of a captured session, as the Captured tab renders them: paired with
// their answers (a result, or a JSON-RPC error), the tool as the server listed it to the host.
import { describe, expect, it } from 'vitest';
import type { TrafficRecord } from '../../../shared/core/traffic/trafficRecord';
import { hostCalls } from './hostCalls';

let seq = 0;
const frame = (dir: 'toServer' | 'fromServer', t: number, message: Record<string, unknown>): TrafficRecord =>
  ({
    type: 'frame',
    seq: ++seq,
    t,
    dir,
    bytes: 1,
    generation: 1,
    message: { jsonrpc: '2.0', ...message },
  }) as TrafficRecord;

describe('hostCalls', () => {
  it('pairs each tools/call with its answer and the listed tool', () => {
    const tool = { name: 'echo', inputSchema: { type: 'object' }, outputSchema: { type: 'object' } };
    const calls = hostCalls([
      frame('toServer', 0, { id: 1, method: 'tools/list' }),
      frame('fromServer', 1, { id: 1, result: { tools: [tool] } }),
      frame('toServer', 10, { id: 2, method: 'tools/call', params: { name: 'echo', arguments: { m: 'a' } } }),
      frame('fromServer', 11, { id: 'x', method: 'ping' }),
      frame('toServer', 12, { id: 3, method: 'tools/call', params: { name: 'gone' } }),
      frame('fromServer', 25, { id: 2, result: { content: [{ type: 'text', text: 'a' }] } }),
      frame('fromServer', 26, { id: 3, error: { code: -32602, message: 'unknown tool' } }),
      frame('toServer', 30, { id: 4, method: 'tools/call', params: { name: 'echo', arguments: {} } }),
    ]);
    expect(calls.map((call) => [call.tool, call.arguments, call.outcome])).toEqual([
      [
        tool,
        { m: 'a' },
        { kind: 'result', result: { content: [{ type: 'text', text: 'a' }] }, durationMs: 15 },
      ],
      [
        { name: 'gone', inputSchema: { type: 'object' } },
        {},
        { kind: 'error', code: -32602, message: 'unknown tool', data: undefined, durationMs: 14 },
      ],
      [tool, {}, undefined],
    ]);
  });
});
