import type { Transport } from '@modelcontextprotocol/client';

/**
 * The methods of the notifications that come in over a transport (the client keeps no list of
 * what it was sent). Set before the client connects: the SDK's Protocol keeps a handler it finds
 * on the transport and calls it before its own, for every message.
 */
export function watchNotifications(transport: Transport): { methods: string[] } {
  const seen = { methods: [] as string[] };
  const previous = transport.onmessage;
  transport.onmessage = (message, extra) => {
    if ('method' in message && !('id' in message)) seen.methods.push(message.method);
    previous?.(message, extra);
  };
  return seen;
}
