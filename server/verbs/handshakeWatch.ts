import type { RequestId } from '@modelcontextprotocol/client';
import type { RecordOut } from '../relay/envelopeText.js';

const HANDSHAKES = new Set(['initialize', 'server/discover']);

/**
 * The server's answer to the handshake (`initialize`, or the modern `server/discover`), as the
 * server sent it: what `info --json` prints, read from the traffic rather than rebuilt from what
 * the SDK client kept of it.
 */
export class HandshakeWatch {
  private readonly asked = new Map<string, string>();
  /** The last handshake answered with a result, and its method. */
  answer: { method: string; result: Record<string, unknown> } | undefined;

  see = (record: RecordOut): void => {
    if (record.type !== 'frame') return;
    // Only frames that may be part of a handshake are parsed: they are few and small.
    const text = record.message.text;
    if (record.dir === 'toServer') {
      if (!/"method":"(initialize|server\/discover)"/.test(text)) return;
      const message = JSON.parse(text) as { id?: RequestId; method?: string };
      if (message.id !== undefined && message.method && HANDSHAKES.has(message.method)) {
        this.asked.set(JSON.stringify(message.id), message.method);
      }
      return;
    }
    if (this.asked.size === 0) return;
    const message = JSON.parse(text) as { id?: RequestId; result?: Record<string, unknown> };
    const key = JSON.stringify(message.id);
    const method = message.id === undefined ? undefined : this.asked.get(key);
    if (method === undefined) return;
    this.asked.delete(key);
    if (message.result && message.result.resultType !== 'input_required')
      this.answer = { method, result: message.result };
  };
}
