import { describe, expect, it } from 'vitest';
import { JSONRPCMessageSchema } from '@modelcontextprotocol/core';
import { isJsonRpcMessageShape } from './jsonRpcShape.js';

const agreed: Record<string, unknown> = {
  request: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'x', arguments: {} } },
  'request, string id': { jsonrpc: '2.0', id: 'a', method: 'ping' },
  'request with progress token': {
    jsonrpc: '2.0',
    id: 1,
    method: 'x',
    params: { _meta: { progressToken: 't' } },
  },
  'request in a task': {
    jsonrpc: '2.0',
    id: 1,
    method: 'x',
    params: { _meta: { 'io.modelcontextprotocol/related-task': { taskId: 'k' } } },
  },
  notification: { jsonrpc: '2.0', method: 'notifications/initialized' },
  result: { jsonrpc: '2.0', id: 1, result: { content: [], _meta: { anything: 1 } } },
  error: { jsonrpc: '2.0', id: 1, error: { code: -32000, message: 'x', data: [1], extra: true } },
  'error without id': { jsonrpc: '2.0', error: { code: -32700, message: 'parse error' } },
  'wrong version': { jsonrpc: '1.0', id: 1, method: 'x' },
  'no version': { id: 1, method: 'x' },
  'fractional id': { jsonrpc: '2.0', id: 1.5, result: {} },
  'unsafe integer id': { jsonrpc: '2.0', id: 2 ** 60, result: {} },
  'null id': { jsonrpc: '2.0', id: null, error: { code: 1, message: 'x' } },
  'method not a string': { jsonrpc: '2.0', id: 1, method: 7 },
  'params an array': { jsonrpc: '2.0', id: 1, method: 'x', params: [1] },
  'params null': { jsonrpc: '2.0', method: 'x', params: null },
  '_meta an array': { jsonrpc: '2.0', method: 'x', params: { _meta: [] } },
  'progress token an object': {
    jsonrpc: '2.0',
    id: 1,
    method: 'x',
    params: { _meta: { progressToken: {} } },
  },
  'task without id': {
    jsonrpc: '2.0',
    id: 1,
    method: 'x',
    params: { _meta: { 'io.modelcontextprotocol/related-task': {} } },
  },
  'an extra top-level key': { jsonrpc: '2.0', id: 1, method: 'x', extra: 1 },
  'a result with a method': { jsonrpc: '2.0', id: 1, method: 'x', result: {} },
  'a result and an error': { jsonrpc: '2.0', id: 1, result: {}, error: { code: 1, message: 'x' } },
  'result not an object': { jsonrpc: '2.0', id: 1, result: 'yes' },
  'result without id': { jsonrpc: '2.0', result: {} },
  'result _meta a string': { jsonrpc: '2.0', id: 1, result: { _meta: 'x' } },
  'error without code': { jsonrpc: '2.0', id: 1, error: { message: 'x' } },
  'error code fractional': { jsonrpc: '2.0', id: 1, error: { code: 1.5, message: 'x' } },
  'neither result nor error': { jsonrpc: '2.0', id: 1 },
  'an array': [{ jsonrpc: '2.0', method: 'x' }],
  null: null,
  'a string': 'ping',
};

describe('the hand-written JSON-RPC check', () => {
  it.each(Object.entries(agreed))('agrees with the SDK schema on %s', (_name, value) => {
    expect(isJsonRpcMessageShape(value)).toBe(JSONRPCMessageSchema.safeParse(value).success);
  });

  it('agrees with it on thousands of mutated messages', () => {
    let seed = 7;
    const random = (): number => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const values = [
      1,
      -1,
      1.5,
      'x',
      '',
      null,
      true,
      [],
      {},
      { code: 1, message: 'm' },
      { taskId: 'k' },
      2 ** 60,
    ];
    const keys = ['jsonrpc', 'id', 'method', 'params', 'result', 'error', '_meta', 'progressToken', 'extra'];
    const bases = Object.values(agreed).filter(
      (v) => typeof v === 'object' && v !== null && !Array.isArray(v),
    );
    let accepted = 0;
    const disagreements: unknown[] = [];
    for (let i = 0; i < 2_000; i++) {
      const message = JSON.parse(JSON.stringify(bases[i % bases.length])) as Record<string, unknown>;
      for (let edits = 1 + Math.floor(random() * 3); edits > 0; edits--) {
        const key = keys[Math.floor(random() * keys.length)]!;
        const target =
          random() < 0.3 && typeof message.params === 'object' && message.params !== null
            ? (message.params as Record<string, unknown>)
            : message;
        if (random() < 0.25) delete target[key];
        else
          target[key] =
            key === 'jsonrpc' && random() < 0.5 ? '2.0' : values[Math.floor(random() * values.length)];
      }
      const expected = JSONRPCMessageSchema.safeParse(message).success;
      if (expected) accepted += 1;
      if (isJsonRpcMessageShape(message) !== expected) disagreements.push(message);
    }
    expect(disagreements).toEqual([]);
    // The corpus exercises both answers, not only refusals.
    expect(accepted).toBeGreaterThan(100);
  });
});
