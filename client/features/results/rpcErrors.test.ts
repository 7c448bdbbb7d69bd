import { describe, expect, it } from 'vitest';
import { jsonRpcErrorName, serverMessage } from './rpcErrors';

describe('JSON-RPC errors', () => {
  it('names the standard codes and the server range', () => {
    expect(jsonRpcErrorName(-32602)).toBe('Invalid params');
    expect(jsonRpcErrorName(-32601)).toBe('Method not found');
    expect(jsonRpcErrorName(-32050)).toBe('Server error');
    expect(jsonRpcErrorName(42)).toBeUndefined();
  });
  it("strips the SDK's prefix from the server's message", () => {
    expect(serverMessage('MCP error -32602: Tool nope not found', -32602)).toBe('Tool nope not found');
    expect(serverMessage('socket closed', undefined)).toBe('socket closed');
  });
});
