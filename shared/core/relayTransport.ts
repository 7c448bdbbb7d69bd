import type { JSONRPCMessage, Transport, TransportSendOptions } from '@modelcontextprotocol/client';
import { isNotification, isRequest } from '../jsonRpcShape.js';
import { systemClock } from './platform.js';

/** Hands a message (and its per-message headers) on toward the target; false when it cannot. */
export type Relay = (message: JSONRPCMessage, headers?: Record<string, string>) => boolean;

/** How the SDK should treat the connection: like a local pipe, or like HTTP. */
export type TransportShape = 'stdio' | 'http';

/** Only these per-message headers are the client's to add (SEP-2243 `Mcp-Param-*` mirrors). */
const PER_MESSAGE_HEADER = /^mcp-param-/i;

export interface RelayTransportOptions {
  shape: TransportShape;
  /** Told once the SDK client negotiated a protocol version (either era). */
  onProtocolVersion?: (version: string) => void;
  /** The error a send gets when the relay cannot take it, in the shell's words. */
  lostMessage?: string;
}

/**
 * The SDK's `Transport` over a relay to the target, for one run (generation) of it: the page's
 * (over the bridge's socket) and the CLI's (over the target layer in-process) are this one class.
 * The SDK `Client` runs over it unchanged; the shell delivers the frames of its run.
 *
 * The SDK decides some things by the kind of transport it holds: on a stdio-shaped one, a
 * `server/discover` probe that times out or ends the connection means "legacy server"; on HTTP
 * it means an outage. It recognises stdio by shape, the `stderr` and `pid` of its own stdio
 * transport (`detectProbeTransportKind`, inside the SDK; its docs for `versionNegotiation` speak
 * of "custom stdio-shaped transports", but not of the fields), so a transport for a stdio target
 * carries both, always null: the process is the shell's. The probe then runs in place, on the
 * one process. The one place the core leans on how the SDK works inside, with no public option
 * for it: pinned by client/bridge/relayTransport.test.ts, which fails if the SDK stops seeing it.
 */
export class RelayTransport implements Transport {
  onmessage?: (message: JSONRPCMessage) => void;
  onclose?: () => void;
  onerror?: (error: Error) => void;
  /** Set by the SDK client once a protocol version is negotiated (either era). */
  protocolVersion: string | undefined;
  /** Extra `_meta` for every request (the modern era's per-request log level). */
  requestMeta: Record<string, unknown> | undefined;
  private closed = false;
  /** Messages held for the next turn, in order (see `deliver`). */
  private readonly held: JSONRPCMessage[] = [];
  /** A notification was handed over in this turn: an answer behind it waits for the next. */
  private notifiedThisTurn = false;
  private closeWhenDelivered = false;

  constructor(
    readonly generation: number,
    private readonly relay: Relay,
    private readonly options: RelayTransportOptions,
  ) {
    if (options.shape === 'stdio') Object.assign(this, { pid: null, stderr: null });
  }

  async start(): Promise<void> {
    // The target already runs: a shell only makes a transport for a connected run.
  }

  async send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    if (this.closed) throw new Error('The connection to the MCP server is closed');
    if (!this.relay(this.withRequestMeta(message), perMessageHeaders(options?.headers))) {
      throw new Error(this.options.lostMessage ?? 'The connection to the MCP server is lost');
    }
  }

  /** Closed by the SDK client: what is still held is delivered first, then the client is told. */
  async close(): Promise<void> {
    this.closeFromTarget();
  }

  setProtocolVersion(version: string): void {
    this.protocolVersion = version;
    this.options.onProtocolVersion?.(version);
  }

  /**
   * A frame from the server for this run. The SDK handles a notification a few microtasks later
   * (through its schema check) but settles a response at once, dropping the request's progress
   * handler: a response delivered in the same turn as the progress notifications before it (one
   * read of a pipe, one batch of the bridge's socket) would lose them, the last steps of a call
   * on a busy machine. So an answer that comes behind a notification in the same turn waits for
   * the next turn, with everything after it, in order. Notifications alone never wait: a flood
   * of progress costs one turn per batch, not one per notification.
   */
  deliver(message: JSONRPCMessage): void {
    if (this.closed) return;
    if (this.held.length > 0) {
      this.held.push(message);
      return;
    }
    if (!isNotification(message) && this.notifiedThisTurn) {
      this.held.push(message);
      this.nextTurn();
      return;
    }
    this.handOver(message);
  }

  /** The run ended (or is being replaced): what is held goes first, then the SDK fails what still waits. */
  closeFromTarget(): void {
    if (this.closed) return;
    if (this.held.length > 0) {
      this.closeWhenDelivered = true;
      return;
    }
    this.closed = true;
    this.onclose?.();
  }

  private handOver(message: JSONRPCMessage): void {
    this.onmessage?.(message);
    if (isNotification(message) && !this.notifiedThisTurn) {
      this.notifiedThisTurn = true;
      this.nextTurn();
    }
  }

  private turnQueued = false;

  private nextTurn(): void {
    if (this.turnQueued) return;
    this.turnQueued = true;
    systemClock.setTimeout(() => {
      this.turnQueued = false;
      this.notifiedThisTurn = false;
      const held = this.held.splice(0);
      for (const [index, message] of held.entries()) {
        if (this.closed) return;
        if (!isNotification(message) && this.notifiedThisTurn) {
          // Another notification went just before: the rest waits for one more turn.
          this.held.push(...held.slice(index));
          this.nextTurn();
          return;
        }
        this.handOver(message);
      }
      if (this.closeWhenDelivered && this.held.length === 0) {
        this.closeWhenDelivered = false;
        this.closeFromTarget();
      }
    }, 0);
  }

  private withRequestMeta(message: JSONRPCMessage): JSONRPCMessage {
    if (!this.requestMeta || !isRequest(message)) return message;
    const params = (message.params ?? {}) as Record<string, unknown>;
    const meta = (params._meta ?? {}) as Record<string, unknown>;
    return { ...message, params: { ...params, _meta: { ...this.requestMeta, ...meta } } } as JSONRPCMessage;
  }
}

function perMessageHeaders(
  headers: Readonly<Record<string, string>> | undefined,
): Record<string, string> | undefined {
  if (!headers) return undefined;
  const kept = Object.entries(headers).filter(([name]) => PER_MESSAGE_HEADER.test(name));
  return kept.length > 0 ? Object.fromEntries(kept) : undefined;
}
