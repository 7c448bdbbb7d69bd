import type { JSONRPCMessage, Transport, TransportSendOptions } from '@modelcontextprotocol/client';
import { TaskHandoff } from '../../shared/core/index.js';
import { isNotification, isRequest } from '../../shared/jsonRpcShape.js';

/** Only these per-message headers are the client's to add (SEP-2243 `Mcp-Param-*` mirrors). */
const PER_MESSAGE_HEADER = /^mcp-param-/i;

/**
 * The SDK's `Transport` over one run (generation) of the target. For a stdio target it carries
 * the `pid` and `stderr` fields the SDK recognises a stdio transport by, always null (the process
 * is the target runs'): the SDK then probes `server/discover` in place, on this one process,
 * instead of spawning a sibling, and reads a probe that times out as "legacy server", as on
 * stdio it should (the page's transport does the same, see client/bridge/bridgeTransport.ts).
 */
export class LinkTransport implements Transport {
  onmessage?: (message: JSONRPCMessage) => void;
  onclose?: () => void;
  onerror?: (error: Error) => void;
  protocolVersion: string | undefined;
  /** Extra `_meta` for every request (the modern era's per-request log level). */
  requestMeta: Record<string, unknown> | undefined;
  private closed = false;
  /** Task answers to tools/call, handed to the SDK client in a form it takes (see the core). */
  private readonly tasks = new TaskHandoff();

  constructor(
    readonly generation: number,
    private readonly relay: (message: JSONRPCMessage, headers?: Record<string, string>) => void,
    private readonly onProtocolVersion: (version: string) => void,
    stdio: boolean,
  ) {
    if (stdio) Object.assign(this, { pid: null, stderr: null });
  }

  async start(): Promise<void> {
    // The target already runs: a transport is only made for a connected run.
  }

  async send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    if (this.closed) throw new Error('The connection to the MCP server is closed');
    this.tasks.noteOutgoing(message);
    this.relay(this.withRequestMeta(message), perMessageHeaders(options?.headers));
  }

  async close(): Promise<void> {
    this.closeFromTarget();
  }

  setProtocolVersion(version: string): void {
    this.protocolVersion = version;
    this.onProtocolVersion(version);
  }

  /**
   * A server's message, for the SDK client. The SDK handles a notification a few microtasks later
   * (through its schema check) but settles a response at once, dropping the request's progress
   * handler: a response read in the same chunk as the progress notifications before it would lose
   * them (the last steps of a call, on a busy machine). So what follows a notification waits for
   * the next turn of the event loop, in order.
   */
  deliver(message: JSONRPCMessage): void {
    if (this.waiting) this.queue.push(message);
    else this.handOver(message);
  }

  /** Messages that came behind a notification, in order. */
  private readonly queue: JSONRPCMessage[] = [];
  /** A notification was just handed over: what follows waits for the next turn. */
  private waiting = false;

  private handOver(message: JSONRPCMessage): void {
    this.dispatch(message);
    if (!isNotification(message)) return;
    this.waiting = true;
    setImmediate(() => {
      this.waiting = false;
      while (this.queue.length > 0 && !this.waiting) this.handOver(this.queue.shift() as JSONRPCMessage);
      if (!this.waiting && this.closeWhenHandedOver) this.closeFromTarget();
    });
  }

  /** The run ended while messages still waited: they go first (a pending call's answer among them). */
  private closeWhenHandedOver = false;

  private dispatch(message: JSONRPCMessage): void {
    if (!this.closed) this.onmessage?.(this.tasks.adapt(message));
  }

  private withRequestMeta(message: JSONRPCMessage): JSONRPCMessage {
    if (!this.requestMeta || !isRequest(message)) return message;
    const params = (message.params ?? {}) as Record<string, unknown>;
    const meta = (params._meta ?? {}) as Record<string, unknown>;
    return { ...message, params: { ...params, _meta: { ...this.requestMeta, ...meta } } } as JSONRPCMessage;
  }

  /** The run ended (or is being replaced): the SDK fails what still waits. */
  closeFromTarget(): void {
    if (this.closed) return;
    if (this.waiting) {
      this.closeWhenHandedOver = true;
      return;
    }
    this.closed = true;
    this.onclose?.();
  }
}

function perMessageHeaders(
  headers: Readonly<Record<string, string>> | undefined,
): Record<string, string> | undefined {
  if (!headers) return undefined;
  const kept = Object.entries(headers).filter(([name]) => PER_MESSAGE_HEADER.test(name));
  return kept.length > 0 ? Object.fromEntries(kept) : undefined;
}
