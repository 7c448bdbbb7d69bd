import type { Breakpoints } from './breakpoints.js';
import type { Capture } from './capture.js';
import { matchRule, type InjectRule } from './injectRules.js';

/** A JSON-RPC message as the relays look at it. */
export type RpcMessage = {
  id?: unknown;
  method?: unknown;
  params?: unknown;
  result?: unknown;
  error?: unknown;
};

/** What the HTTP proxy can do with one message the server sends the host. */
export interface ServerMessageOut {
  /** Pass it on to the host: its own bytes (no text), or this JSON text in their place. */
  send(text?: string): void;
  /** Never pass it on. */
  drop(): void;
}

/** What the messages of one HTTP exchange share with the rest of the proxy. */
export interface ServerSideContext {
  capture: Capture;
  rules: readonly InjectRule[];
  breakpoints: Breakpoints | undefined;
  /** Posts a JSON-RPC answer to the server in the host's place (a request held or faulted). */
  answerServer(text: string): void;
  /** Ids of the server's requests whose answers from the host are to be cut (`truncate`). */
  truncateHostAnswers: Map<string, number | undefined>;
}

/** Whether anything may want to look at what the server sends (else it passes as bytes). */
export function looksAtServerMessages(ctx: ServerSideContext): boolean {
  return ctx.rules.some((rule) => rule.from !== 'host') || ctx.breakpoints?.active === true;
}

/**
 * One message from the server to the host, over HTTP (a JSON body, an SSE event), looked at as
 * the stdio relay looks at a line from the server (lineRelay.ts): the first `--inject` rule that
 * matches it applies, else the page's breakpoints may hold it. True when it was taken: `out`
 * will be called (once) when it goes on or is dropped; false when it passes as it came.
 */
export function takeServerMessage(
  message: RpcMessage,
  bytes: number,
  ctx: ServerSideContext,
  out: ServerMessageOut,
): boolean {
  const { capture } = ctx;
  const id = idKey(message.id);
  const rule = matchRule(ctx.rules, message, 'server');
  if (rule === undefined)
    return (
      ctx.breakpoints?.consider(message, 'server', bytes, {
        forward: (text) => out.send(text),
        answerBack: (text) => ctx.answerServer(text),
        drop: () => out.drop(),
      }) === true
    );
  const what = `${String(message.method)}${id === undefined ? '' : ` (id ${id})`} from the server`;
  const because = `(rule "${rule.text}")`;
  switch (rule.action.kind) {
    case 'drop':
      capture.note(`injected: ${what} dropped ${because}`, 'warning');
      out.drop();
      return true;
    case 'delay':
      capture.note(`injected: ${what} held ${rule.action.ms} ms ${because}`, 'warning');
      setTimeout(() => out.send(), rule.action.ms);
      return true;
    case 'truncate':
      if (id !== undefined) {
        ctx.truncateHostAnswers.set(id, rule.action.bytes);
        capture.note(`injected: the answer to ${what} will be cut ${because}`, 'warning');
      }
      return false;
    case 'error': {
      if (message.id === undefined) {
        capture.note(
          `injected: ${what} dropped, a notification cannot be answered with an error ${because}`,
          'warning',
        );
        out.drop();
        return true;
      }
      const answer = JSON.stringify({
        jsonrpc: '2.0',
        id: message.id,
        error: { code: rule.action.code, message: rule.action.message },
      });
      capture.note(
        `injected: ${what} answered by the proxy with error ${rule.action.code} ${because}`,
        'warning',
      );
      capture.line('toServer', answer, Buffer.byteLength(answer), { synthetic: true });
      ctx.answerServer(answer);
      out.drop();
      return true;
    }
  }
}

/** One JSON-RPC object from JSON text (a batch, or what is not JSON, gives undefined). */
export function parseMessage(text: string): RpcMessage | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as RpcMessage)
      : undefined;
  } catch {
    return undefined;
  }
}

export function idKey(id: unknown): string | undefined {
  return typeof id === 'string' || typeof id === 'number' ? JSON.stringify(id) : undefined;
}
