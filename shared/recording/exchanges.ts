import type { RecordedFrame } from './readRecording.js';

/** What the server sent for one recorded request, in order, timed from the request. */
export interface RecordedEvent {
  /** Milliseconds after the request. */
  delay: number;
  /** A notification, a server→client request, or (last, at most one) the response. */
  message: Record<string, unknown>;
  response: boolean;
  /** The response was too large to keep: only its envelope is known. */
  elided?: boolean;
}

/** One request of the client's, and everything the server sent for it. */
export interface Exchange {
  request: { method: string; params?: Record<string, unknown>; id: string | number };
  line: number;
  t: number;
  generation: number;
  events: RecordedEvent[];
  /** The response, once it came (absent: the session ended, or the request is a long-lived stream). */
  response?: Record<string, unknown>;
}

/**
 * Pairs each client request with its response (by id, within its run of the target) and gives it
 * the server messages that belong to it: those sent on its stream (HTTP's `relatedTo`), else, over
 * stdio where nothing says so, those sent while it was the newest request still open, or after its
 * response until the next request (a list change that a call caused). Server messages before any
 * request are passed over.
 */
export function pairExchanges(frames: readonly RecordedFrame[]): Exchange[] {
  const exchanges: Exchange[] = [];
  const open = new Map<string, Exchange>();
  const key = (generation: number, id: unknown) => `${generation}:${JSON.stringify(id)}`;
  let newest: Exchange | undefined;
  for (const frame of frames) {
    const message = frame.message;
    const method = typeof message.method === 'string' ? message.method : undefined;
    const hasId = message.id !== undefined && message.id !== null;
    if (frame.dir === 'toServer') {
      if (method !== undefined && hasId) {
        const exchange: Exchange = {
          request: {
            method,
            id: message.id as string | number,
            ...(isObject(message.params) ? { params: message.params } : {}),
          },
          line: frame.line,
          t: frame.t,
          generation: frame.generation,
          events: [],
        };
        exchanges.push(exchange);
        open.set(key(frame.generation, message.id), exchange);
        newest = exchange;
      }
      continue;
    }
    if (method === undefined && hasId) {
      const exchange = open.get(key(frame.generation, message.id));
      if (!exchange) continue;
      open.delete(key(frame.generation, message.id));
      exchange.response = message;
      exchange.events.push({
        delay: frame.t - exchange.t,
        message,
        response: true,
        ...(frame.elided ? { elided: true } : {}),
      });
      continue;
    }
    const owner =
      (frame.relatedTo !== undefined ? open.get(key(frame.generation, frame.relatedTo)) : undefined) ??
      newestOpen(open, newest) ??
      newest;
    if (!owner || owner.generation !== frame.generation) continue;
    owner.events.push({ delay: frame.t - owner.t, message, response: false });
  }
  return exchanges;
}

/** The newest request still waiting for its response, if the newest is. */
function newestOpen(open: Map<string, Exchange>, newest: Exchange | undefined): Exchange | undefined {
  let latest: Exchange | undefined;
  for (const exchange of open.values()) if (!latest || exchange.t >= latest.t) latest = exchange;
  return latest ?? newest;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
