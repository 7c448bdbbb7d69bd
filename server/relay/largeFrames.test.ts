import { describe, expect, it } from 'vitest';
import { JSONRPCMessageSchema } from '@modelcontextprotocol/core';
import { elideMessage } from './largeFrames.js';

describe('elideMessage', () => {
  it('keeps the envelope of a result and drops its content', () => {
    const stub = elideMessage({ jsonrpc: '2.0', id: 7, result: { content: [{ type: 'text', text: 'x' }] } });
    expect(stub).toEqual({ jsonrpc: '2.0', id: 7, result: {} });
    expect(JSONRPCMessageSchema.safeParse(stub).success).toBe(true);
  });

  it('keeps a request method and id, and an error code and message without data', () => {
    expect(
      elideMessage({ jsonrpc: '2.0', id: 'a', method: 'tools/call', params: { arguments: { big: 'y' } } }),
    ).toEqual({ jsonrpc: '2.0', id: 'a', method: 'tools/call' });
    const error = elideMessage({ jsonrpc: '2.0', id: 1, error: { code: -32000, message: 'no', data: 'z' } });
    expect(error).toEqual({ jsonrpc: '2.0', id: 1, error: { code: -32000, message: 'no' } });
    expect(JSONRPCMessageSchema.safeParse(error).success).toBe(true);
  });
});
