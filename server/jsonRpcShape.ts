import type { JSONRPCMessage, RequestId } from '@modelcontextprotocol/client';

/**
 * Which kind a JSON-RPC message is, read from its shape. Only for messages already validated
 * against the SDK's JSONRPCMessageSchema (every message the bridge relays is): the SDK's own
 * guards run a zod parse each, which on the relay's hot path cost more than the relaying.
 */
export function requestIdOf(message: JSONRPCMessage): RequestId | undefined {
  return 'method' in message && 'id' in message ? message.id : undefined;
}

export function responseIdOf(message: JSONRPCMessage): RequestId | undefined {
  return !('method' in message) && 'id' in message ? message.id : undefined;
}

export function isInitialize(message: JSONRPCMessage): boolean {
  return 'method' in message && message.method === 'initialize' && 'id' in message;
}
