import type { JSONRPCMessage } from '@modelcontextprotocol/client';
import { SentFrames, isFrameStampShape } from '../../shared/frameStamps';
import {
  BridgeEnvelopeSchema,
  FINAL_CLOSE_CODES,
  LiveRecordSchema,
  WIRE_PROTOCOL_VERSION,
  type BridgeEnvelope,
  type FrameStamp,
  type PageEnvelope,
} from '../../shared/wire';
import { socketProtocols, socketUrl, type EarlySocket } from './earlyConnection';
import { isFrameRecordShape } from './recordShape';

export type SocketStatus =
  | { kind: 'connecting'; attempt: number }
  | { kind: 'open' }
  | { kind: 'retrying'; attempt: number; inMs: number }
  | { kind: 'gave-up' }
  | { kind: 'closed-by-bridge'; reason: string };

/**
 * What the socket hands on: a batch arrives as its records, one by one, and the stamp of a
 * message this page sent as the `toServer` frame it completes.
 */
export type DeliveredEnvelope = Exclude<BridgeEnvelope, { type: 'batch' | 'stamp' }>;

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
  /** Messages sent on the current connection, waiting for the bridge's stamps. */
  private sent = new SentFrames();
  /** The early socket until the first connection takes it over. */
  private early: EarlySocket | undefined;

  constructor(
    private readonly token: string,
    private readonly events: BridgeSocketEvents,
    private readonly options: BridgeSocketOptions = {},
  ) {
    this.early = options.early;
  }

  connect(): void {
    if (this.disposed) return;
    this.attempt += 1;
    this.events.onStatus({ kind: 'connecting', attempt: this.attempt });
    const early = this.early;
    this.early = undefined;
    const ws = early?.ws ?? this.open();
    this.ws = ws;
    this.sent = new SentFrames();
    ws.onopen = () => {
      this.attempt = 0;
      this.lostAt = undefined;
      this.events.onStatus({ kind: 'open' });
      // The early socket said hello itself, as soon as it opened.
      if (early === undefined) {
        this.send({ type: 'hello', wireVersion: this.options.wireVersion ?? WIRE_PROTOCOL_VERSION });
      }
    };
    ws.onmessage = (event: MessageEvent<string>) => this.receive(event.data);
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
    this.ws.send(JSON.stringify(envelope));
    return true;
  }

  /** Sends a JSON-RPC message for the target; its frame comes back as the bridge's stamp. */
  sendMcp(message: JSONRPCMessage, headers?: Record<string, string>): boolean {
    if (this.ws?.readyState !== OPEN) return false;
    const ref = this.sent.register(message);
    const envelope: PageEnvelope = { type: 'mcp', ref, message, ...(headers ? { headers } : {}) };
    this.ws.send(JSON.stringify(envelope));
    return true;
  }

  dispose(): void {
    this.disposed = true;
    clearTimeout(this.retryTimer);
    this.early?.ws.close();
    this.early = undefined;
    this.ws?.close();
  }

  private receive(text: string): void {
    let raw: unknown;
    try {
      raw = JSON.parse(text);
    } catch {
      this.events.onInvalid('The bridge sent text that is not JSON');
      return;
    }
    // Frames are most of the traffic: checked by shape (see recordShape.ts), and a batch is
    // handed on record by record, so the session sees the same envelopes either way.
    if (isFrameRecordShape(raw)) {
      this.events.onEnvelope(raw, raw);
      return;
    }
    if (isFrameStampShape(raw)) {
      this.receiveStamp(raw);
      return;
    }
    if (
      (raw as { type?: unknown } | null)?.type === 'batch' &&
      Array.isArray((raw as { records?: unknown }).records)
    ) {
      for (const record of (raw as { records: unknown[] }).records) this.receiveRecord(record);
      return;
    }
    this.receiveEnvelope(raw);
  }

  private receiveRecord(raw: unknown): void {
    if (isFrameRecordShape(raw)) {
      this.events.onEnvelope(raw, raw);
      return;
    }
    if (isFrameStampShape(raw)) {
      this.receiveStamp(raw);
      return;
    }
    const parsed = LiveRecordSchema.safeParse(raw);
    if (!parsed.success) {
      this.events.onInvalid(
        `The bridge sent a record that does not match the wire schema: ${parsed.error.issues[0]?.message ?? ''}`,
      );
      return;
    }
    if (parsed.data.type === 'stamp') this.receiveStamp(parsed.data);
    else this.events.onEnvelope(parsed.data, raw);
  }

  private receiveStamp(stamp: FrameStamp): void {
    const frame = this.sent.join(stamp);
    if (frame === undefined) {
      this.events.onInvalid(`The bridge stamped a message this page did not send (ref ${stamp.ref})`);
      return;
    }
    // The frame as the bridge's history holds it: the object is the raw record from here on.
    this.events.onEnvelope(frame, frame);
  }

  private receiveEnvelope(raw: unknown): void {
    const parsed = BridgeEnvelopeSchema.safeParse(raw);
    if (!parsed.success) {
      this.events.onInvalid(
        `The bridge sent an envelope that does not match the wire schema: ${parsed.error.issues[0]?.message ?? ''}`,
      );
      return;
    }
    if (parsed.data.type === 'batch') {
      const records = (raw as { records: unknown[] }).records;
      parsed.data.records.forEach((record, i) => {
        if (record.type === 'stamp') this.receiveStamp(record);
        else this.events.onEnvelope(record, records[i]);
      });
      return;
    }
    if (parsed.data.type === 'stamp') this.receiveStamp(parsed.data);
    else this.events.onEnvelope(parsed.data, raw);
  }
}
