import type { JSONRPCMessage } from '@modelcontextprotocol/client';
import { jsonRpcEnvelope } from '../../shared/jsonRpcShape.js';

/**
 * What remains of a large message in the history (frames above LARGE_FRAME_BYTES, shared/wire.ts):
 * enough to list, pair and search it by method and id. A result becomes `{}`; an error keeps its
 * code and message, not its data. Of a checked message, what remains is a checked message.
 */
export function elideMessage(message: JSONRPCMessage): JSONRPCMessage {
  return jsonRpcEnvelope(message) as JSONRPCMessage;
}
