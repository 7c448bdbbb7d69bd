import type { Client, RequestId } from '@modelcontextprotocol/client';
import { isRequest } from '../../../shared/jsonRpcShape';

/**
 * Sends a request through the SDK Client and tells which JSON-RPC id it went out under, so an app
 * message can name the MCP request it caused. The SDK exposes no such hook; it does assign the id
 * and hand the message to its transport synchronously inside `request()`, so the transport's send
 * is watched for exactly that call and put back at once.
 */
export function requestWithId<T>(
  client: Client,
  send: () => Promise<T>,
): { result: Promise<T>; id: RequestId | undefined } {
  const transport = client.transport;
  if (!transport) return { result: send(), id: undefined };
  let id: RequestId | undefined;
  const original = transport.send;
  transport.send = (message, options) => {
    if (id === undefined && isRequest(message)) id = message.id;
    return original.call(transport, message, options);
  };
  let result: Promise<T>;
  try {
    result = send();
  } finally {
    transport.send = original;
  }
  return { result, id };
}
