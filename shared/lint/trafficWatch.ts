import type { Transport } from '@modelcontextprotocol/client';

const LIST_METHODS = new Set(['tools/list', 'resources/list', 'resources/templates/list', 'prompts/list']);

type Message = Record<string, unknown>;

/**
 * The notification methods kept, at most: the rules ask which were sent, not how often, and a
 * server that sends a flood of them (or of made-up names) must not grow the watch without bound.
 */
export const MAX_NOTIFICATION_METHODS = 64;
/** A method name longer than this is no MCP notification's: not kept. */
const MAX_METHOD_CHARS = 200;

/**
 * What lint needs of the traffic that the SDK client does not keep: the notifications the server
 * sent (list_changed rule), and each list page as the server sent it, before the client's schemas
 * judged it (a modern-era client refuses a whole page for one bad tool, and keeps nothing of it).
 * Fed from a transport (`watchTransport`) or from the bridge's frame records (`see`).
 */
export class TrafficWatch {
  private readonly notificationMethods = new Set<string>();
  private readonly asked = new Map<string, string>();
  private readonly answers = new Map<string, unknown>();

  see(direction: 'toServer' | 'fromServer', message: unknown): void {
    if (typeof message !== 'object' || message === null) return;
    const m = message as Message;
    if (direction === 'toServer') {
      if (m.id !== undefined && typeof m.method === 'string' && LIST_METHODS.has(m.method)) {
        const params = (m.params ?? {}) as Message;
        this.asked.set(
          JSON.stringify(m.id),
          key(m.method, typeof params.cursor === 'string' ? params.cursor : undefined),
        );
      }
      return;
    }
    if (m.id === undefined) {
      const methods = this.notificationMethods;
      if (
        typeof m.method === 'string' &&
        m.method.length <= MAX_METHOD_CHARS &&
        methods.size < MAX_NOTIFICATION_METHODS
      )
        methods.add(m.method);
      return;
    }
    const asked = this.asked.get(JSON.stringify(m.id));
    if (asked === undefined || m.method !== undefined) return;
    this.asked.delete(JSON.stringify(m.id));
    if (m.result !== undefined) this.answers.set(asked, m.result);
  }

  /** The methods of the notifications the server sent, each once, in the order first seen. */
  get notifications(): string[] {
    return [...this.notificationMethods];
  }

  /** The last answer to this list page, as sent. */
  answer(method: string, cursor: string | undefined): unknown {
    return this.answers.get(key(method, cursor));
  }

  /** Whether the bridge's frames may concern this watch (the rest need not be parsed). */
  static mayConcern(direction: 'toServer' | 'fromServer', text: string, watching: boolean): boolean {
    if (direction === 'toServer')
      return /"method":\s*"(tools|resources|resources\/templates|prompts)\/list"/.test(text);
    return watching || text.includes('notifications/');
  }

  /** Whether a list request is awaiting its answer (the CLI parses incoming responses only then). */
  get waiting(): boolean {
    return this.asked.size > 0;
  }
}

function key(method: string, cursor: string | undefined): string {
  return `${method} ${cursor ?? ''}`;
}

/**
 * Feeds a watch from a transport, before the client connects: the SDK's Protocol keeps a message
 * handler it finds on the transport and calls it before its own; `send` is wrapped as it stands.
 */
export function watchTransport(transport: Transport, watch: TrafficWatch): void {
  const previous = transport.onmessage;
  transport.onmessage = (message, extra) => {
    watch.see('fromServer', message);
    previous?.(message, extra);
  };
  const send = transport.send.bind(transport);
  transport.send = (message, options) => {
    watch.see('toServer', message);
    return send(message, options);
  };
}
