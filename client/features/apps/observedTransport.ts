import type {
  JSONRPCMessage,
  MessageExtraInfo,
  Transport,
  TransportSendOptions,
} from '@modelcontextprotocol/client';
import { JSONRPCMessageSchema } from '@modelcontextprotocol/core';
import { PostMessageTransport } from '@modelcontextprotocol/ext-apps/app-bridge';
import { isNotification } from '../../../shared/jsonRpcShape';
import type { AppDirection } from '../../../shared/wire';
import { SANDBOX_REPORT_METHOD, type SandboxReport } from '../../appSandbox/sandboxProtocol';

export interface TransportObserver {
  /** A JSON-RPC message on its way to the app, or one from the app the host bridge will handle. */
  onMessage(dir: AppDirection, message: JSONRPCMessage): void;
  /** Something the app's frame posted that is not JSON-RPC: the host bridge never sees it. */
  onMalformed(data: unknown, problem: string): void;
  /** The sandbox page's word about the app (an uncaught error, a CSP violation), and the message itself. */
  onSandboxReport(report: SandboxReport, message: JSONRPCMessage): void;
}

/**
 * The SDK's PostMessageTransport with eyes: every message in and out is shown to the observer
 * before the AppBridge gets it or after the AppBridge sends it, so the App log and the traffic
 * pane see exactly what crossed postMessage. The SDK transport does all the messaging; the extra
 * listener here only looks, to catch what the SDK drops silently (data without `jsonrpc: "2.0"`)
 * or reports without the data (a malformed JSON-RPC message).
 */
export class ObservedTransport implements Transport {
  onmessage?: (message: JSONRPCMessage, extra?: MessageExtraInfo) => void;
  onclose?: () => void;
  onerror?: (error: Error) => void;
  private readonly inner: PostMessageTransport;
  private readonly look: (event: MessageEvent<unknown>) => void;

  constructor(
    frame: Window,
    private readonly observer: TransportObserver,
  ) {
    // Target and source both the frame: only its messages are taken, and only it is written to.
    this.inner = new PostMessageTransport(frame, frame);
    this.inner.onmessage = (message, extra) => {
      if (isNotification(message) && message.method === SANDBOX_REPORT_METHOD) {
        observer.onSandboxReport(readReport(message.params), message);
        return;
      }
      observer.onMessage('appToHost', message);
      this.onmessage?.(message, extra);
    };
    // Already shown with its data by `look`; the SDK's error is only its schema's words.
    this.inner.onerror = () => undefined;
    this.inner.onclose = () => this.onclose?.();
    this.look = (event) => {
      if (event.source !== frame) return;
      const checked = JSONRPCMessageSchema.safeParse(event.data);
      if (checked.success) return;
      observer.onMalformed(event.data, describeMalformed(event.data, checked.error.issues[0]?.message));
      this.answerInvalidRequest(event.data);
    };
  }

  async start(): Promise<void> {
    window.addEventListener('message', this.look);
    await this.inner.start();
  }

  async send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    this.observer.onMessage('hostToApp', message);
    await this.inner.send(message, options);
  }

  async close(): Promise<void> {
    window.removeEventListener('message', this.look);
    await this.inner.close();
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

function readReport(params: unknown): SandboxReport {
  const p = (typeof params === 'object' && params !== null ? params : {}) as Record<string, unknown>;
  const kind = p.kind === 'unhandledrejection' || p.kind === 'csp' || p.kind === 'refused' ? p.kind : 'error';
  return {
    kind,
    message: typeof p.message === 'string' ? p.message.slice(0, 2000) : 'The sandbox reported a problem',
    ...(typeof p.where === 'string' ? { where: p.where.slice(0, 500) } : {}),
    ...(typeof p.stack === 'string' ? { stack: p.stack.slice(0, 4000) } : {}),
  };
}
