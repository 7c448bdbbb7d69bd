import WebSocket from 'ws';
import type { JSONRPCMessage } from '@modelcontextprotocol/client';
import { WireClient } from '../../shared/core/wireClient.js';
import { WS_PATH, WS_SUBPROTOCOL, WS_TOKEN_PROTOCOL_PREFIX } from '../../shared/wire.js';

/** An envelope as the bridge sent it, loosely typed: tests assert on its fields. */
export type Received = { type: string; [key: string]: unknown };

/**
 * A Node stand-in for the page: speaks the page's wire over a real WebSocket, so tests
 * exercise the same upgrade checks and envelopes a browser does.
 */
export class PageClient {
  readonly received: Received[] = [];
  private waiters: { match: (e: Received) => boolean; resolve: (e: Received) => void }[] = [];
  /**
   * The first response frame from the server for each id, so request() finds its answer without
   * scanning everything received: tests that make thousands of calls spent ~0.4 s of CPU there.
   */
  private readonly responses = new Map<unknown, Received>();
  private nextId = 1;
  /**
   * The page's own wire client: batches unpacked, stamps joined into toServer frames. Tests see
   * every envelope as the bridge sent it, also one the client finds invalid (a stamp of a raw
   * message it did not number, an envelope a fuzz test provoked).
   */
  private readonly wire = new WireClient({
    onEnvelope: (_envelope, raw) => this.take(raw as Received),
    onInvalid: (_reason, raw) => {
      if (typeof raw === 'object' && raw !== null) this.take(raw as Received);
    },
  });
  /** The target's state as last reported, from history or live. */
  latestState: Received | undefined;

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => this.wire.receive(data.toString()));
  }

  private take(envelope: Received): void {
    if (envelope.type === 'state') this.latestState = envelope;
    if (envelope.type === 'history') {
      this.latestState =
        (envelope.records as Received[]).filter((r) => r.type === 'state').at(-1) ?? this.latestState;
    }
    this.received.push(envelope);
    const id = responseIdOf(envelope);
    if (id !== undefined && !this.responses.has(id)) this.responses.set(id, envelope);
    this.waiters = this.waiters.filter((w) => (w.match(envelope) ? (w.resolve(envelope), false) : true));
  }

  /** `path`: where the page's socket is (a workspace's server pages have theirs under /s/<id>). */
  static async connect(
    port: number,
    token: string,
    options: { hello?: boolean; path?: string } = {},
  ): Promise<PageClient> {
    const origin = `http://127.0.0.1:${port}`;
    const ws = new WebSocket(
      `ws://127.0.0.1:${port}${options.path ?? WS_PATH}`,
      [WS_SUBPROTOCOL, `${WS_TOKEN_PROTOCOL_PREFIX}${token}`],
      {
        headers: { Origin: origin },
        // An all-zero masking key: frames stay masked as a client's must, but neither end spends
        // a pass over every byte XORing it (about a second for the 400 MB of memoryBounds.test.ts).
        // What the mask protects against, a cache between a browser and a server, is not here.
        generateMask: (mask) => void mask.fill(0),
      },
    );
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    const client = new PageClient(ws);
    if (options.hello !== false) client.sendRaw(client.wire.hello());
    return client;
  }

  sendRaw(text: string): void {
    this.ws.send(text);
  }

  send(message: JSONRPCMessage): void {
    this.sendRaw(this.wire.mcp(message));
  }

  /** Resolves with the first envelope, already received or still to come, that matches. */
  waitFor(match: (e: Received) => boolean, timeoutMs = 10_000): Promise<Received> {
    const seen = this.received.find(match);
    if (seen) return Promise.resolve(seen);
    return this.waitForNext(match, timeoutMs);
  }

  /** Resolves with the first envelope still to come that matches. */
  waitForNext(match: (e: Received) => boolean, timeoutMs = 10_000): Promise<Received> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`timed out; received: ${this.describe()}`)), timeoutMs);
      this.waiters.push({
        match,
        resolve: (e) => {
          clearTimeout(timer);
          resolve(e);
        },
      });
    });
  }

  /** Resolves once the target's latest state (from history or live) has the given name. */
  waitForState(state: string, generation?: number): Promise<Received> {
    const matches = (): boolean =>
      this.latestState?.state === state &&
      (generation === undefined || this.latestState.generation === generation);
    return this.waitFor(() => matches()).then(() => this.latestState!);
  }

  /** Sends a request and resolves with the server's (or bridge's) response message. */
  async request(
    method: string,
    params?: Record<string, unknown>,
    timeoutMs?: number,
  ): Promise<Record<string, unknown>> {
    const id = this.nextId++;
    this.send({ jsonrpc: '2.0', id, method, ...(params ? { params } : {}) } as JSONRPCMessage);
    const frame =
      this.responses.get(id) ?? (await this.waitForNext((e) => responseIdOf(e) === id, timeoutMs));
    return frame.message as Record<string, unknown>;
  }

  async initialize(): Promise<Record<string, unknown>> {
    const response = await this.request('initialize', {
      protocolVersion: '2025-11-25',
      capabilities: {},
      clientInfo: { name: 'test-page', version: '0.0.0' },
    });
    this.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    return response;
  }

  close(): void {
    this.ws.close();
  }

  private describe(): string {
    return this.received
      .map((e) => `${e.type}${e.type === 'state' ? `:${String(e.state)}` : ''}`)
      .slice(-20)
      .join(', ');
  }
}

/** The id a frame from the server answers (or names), if it is one. */
function responseIdOf(envelope: Received): unknown {
  if (envelope.type !== 'frame' || envelope.dir !== 'fromServer') return undefined;
  return (envelope.message as { id?: unknown } | undefined)?.id;
}
