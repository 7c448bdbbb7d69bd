import type { JSONRPCMessage } from '@modelcontextprotocol/server';
import type { RecordedEvent } from '../../../shared/recording/exchanges.js';
import type { ReplayBook } from '../../../shared/recording/replayBook.js';

/** Sends one message to the client; `relatedTo` is the request it belongs to (its HTTP stream). */
export type MockSend = (message: JSONRPCMessage, relatedTo: string | number | undefined) => void;

/** What the mock says about itself on stderr. */
export type MockLog = (line: string) => void;

/**
 * One client's conversation with the mock: each request is looked up in the recording and its
 * recorded events (notifications, server requests, then the response) are sent in order, each
 * after its recorded delay divided by `speed` (0: at once); a replayed server request (a legacy
 * server's elicitation or sampling) waits for the client's answer. A request the client cancels
 * stops its replay. Client notifications and the client's answers to server requests are taken and
 * not answered, as a server would.
 */
export class MockSession {
  /** The replays under way, by request id: stopped by a cancellation or by closing. */
  private readonly running = new Map<string, { stopped: boolean; timer?: ReturnType<typeof setTimeout> }>();
  /** Replayed server requests waiting for the client's answer, by their id. */
  private readonly awaiting = new Map<string, () => void>();
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
    if (method === undefined) {
      // The client's answer to a replayed server request: the replay goes on.
      const key = JSON.stringify(m.id);
      this.awaiting.get(key)?.();
      this.awaiting.delete(key);
      return;
    }
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
    void this.play(id, replay.events, replay.line);
  }

  close(): void {
    this.closed = true;
    for (const run of this.running.values()) {
      run.stopped = true;
      clearTimeout(run.timer);
    }
    this.running.clear();
    for (const resume of this.awaiting.values()) resume();
    this.awaiting.clear();
  }

  /**
   * Sends the events one after the other, each at its recorded delay from the request (scaled).
   * A server request waits for the client's answer before the replay goes on, as the server
   * waited; the time that took counts towards the next delay.
   */
  private async play(id: string | number, events: readonly RecordedEvent[], line: number): Promise<void> {
    const key = JSON.stringify(id);
    const run: { stopped: boolean; timer?: ReturnType<typeof setTimeout> } = { stopped: false };
    this.running.set(key, run);
    const started = performance.now();
    for (const event of events) {
      const due = this.speed === 0 ? 0 : Math.max(0, event.delay) / this.speed;
      const wait = due - (performance.now() - started);
      if (wait > 0) await new Promise<void>((resolve) => (run.timer = setTimeout(resolve, wait)));
      if (run.stopped || this.closed) return;
      if (event.response && event.elided && !('error' in event.message)) {
        this.send(
          {
            jsonrpc: '2.0',
            id,
            error: {
              code: -32603,
              message: `the recording kept only the envelope of this answer (to the request on line ${line}; it was too large to keep whole): nothing to replay`,
            },
          },
          id,
        );
        continue;
      }
      const isServerRequest = !event.response && event.message.id !== undefined && event.message.id !== null;
      const answered = isServerRequest
        ? new Promise<void>((resolve) => this.awaiting.set(JSON.stringify(event.message.id), resolve))
        : undefined;
      this.send(event.message as unknown as JSONRPCMessage, id);
      if (answered) await answered;
    }
    if (this.running.get(key) === run) this.running.delete(key);
  }

  private stop(requestId: unknown): void {
    const run = this.running.get(JSON.stringify(requestId));
    if (!run) return;
    run.stopped = true;
    clearTimeout(run.timer);
    this.running.delete(JSON.stringify(requestId));
  }
}
