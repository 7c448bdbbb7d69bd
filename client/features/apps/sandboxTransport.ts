import type {
  JSONRPCMessage,
  MessageExtraInfo,
  Transport,
  TransportSendOptions,
} from '@modelcontextprotocol/client';
import { JSONRPCMessageSchema } from '@modelcontextprotocol/core';
import { isNotification } from '../../../shared/jsonRpcShape';
import type { AppDirection } from '../../../shared/wire';
import {
  APP_MESSAGE_LIMITS,
  MessageBudget,
  ReadTime,
  estimateBytes,
  type AppMessageLimits,
  type DroppedMessages,
} from '../../appSandbox/messageBudget';
import { SANDBOX_REPORT_METHOD, type SandboxReport } from '../../appSandbox/sandboxProtocol';
import { routeAppMessages } from './appMessageGate';

export interface TransportObserver {
  /** A JSON-RPC message on its way to the app, or one from the app the host bridge will handle. */
  onMessage(dir: AppDirection, message: JSONRPCMessage): void;
  /** Something the app's frame posted that is not JSON-RPC: the host bridge never sees it. */
  onMalformed(data: unknown, problem: string): void;
  /** The sandbox page's word about the app (an uncaught error, a CSP violation), and the message itself. */
  onSandboxReport(report: SandboxReport, message: JSONRPCMessage): void;
  /** Messages dropped past the app's budget; told once a second at most while it lasts. */
  onDropped(drops: DroppedMessages, limits: AppMessageLimits): void;
}

/** The page's main thread, shared by every app view: together they get one budget of it. */
const pageReadTime = new ReadTime();

/**
 * The host's postMessage transport to one sandbox frame (the SDK's Transport interface, which
 * the AppBridge runs on). It takes only what the frame's window posts (the page's message gate
 * hands it those, and keeps them from every other listener), within the app's budget
 * (messageBudget.ts), checked before anything reads it: past the second's count or read time, a
 * message is dropped unread, so a flood costs the page a check per message and no more. Every
 * message in and out is shown to the observer (the App log, the traffic pane) before the
 * AppBridge gets it or after the AppBridge sends it, malformed ones included, with their data.
 *
 * Its own rather than the SDK's PostMessageTransport: that one reads and validates every message
 * it is sent (and logs each to the console) before anyone could drop it, and posts to "*".
 */
export class SandboxTransport implements Transport {
  onmessage?: (message: JSONRPCMessage, extra?: MessageExtraInfo) => void;
  onclose?: () => void;
  onerror?: (error: Error) => void;
  private readonly budget: MessageBudget;
  private dropsTimer: ReturnType<typeof setTimeout> | undefined;
  private unroute: (() => void) | undefined;
  private closed = false;

  constructor(
    private readonly frame: Window,
    /** The sandbox page's origin: messages go only to a document of it. */
    private readonly origin: string,
    private readonly observer: TransportObserver,
    limits: AppMessageLimits = APP_MESSAGE_LIMITS,
  ) {
    this.budget = new MessageBudget(limits, () => performance.now(), pageReadTime);
  }

  async start(): Promise<void> {
    this.unroute = routeAppMessages(this.frame, this.listen);
  }

  async send(message: JSONRPCMessage, _options?: TransportSendOptions): Promise<void> {
    if (this.closed) return;
    this.observer.onMessage('hostToApp', message);
    this.frame.postMessage(message, this.origin);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.unroute?.();
    clearTimeout(this.dropsTimer);
    this.onclose?.();
  }

  /** The frame's messages, and no one else's (appMessageGate.ts). */
  private readonly listen = (event: MessageEvent<unknown>): void => {
    if (!this.budget.admit()) {
      this.reportDropsSoon();
      return;
    }
    const started = performance.now();
    try {
      this.take(event);
    } finally {
      this.budget.charge(performance.now() - started);
    }
  };

  private take(event: MessageEvent<unknown>): void {
    // Reading `data` is what deserializes it: the costly part, charged to the budget.
    const data = event.data;
    if (!this.budget.admitBytes(estimateBytes(data, this.budget.limits.maxMessageBytes))) {
      this.reportDropsSoon();
      return;
    }
    const checked = JSONRPCMessageSchema.safeParse(data);
    if (!checked.success) {
      this.observer.onMalformed(data, describeMalformed(data, checked.error.issues[0]?.message));
      this.answerInvalidRequest(data);
      return;
    }
    const message = checked.data;
    if (isNotification(message) && message.method === SANDBOX_REPORT_METHOD) {
      this.observer.onSandboxReport(readReport(message.params), message);
      return;
    }
    this.observer.onMessage('appToHost', message);
    this.onmessage?.(message);
  }

  /** One note a second at most, however many are dropped. */
  private reportDropsSoon(): void {
    this.dropsTimer ??= setTimeout(() => {
      this.dropsTimer = undefined;
      const drops = this.budget.takeDrops();
      if (drops && !this.closed) this.observer.onDropped(drops, this.budget.limits);
    }, 1_000);
  }

  /**
   * JSON-RPC answers a request it cannot read with -32600 when its id can be made out, so an app
   * that got its message wrong hears why instead of waiting forever.
   */
  private answerInvalidRequest(data: unknown): void {
    if (typeof data !== 'object' || data === null) return;
    const { id } = data as { id?: unknown };
    // A malformed answer to one of the host's requests is not a request: nothing to answer.
    if ((typeof id !== 'string' && typeof id !== 'number') || 'result' in data || 'error' in data) return;
    void this.send({
      jsonrpc: '2.0',
      id,
      error: { code: -32600, message: 'Invalid Request: mcp-inspect could not read this as JSON-RPC 2.0' },
    }).catch(() => undefined);
  }
}

function describeMalformed(data: unknown, issue: string | undefined): string {
  if (typeof data !== 'object' || data === null)
    return `not JSON-RPC: ${data === null ? 'null' : `a ${typeof data}`}`;
  if (Array.isArray(data)) return 'not JSON-RPC: an array (batches are not part of MCP Apps)';
  if ((data as { jsonrpc?: unknown }).jsonrpc !== '2.0') return 'not JSON-RPC: no "jsonrpc": "2.0"';
  return `invalid JSON-RPC${issue ? `: ${issue}` : ''}`;
}

const REPORT_KINDS: readonly SandboxReport['kind'][] = [
  'error',
  'unhandledrejection',
  'csp',
  'refused',
  'limit',
];

function readReport(params: unknown): SandboxReport {
  const p = (typeof params === 'object' && params !== null ? params : {}) as Record<string, unknown>;
  const kind = REPORT_KINDS.find((known) => known === p.kind) ?? 'error';
  return {
    kind,
    message: typeof p.message === 'string' ? p.message.slice(0, 2000) : 'The sandbox reported a problem',
    ...(typeof p.where === 'string' ? { where: p.where.slice(0, 500) } : {}),
    ...(typeof p.stack === 'string' ? { stack: p.stack.slice(0, 4000) } : {}),
  };
}
