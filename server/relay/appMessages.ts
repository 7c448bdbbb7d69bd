import { jsonRpcEnvelope } from '../../shared/jsonRpcShape.js';
import { APP_MESSAGE_LIMIT_BYTES } from '../../shared/wireConstants.js';
import type { AppMessage, AppMessageOut } from '../../shared/wire.js';

export { APP_MESSAGE_LIMIT_BYTES };

/**
 * The timeline record of an app message the page reported: stamped, and cut down to its
 * JSON-RPC envelope (method, id, error code) when it is too large. The page cuts it first (the
 * limit is shared); the bridge does not rely on that.
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
