import type { JSONRPCMessage } from '@modelcontextprotocol/server';
import type { ReplayBook } from '../../../shared/recording/replayBook.js';

/** Sends one message to the client; `relatedTo` is the request it belongs to (its HTTP stream). */
export type MockSend = (message: JSONRPCMessage, relatedTo: string | number | undefined) => void;

/** What the mock says about itself on stderr. */
export type MockLog = (line: string) => void;

/**
 * One client's conversation with the mock: each request is looked up in the recording and its
 * recorded events (notifications, server requests, then the response) are sent in order, each
 * after its recorded delay divided by `speed` (0: at once). A request the client cancels stops
 * its replay. Client notifications and the client's answers to server requests are taken and
 * not answered, as a server would.
 */
export class MockSession {
  private readonly running = new Map<string, ReturnType<typeof setTimeout>[]>();
  private closed = false;

  constructor(
    private readonly book: ReplayBook,
    private readonly speed: number,
    private readonly send: MockSend,
    private readonly log: MockLog,
  ) {}

  handle(message: JSONRPCMessage): void {
    if (this.closed) return;
    const m = message as Record<string, unknown>;
    const method = typeof m.method === 'string' ? m.method : undefined;
    if (method === undefined) return; // the client's answer to a replayed server request
    if (m.id === undefined || m.id === null) {
      if (method === 'notifications/cancelled') {
        const params = m.params as { requestId?: unknown } | undefined;
        this.stop(params?.requestId);
      }
      return;
    }
    const id = m.id as string | number;
    const params = m.params as Record<string, unknown> | undefined;
    const replay = this.book.answer(id, method, params);
    if ('error' in replay) {
      // A legacy client's keep-alive: a server answers it whether or not it was recorded.
      if (method === 'ping' && this.book.era === 'legacy') {
        this.send({ jsonrpc: '2.0', id, result: {} }, id);
        return;
      }
      this.log(`${method}: ${replay.error.message}`);
      this.send({ jsonrpc: '2.0', id, error: replay.error } as JSONRPCMessage, id);
      return;
    }
    const timers: ReturnType<typeof setTimeout>[] = [];
    const key = JSON.stringify(id);
    this.running.set(key, timers);
    replay.events.forEach((event, index) => {
      const deliver = (): void => {
        if (this.closed) return;
        if (event.response && event.elided && !('error' in event.message)) {
          this.send(
            {
              jsonrpc: '2.0',
              id,
              error: {
                code: -32603,
                message: `the recording kept only the envelope of this answer (line ${replay.line}'s request; it was too large to keep whole): nothing to replay`,
              },
            },
            id,
          );
        } else {
          this.send(event.message as unknown as JSONRPCMessage, id);
        }
        if (index === replay.events.length - 1) this.running.delete(key);
      };
      const delay = this.speed === 0 ? 0 : Math.max(0, event.delay) / this.speed;
      timers.push(setTimeout(deliver, delay));
    });
  }

  close(): void {
    this.closed = true;
    for (const timers of this.running.values()) for (const timer of timers) clearTimeout(timer);
    this.running.clear();
  }

  private stop(requestId: unknown): void {
    const key = JSON.stringify(requestId);
    for (const timer of this.running.get(key) ?? []) clearTimeout(timer);
    this.running.delete(key);
  }
}
