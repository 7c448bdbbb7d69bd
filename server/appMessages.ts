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
    message: envelopeOf(message),
    elided: true,
    bytes: Math.max(bytes, fields.bytes),
  };
}

function envelopeOf(message: unknown): AppMessage['message'] {
  if (typeof message !== 'object' || message === null || Array.isArray(message)) return null;
  const m = message as Record<string, unknown>;
  const stub: Record<string, string | number | Record<string, string | number>> = {};
  if (m.jsonrpc === '2.0') stub.jsonrpc = '2.0';
  if (typeof m.id === 'string' || typeof m.id === 'number') stub.id = m.id;
  if (typeof m.method === 'string') stub.method = m.method.slice(0, 200);
  if (typeof m.error === 'object' && m.error !== null) {
    const error = m.error as { code?: unknown; message?: unknown };
    stub.error = {
      code: typeof error.code === 'number' ? error.code : 0,
      message: typeof error.message === 'string' ? error.message.slice(0, 1000) : '',
    };
  } else if ('result' in m) {
    stub.result = {};
  }
  return stub;
}
