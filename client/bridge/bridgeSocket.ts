import type { JSONRPCMessage } from '@modelcontextprotocol/client';
import { WireClient, type DeliveredEnvelope } from '../../shared/core/wireClient';
import { FINAL_CLOSE_CODES, type PageEnvelope } from '../../shared/wire';
import { socketProtocols, socketUrl, type EarlySocket } from './earlyConnection';

export type { DeliveredEnvelope } from '../../shared/core/wireClient';

export type SocketStatus =
  | { kind: 'connecting'; attempt: number }
  | { kind: 'open' }
  | { kind: 'retrying'; attempt: number; inMs: number }
  | { kind: 'gave-up' }
  | { kind: 'closed-by-bridge'; reason: string };

export interface BridgeSocketEvents {
  /** A validated envelope from the bridge, and the object as received (unstripped). */
  onEnvelope(envelope: DeliveredEnvelope, raw: unknown): void;
  onStatus(status: SocketStatus): void;
  /** An envelope that failed validation; the socket goes on. */
  onInvalid(reason: string): void;
}

/** How to reach the bridge; the defaults are the browser's. Tests pass their own. */
export interface BridgeSocketOptions {
  /** The bridge's WebSocket URL; by default the page's own origin. */
  url?: string;
  /** Makes the WebSocket; by default the browser's constructor. */
  createWebSocket?: (url: string, protocols: string[]) => WebSocket;
  /** Wait between attempts after a lost connection. */
  retryIntervalMs?: number;
  /** The wire version said in hello; only a test plays a page from another build. */
  wireVersion?: number;
  /**
   * A socket the page opened (and greeted) before this one existed (earlyConnection.ts): the
   * first connection takes it over, with what it received so far.
   */
  early?: EarlySocket;
}

export const RETRY_INTERVAL_MS = 1_000;
/**
 * How long after the connection was lost the socket gives up. Time, not a count of attempts:
 * Chromium delays each new WebSocket to an address whose connections keep failing (its
 * throttling of failed handshakes), so sixty attempts a second apart took several minutes.
 */
export const RETRY_WINDOW_MS = 60_000;
/** `WebSocket.OPEN`, read here rather than off a global the page's tests (in Node) lack. */
const OPEN = 1;

/**
 * The page's one WebSocket to the bridge. Reconnects on a fixed interval with a retry budget
 * when the connection drops without the bridge closing it (a network hiccup, a bridge process
 * that was killed and started again with the same MCP_INSPECT_TOKEN), validates every envelope,
 * and says hello first on each connection.
 */
export class BridgeSocket {
  private ws: WebSocket | undefined;
  private attempt = 0;
  /** When the connection was lost (or the first attempt failed); undefined while open. */
  private lostAt: number | undefined;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private disposed = false;
  /** The wire's one client: refs and stamps of what this page sent, batches, validation. */
  private readonly wire: WireClient;
  /** The early socket until the first connection takes it over. */
  private early: EarlySocket | undefined;

  constructor(
    private readonly token: string,
    private readonly events: BridgeSocketEvents,
    private readonly options: BridgeSocketOptions = {},
  ) {
    this.early = options.early;
    this.wire = new WireClient(events);
  }

  connect(): void {
    if (this.disposed) return;
    this.attempt += 1;
    this.events.onStatus({ kind: 'connecting', attempt: this.attempt });
    const early = this.early;
    this.early = undefined;
    const ws = early?.ws ?? this.open();
    this.ws = ws;
    this.wire.reset();
    ws.onopen = () => {
      this.attempt = 0;
      this.lostAt = undefined;
      this.events.onStatus({ kind: 'open' });
      // The early socket said hello itself, as soon as it opened.
      if (early === undefined) {
        ws.send(this.wire.hello(this.options.wireVersion));
      }
    };
    ws.onmessage = (event: MessageEvent<string>) => this.wire.receive(event.data);
    ws.onclose = (event) => {
      if (this.ws !== ws || this.disposed) return;
      this.ws = undefined;
      if (FINAL_CLOSE_CODES.has(event.code)) {
        this.events.onStatus({ kind: 'closed-by-bridge', reason: event.reason || `code ${event.code}` });
        return;
      }
      this.lostAt ??= Date.now();
      if (Date.now() - this.lostAt >= RETRY_WINDOW_MS) {
        this.events.onStatus({ kind: 'gave-up' });
        return;
      }
      const inMs = this.options.retryIntervalMs ?? RETRY_INTERVAL_MS;
      this.events.onStatus({ kind: 'retrying', attempt: this.attempt + 1, inMs });
      this.retryTimer = setTimeout(() => this.connect(), inMs);
    };
    early?.replay();
  }

  private open(): WebSocket {
    const url = this.options.url ?? socketUrl();
    const protocols = socketProtocols(this.token);
    return this.options.createWebSocket?.(url, protocols) ?? new WebSocket(url, protocols);
  }

  /** Retries now, for a fresh minute, after giving up. */
  reconnect(): void {
    clearTimeout(this.retryTimer);
    this.attempt = 0;
    this.lostAt = undefined;
    this.ws?.close();
    this.ws = undefined;
    this.connect();
  }

  send(envelope: Exclude<PageEnvelope, { type: 'mcp' }>): boolean {
    if (this.ws?.readyState !== OPEN) return false;
    this.ws.send(this.wire.control(envelope));
    return true;
  }

  /** Sends a JSON-RPC message for the target; its frame comes back as the bridge's stamp. */
  sendMcp(message: JSONRPCMessage, headers?: Record<string, string>): boolean {
    if (this.ws?.readyState !== OPEN) return false;
    this.ws.send(this.wire.mcp(message, headers));
    return true;
  }

  dispose(): void {
    this.disposed = true;
    clearTimeout(this.retryTimer);
    this.early?.ws.close();
    this.early = undefined;
    this.ws?.close();
  }
}
