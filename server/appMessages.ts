import { jsonRpcEnvelope } from '../shared/jsonRpcShape.js';
import type { AppMessage, AppMessageOut } from '../shared/wire.js';

/**
 * App messages above this are kept as their envelope only. The same data usually travelled as an
 * MCP frame already (a tool result the host passes on to the app), and a large app message must
 * not cost the bridge's history more than a frame would.
 */
export const APP_MESSAGE_LIMIT_BYTES = 256 * 1024;

/**
 * The timeline record of an app message the page reported: stamped, and cut down to its
 * JSON-RPC envelope (method, id, error code) when it is too large or the page said it had to be.
 */
export function appRecord(envelope: AppMessageOut, seq: number, t: number): AppMessage {
  const { type: _type, message, ...fields } = envelope;
  const bytes = Buffer.byteLength(JSON.stringify(message));
  if (bytes <= APP_MESSAGE_LIMIT_BYTES) return { type: 'app', seq, t, ...fields, message };
  return {
    type: 'app',
    seq,
    t,
    ...fields,
    message: jsonRpcEnvelope(message) as AppMessage['message'],
    elided: true,
    bytes: Math.max(bytes, fields.bytes),
  };
}
