import type { JSONRPCMessage } from '@modelcontextprotocol/client';

/**
 * Frames above this size are kept in the bridge's history as their envelope only. The page
 * attached at the time gets them whole; a page that reloads later should not pull dozens of
 * megabytes of one old result through its history, nor should the bridge hold them.
 */
export const HISTORY_FRAME_LIMIT_BYTES = 1024 * 1024;

/**
 * What remains of a large message in the history: enough to list, pair and search it by
 * method and id. A result becomes `{}`; an error keeps its code and message, not its data.
 */
export function elideMessage(message: JSONRPCMessage): JSONRPCMessage {
  const m = message as Record<string, unknown>;
  const stub: Record<string, unknown> = { jsonrpc: '2.0' };
  if ('id' in m) stub.id = m.id;
  if (typeof m.method === 'string') stub.method = m.method;
  if ('result' in m) stub.result = {};
  if (typeof m.error === 'object' && m.error !== null) {
    const error = m.error as { code?: unknown; message?: unknown };
    stub.error = {
      code: typeof error.code === 'number' ? error.code : 0,
      message: typeof error.message === 'string' ? error.message.slice(0, 1000) : '',
    };
  }
  return stub as JSONRPCMessage;
}
