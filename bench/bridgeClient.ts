import WebSocket from 'ws';
import type {
  JSONRPCErrorResponse,
  JSONRPCNotification,
  JSONRPCRequest,
  JSONRPCResultResponse,
  RequestId,
} from '@modelcontextprotocol/client';
import { WireClient } from '../shared/core/wireClient.js';
import { WS_PATH, WS_SUBPROTOCOL, WS_TOKEN_PROTOCOL_PREFIX } from '../shared/wire.js';

export const PROTOCOL_VERSION = '2025-11-25';
const MODERN_PROTOCOL_VERSION = '2026-07-28';
export const CLIENT_INFO = { name: 'mcp-inspect-bench', version: '0' };

/** What the bridge stamped on one request and its answer (its own clock, ms). */
export interface BridgeStamps {
  sentAt?: number;
  answeredAt?: number;
}
const DEFAULT_TIMEOUT_MS = 15_000;

type Response = JSONRPCResultResponse | JSONRPCErrorResponse;

/** Only the fields of the bridge's records this client acts on; the wire's schemas are the reference. */
interface Envelope {
  type: string;
  dir?: 'toServer' | 'fromServer';
  message?: Partial<JSONRPCRequest & JSONRPCResultResponse & JSONRPCErrorResponse>;
  state?: string;
  records?: Envelope[];
  reason?: string;
  t?: number;
}

interface Pending<T = Response> {
  resolve: (value: T) => void;
  reject: (error: Error) => void;
}

/**
 * A Node client speaking the page's wire, so the benches measure what the page goes through:
 * the WebSocket, the bridge's relay and stamping, the stdio hop to the target, and the page's
 * own wire client (shared/core/wireClient.ts: batches unpacked, stamps joined, envelopes checked).
 */
export class BridgeClient {
  private readonly pending = new Map<RequestId, Pending>();
  private nextId = 1;
  private connected = false;
  private connectedWaiters: Array<Pending<void>> = [];
  private failure: Error | undefined;
  /** Set by discover(): every request then carries the 2026-07-28 `_meta` envelope. */
  private modern = false;
  /** Ids whose bridge stamps are kept (only when asked: the relay bench wants no extra work). */
  private readonly stamped = new Map<RequestId, BridgeStamps>();
  /** The page's wire client: it numbers what is sent and joins the bridge's stamps back in. */
  private readonly wire = new WireClient({
    onEnvelope: (_envelope, raw) => this.onEnvelope(raw as Envelope),
    onInvalid: (reason) => this.fail(new Error(reason)),
  });

  private constructor(private readonly ws: WebSocket) {
    ws.on('message', (data) => this.wire.receive(String(data)));
    ws.on('close', (code, reason) =>
      this.fail(new Error(`the bridge closed the socket (${code} ${reason.toString()})`)),
    );
    ws.on('error', (error) => this.fail(error));
  }

  /** Opens the socket as the page does (its Origin, the token as a subprotocol) and says hello. */
  static async connect(port: number, token: string, timeoutMs = DEFAULT_TIMEOUT_MS): Promise<BridgeClient> {
    const origin = `http://127.0.0.1:${port}`;
    const ws = new WebSocket(
      `ws://127.0.0.1:${port}${WS_PATH}`,
      [WS_SUBPROTOCOL, `${WS_TOKEN_PROTOCOL_PREFIX}${token}`],
      {
        headers: { Origin: origin },
        handshakeTimeout: timeoutMs,
      },
    );
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
      ws.once('unexpected-response', (_request, response) =>
        reject(new Error(`the bridge refused the upgrade: HTTP ${response.statusCode}`)),
      );
    });
    const client = new BridgeClient(ws);
    ws.send(client.wire.hello());
    return client;
  }

  /** Resolves once the target is ready for initialize, from the history or a live state. */
  waitConnected(timeoutMs = DEFAULT_TIMEOUT_MS): Promise<void> {
    if (this.connected) return Promise.resolve();
    if (this.failure) return Promise.reject(this.failure);
    return withTimeout(
      new Promise<void>((resolve, reject) => this.connectedWaiters.push({ resolve, reject })),
      timeoutMs,
      'the target to connect',
    );
  }

  /** The MCP handshake the page performs; resolves with the initialize response. */
  async initialize(): Promise<JSONRPCResultResponse> {
    await this.waitConnected();
    const response = await this.request('initialize', {
      protocolVersion: PROTOCOL_VERSION,
      capabilities: {},
      clientInfo: CLIENT_INFO,
    });
    this.notify('notifications/initialized');
    return response;
  }

  /** The modern era's opening (2026-07-28): no handshake, a `server/discover`, and every request enveloped. */
  async discover(): Promise<JSONRPCResultResponse> {
    await this.waitConnected();
    this.modern = true;
    return this.request('server/discover', {});
  }

  /** The bridge's stamps of a request sent with `stamp`, once answered. */
  stampsOf(id: RequestId): BridgeStamps | undefined {
    return this.stamped.get(id);
  }

  /** The id the next request gets. */
  get upcomingId(): number {
    return this.nextId;
  }

  /** Sends a request; resolves with its fromServer response, rejects on a JSON-RPC error. */
  request(
    method: string,
    params?: Record<string, unknown>,
    timeoutMs = DEFAULT_TIMEOUT_MS,
    stamp = false,
  ): Promise<JSONRPCResultResponse> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextId++;
    if (stamp) this.stamped.set(id, {});
    const withMeta = this.modern
      ? { ...params, _meta: { ...modernEnvelope(), ...(params?._meta as object) } }
      : params;
    const message: JSONRPCRequest = { jsonrpc: '2.0', id, method, ...(withMeta ? { params: withMeta } : {}) };
    const answered = new Promise<Response>((resolve, reject) => this.pending.set(id, { resolve, reject }));
    this.ws.send(this.wire.mcp(message));
    return withTimeout(answered, timeoutMs, `${method} #${id}`, () => this.pending.delete(id)).then(
      (response): JSONRPCResultResponse => {
        if ('error' in response) throw new Error(`${method} failed: ${response.error.message}`);
        return response;
      },
    );
  }

  notify(method: string, params?: Record<string, unknown>): void {
    const message: JSONRPCNotification = { jsonrpc: '2.0', method, ...(params ? { params } : {}) };
    this.ws.send(this.wire.mcp(message));
  }

  /** Stops reading the socket, as a frozen tab does: what the bridge sends waits in its buffers. */
  stopReading(): void {
    this.ws.pause();
  }

  async close(): Promise<void> {
    if (this.ws.readyState === WebSocket.CLOSED) return;
    const closed = new Promise<void>((resolve) => this.ws.once('close', () => resolve()));
    this.ws.close(1000, 'bench done');
    await withTimeout(closed, 2_000, 'the socket to close').catch(() => this.ws.terminate());
  }

  private onEnvelope(envelope: Envelope): void {
    switch (envelope.type) {
      case 'history':
        for (const record of envelope.records ?? []) this.onRecord(record, false);
        return;
      case 'rejected':
        this.fail(new Error(`the bridge rejected an envelope: ${envelope.reason ?? ''}`));
        return;
      default:
        this.onRecord(envelope, true);
    }
  }

  private onRecord(record: Envelope, live: boolean): void {
    if (record.type === 'state') {
      // Only the latest state counts: connected, then exited, means not ready.
      this.connected = record.state === 'connected';
      if (this.connected) for (const waiter of this.connectedWaiters.splice(0)) waiter.resolve();
      // A target that ends in the history is restarted by our hello; one that ends now stays down.
      if (live && (record.state === 'failed' || record.state === 'exited')) {
        const why = new Error(`the target ${record.state}${record.reason ? `: ${record.reason}` : ''}`);
        for (const waiter of this.connectedWaiters.splice(0)) waiter.reject(why);
      }
      return;
    }
    // Only answers matter here, and the bridge's stamps (our own messages come back as the
    // toServer frames the wire client completes from them) only when asked for.
    if (record.type !== 'frame') return;
    const message = record.message;
    if (message?.id !== undefined && this.stamped.size > 0) {
      const stamps = this.stamped.get(message.id);
      if (stamps && record.dir === 'toServer' && message.method !== undefined) stamps.sentAt = record.t;
      if (stamps && record.dir === 'fromServer' && message.method === undefined) stamps.answeredAt = record.t;
    }
    if (record.dir !== 'fromServer') return;
    if (message?.id === undefined || message.method !== undefined) return;
    const pending = this.pending.get(message.id);
    if (!pending) return;
    this.pending.delete(message.id);
    pending.resolve(message as Response);
  }

  private fail(error: Error): void {
    this.failure ??= error;
    for (const { reject } of this.pending.values()) reject(error);
    this.pending.clear();
    for (const waiter of this.connectedWaiters.splice(0)) waiter.reject(error);
  }
}

/** The per-request `_meta` a 2026-07-28 client sends (no handshake carries these any more). */
export function modernEnvelope(): Record<string, unknown> {
  return {
    'io.modelcontextprotocol/protocolVersion': MODERN_PROTOCOL_VERSION,
    'io.modelcontextprotocol/clientInfo': CLIENT_INFO,
    'io.modelcontextprotocol/clientCapabilities': { elicitation: { form: {} }, sampling: {} },
  };
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string, onTimeout?: () => void): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      onTimeout?.();
      reject(new Error(`timed out after ${ms} ms waiting for ${what}`));
    }, ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
