import { describe, expect, it } from 'vitest';
import {
  JSONRPCErrorResponseSchema,
  JSONRPCMessageSchema,
  JSONRPCNotificationSchema,
  JSONRPCRequestSchema,
  JSONRPCResultResponseSchema,
} from '@modelcontextprotocol/core';
import type { JSONRPCMessage } from '@modelcontextprotocol/client';
import {
  classifyJsonRpc,
  isErrorResponse,
  isJsonRpcMessageShape,
  isNotification,
  isRequest,
  isResponse,
  isResultResponse,
  jsonRpcEnvelope,
  jsonRpcKind,
  requestIdOf,
  responseIdOf,
} from './jsonRpcShape.js';

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
    const corpus = mutatedMessages();
    const accepted = new Set(corpus.filter((message) => JSONRPCMessageSchema.safeParse(message).success));
    expect(corpus.filter((message) => isJsonRpcMessageShape(message) !== accepted.has(message))).toEqual([]);
    // The corpus exercises both answers, not only refusals.
    expect(accepted.size).toBeGreaterThan(100);
  });
});

/** What the SDK's schema for each kind says a value is; the union's verdict decides validity. */
function sdkKind(value: unknown): string {
  if (!JSONRPCMessageSchema.safeParse(value).success) return 'invalid';
  if (JSONRPCRequestSchema.safeParse(value).success) return 'request';
  if (JSONRPCNotificationSchema.safeParse(value).success) return 'notification';
  if (JSONRPCResultResponseSchema.safeParse(value).success) return 'result';
  if (JSONRPCErrorResponseSchema.safeParse(value).success) return 'error';
  return 'none of the kinds';
}

describe('the one classification of JSON-RPC messages', () => {
  const everything = [...Object.values(agreed), ...mutatedMessages()];

  it("names the kind the SDK's schema for that kind accepts, on every value of the corpus", () => {
    const disagreements = everything.filter((value) => classifyJsonRpc(value) !== sdkKind(value));
    expect(disagreements).toEqual([]);
    const kinds = new Set(everything.map(classifyJsonRpc));
    expect([...kinds].sort()).toEqual(['error', 'invalid', 'notification', 'request', 'result']);
  });

  it('reads the same kind from a checked message by its members alone, and the guards agree', () => {
    for (const value of everything) {
      const kind = classifyJsonRpc(value);
      if (kind === 'invalid') continue;
      const message = value as JSONRPCMessage;
      expect(jsonRpcKind(message)).toBe(kind);
      expect(isRequest(message)).toBe(kind === 'request');
      expect(isNotification(message)).toBe(kind === 'notification');
      expect(isResultResponse(message)).toBe(kind === 'result');
      expect(isErrorResponse(message)).toBe(kind === 'error');
      expect(isResponse(message)).toBe(kind === 'result' || kind === 'error');
    }
  });

  it('finds the id of a request, and of the request a response answers', () => {
    const request: JSONRPCMessage = { jsonrpc: '2.0', id: 'r', method: 'ping' };
    const result: JSONRPCMessage = { jsonrpc: '2.0', id: 7, result: {} };
    const error: JSONRPCMessage = { jsonrpc: '2.0', error: { code: -32700, message: 'parse error' } };
    const notification: JSONRPCMessage = { jsonrpc: '2.0', method: 'notifications/initialized' };
    expect([request, result, error, notification].map(requestIdOf)).toEqual([
      'r',
      undefined,
      undefined,
      undefined,
    ]);
    expect([request, result, error, notification].map(responseIdOf)).toEqual([
      undefined,
      7,
      undefined,
      undefined,
    ]);
  });
});

describe('the envelope of a message too large to keep', () => {
  it('is itself a message the SDK accepts, of the same kind, with the same id and method', () => {
    for (const value of [...Object.values(agreed), ...mutatedMessages()]) {
      const kind = classifyJsonRpc(value);
      if (kind === 'invalid') continue;
      const envelope = jsonRpcEnvelope(value);
      expect(classifyJsonRpc(envelope)).toBe(kind);
      const message = value as Record<string, unknown>;
      expect(envelope?.id).toBe(message.id);
      expect(envelope?.method).toBe(message.method);
    }
  });

  it('drops params, result content and error data, and cuts long words', () => {
    expect(jsonRpcEnvelope({ jsonrpc: '2.0', id: 1, method: 'm'.repeat(300), params: { big: 'x' } })).toEqual(
      { jsonrpc: '2.0', id: 1, method: 'm'.repeat(200) },
    );
    expect(jsonRpcEnvelope({ jsonrpc: '2.0', id: 2, result: { content: [1, 2] } })).toEqual({
      jsonrpc: '2.0',
      id: 2,
      result: {},
    });
    expect(
      jsonRpcEnvelope({ jsonrpc: '2.0', id: 3, error: { code: -1, message: 'w'.repeat(2000), data: 'z' } }),
    ).toEqual({ jsonrpc: '2.0', id: 3, error: { code: -1, message: 'w'.repeat(1000) } });
  });

  it('keeps what it can of what is not JSON-RPC, and nothing of what is not an object', () => {
    expect(jsonRpcEnvelope({ id: 1.5, method: 7, error: { code: 'x' } })).toEqual({
      error: { code: 0, message: '' },
    });
    for (const value of [null, 'text', 3, [1]]) expect(jsonRpcEnvelope(value)).toBeNull();
  });
});

/** The agreed messages, mutated a few keys at a time (a fixed seed: the same corpus every run). */
function mutatedMessages(): Record<string, unknown>[] {
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
  const bases = Object.values(agreed).filter((v) => typeof v === 'object' && v !== null && !Array.isArray(v));
  const messages: Record<string, unknown>[] = [];
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
    messages.push(message);
  }
  return messages;
}
