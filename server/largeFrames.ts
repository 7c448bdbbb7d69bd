import type { JSONRPCMessage } from '@modelcontextprotocol/client';
import { jsonRpcEnvelope } from '../shared/jsonRpcShape.js';

/**
 * Frames above this size are kept in the bridge's history as their envelope only. The page
 * attached at the time gets them whole; a page that reloads later should not pull dozens of
 * megabytes of one old result through its history, nor should the bridge hold them.
 */
export const HISTORY_FRAME_LIMIT_BYTES = 1024 * 1024;

/**
 * What remains of a large message in the history: enough to list, pair and search it by
 * method and id. A result becomes `{}`; an error keeps its code and message, not its data.
 * Of a checked message, what remains is a checked message.
 */
export function elideMessage(message: JSONRPCMessage): JSONRPCMessage {
  return jsonRpcEnvelope(message) as JSONRPCMessage;
}
