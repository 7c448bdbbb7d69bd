import { stableJson } from '../core/stableJson.js';
import type { Exchange, RecordedEvent } from './exchanges.js';
import { recordedHandshake } from './recordedSurface.js';

const PROTOCOL_VERSION_META_KEY = 'io.modelcontextprotocol/protocolVersion';
const SUBSCRIPTION_ID_META_KEY = 'io.modelcontextprotocol/subscriptionId';

/** A JSON-RPC error object, as the mock answers it. */
export interface ReplayError {
  code: number;
  message: string;
  data?: unknown;
}

/** What to send for a request: the recorded events, rewritten for this request's id and tokens. */
export type Replay = { events: RecordedEvent[]; line: number } | { error: ReplayError };

/** How far apart a request is from a recorded one: where their parameters differ. */
interface Difference {
  path: string;
  asked: unknown;
  recorded: unknown;
}

/**
 * The answers a recording holds, looked up by request: the same method and the same parameters
 * (apart from `_meta`, which carries the client's own identity, capabilities and progress token in
 * each request). The same request asked several times gets the recorded answers in their order,
 * then the last one again. Nothing here changes the recording.
 */
export class ReplayBook {
  readonly era: 'legacy' | 'modern';
  /** The protocol version the recording speaks. */
  readonly protocolVersion: string | undefined;
  private readonly byKey = new Map<string, Exchange[]>();
  private readonly served = new Map<string, number>();
  private readonly byMethod = new Map<string, Exchange[]>();

  constructor(exchanges: readonly Exchange[]) {
    const handshake = recordedHandshake(exchanges);
    if (!handshake)
      throw new Error('the recording holds no answered handshake (initialize or server/discover)');
    this.era = handshake.era;
    const result = handshake.result;
    this.protocolVersion =
      handshake.era === 'legacy'
        ? stringOr(result.protocolVersion)
        : stringOr(
            (handshake.exchange.request.params?._meta as Record<string, unknown> | undefined)?.[
              PROTOCOL_VERSION_META_KEY
            ],
          );
    for (const exchange of exchanges) {
      if (!exchange.response && exchange.request.method !== 'subscriptions/listen') continue;
      const key = requestKey(exchange.request.method, exchange.request.params);
      this.byKey.set(key, [...(this.byKey.get(key) ?? []), exchange]);
      const method = exchange.request.method;
      this.byMethod.set(method, [...(this.byMethod.get(method) ?? []), exchange]);
    }
  }

  /** The methods the recording answers, for the person. */
  get methods(): string[] {
    return [...this.byMethod.keys()];
  }

  /** What to send for the request `id` of `method` with `params`. */
  answer(id: string | number, method: string, params: Record<string, unknown> | undefined): Replay {
    const exchange = this.find(method, params);
    if ('error' in exchange) return exchange;
    return { events: rewrite(exchange, id, params), line: exchange.line };
  }

  private find(
    method: string,
    params: Record<string, unknown> | undefined,
  ): Exchange | { error: ReplayError } {
    const key = requestKey(method, params);
    const exact = this.byKey.get(key);
    if (exact) {
      const next = this.served.get(key) ?? 0;
      this.served.set(key, next + 1);
      return exact[Math.min(next, exact.length - 1)] as Exchange;
    }
    const sameMethod = this.byMethod.get(method);
    // A handshake answers whoever asks: its parameters are the client's identity, not a question.
    if (sameMethod && (method === 'initialize' || method === 'server/discover'))
      return sameMethod.at(-1) as Exchange;
    return { error: this.miss(method, params, sameMethod) };
  }

  /** The error for a request the recording has no answer to, naming the closest recorded one. */
  private miss(
    method: string,
    params: Record<string, unknown> | undefined,
    sameMethod: Exchange[] | undefined,
  ): ReplayError {
    if (method === 'initialize' && this.era === 'modern')
      return {
        code: -32022,
        message: `this recording is of the modern era (server/discover, protocol version ${this.protocolVersion ?? 'unknown'}): it has no initialize to replay`,
        data: {
          supported: this.protocolVersion ? [this.protocolVersion] : [],
          requested: params?.protocolVersion,
        },
      };
    if (!sameMethod) {
      const closest = closestMethod(method, this.methods);
      return {
        code: -32601,
        message: `Method not found: ${method} is not in the recording${closest ? ` (the closest recorded method: ${closest})` : ''}`,
        data: { recordedMethods: this.methods },
      };
    }
    // The field that says what is asked for (the tool, the resource, the prompt) decides first:
    // a call of another tool is never "the closest", and that difference is said before any
    // argument's.
    const decisive = DECISIVE_FIELD[method]?.field;
    const noun = DECISIVE_FIELD[method]?.noun ?? '';
    const subject = (value: Record<string, unknown> | undefined) =>
      decisive ? value?.[decisive] : undefined;
    const sameSubject = sameMethod.filter(
      (exchange) => stableJson(subject(exchange.request.params)) === stableJson(subject(params)),
    );
    if (decisive && sameSubject.length === 0) {
      const recorded = [...new Set(sameMethod.map((exchange) => show(subject(exchange.request.params))))];
      return {
        code: -32602,
        message: `no recorded answer to ${method}: ${noun} ${show(subject(params))} is not in the recording (recorded: ${recorded.join(', ')})`,
        data: { [decisive]: subject(params), recorded },
      };
    }
    let best: { exchange: Exchange; differences: Difference[] } | undefined;
    for (const exchange of sameSubject) {
      const differences = differ(strip(params), strip(exchange.request.params), '');
      if (!best || differences.length < best.differences.length) best = { exchange, differences };
    }
    const { exchange, differences } = best as { exchange: Exchange; differences: Difference[] };
    const said = differences
      .slice(0, 3)
      .map(
        (difference) =>
          `${difference.path || 'params'}: asked ${show(difference.asked)}, recorded ${show(difference.recorded)}`,
      )
      .join('; ');
    const rest = differences.slice(3).map((difference) => difference.path || 'params');
    const what = decisive ? ` of ${noun} ${show(subject(params))}` : '';
    return {
      code: -32602,
      message: `no recorded answer to ${method}${what} with these parameters; the closest recorded request (line ${exchange.line}) differs at ${said}${rest.length > 0 ? `; and at ${rest.length} more path${rest.length === 1 ? '' : 's'} (${rest.join(', ')})` : ''}`,
      data: { closest: { line: exchange.line, method, params: strip(exchange.request.params) }, differences },
    };
  }
}

/** The parameter that names what a request is about: a mismatch there is the one that matters. */
const DECISIVE_FIELD: Record<string, { field: string; noun: string }> = {
  'tools/call': { field: 'name', noun: 'tool' },
  'prompts/get': { field: 'name', noun: 'prompt' },
  'resources/read': { field: 'uri', noun: 'resource' },
  'resources/subscribe': { field: 'uri', noun: 'resource' },
  'resources/unsubscribe': { field: 'uri', noun: 'resource' },
  'completion/complete': { field: 'ref', noun: 'reference' },
};

/** A request's identity: its method and its parameters without `_meta`, keys sorted. */
export function requestKey(method: string, params: Record<string, unknown> | undefined): string {
  return `${method} ${stableJson(strip(params) ?? {})}`;
}

function strip(params: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
  if (!params) return undefined;
  const { _meta: _ignored, ...rest } = params;
  return rest;
}

/** The recorded events for this request: its id on the response, its tokens in the notifications. */
function rewrite(
  exchange: Exchange,
  id: string | number,
  params: Record<string, unknown> | undefined,
): RecordedEvent[] {
  const recordedToken = metaOf(exchange.request.params).progressToken;
  const askedToken = metaOf(params).progressToken;
  const recordedId = exchange.request.id;
  const events: RecordedEvent[] = [];
  for (const event of exchange.events) {
    const message = JSON.parse(JSON.stringify(event.message)) as Record<string, unknown>;
    if (event.response) {
      message.id = id;
      events.push({ ...event, message });
      continue;
    }
    const eventParams = message.params as Record<string, unknown> | undefined;
    if (message.method === 'notifications/progress' && eventParams) {
      // Progress only for a client that asked for it, under its own token.
      if (askedToken === undefined || eventParams.progressToken !== recordedToken) continue;
      eventParams.progressToken = askedToken;
    }
    const meta = metaOf(eventParams);
    if (meta[SUBSCRIPTION_ID_META_KEY] !== undefined && meta[SUBSCRIPTION_ID_META_KEY] === recordedId)
      meta[SUBSCRIPTION_ID_META_KEY] = id;
    events.push({ ...event, message });
  }
  return events;
}

function metaOf(params: Record<string, unknown> | undefined): Record<string, unknown> {
  const meta = params?._meta;
  return typeof meta === 'object' && meta !== null ? (meta as Record<string, unknown>) : {};
}

/** Where two JSON values differ, as paths (`arguments.message`). */
function differ(asked: unknown, recorded: unknown, path: string): Difference[] {
  if (stableJson(asked) === stableJson(recorded)) return [];
  const bothObjects =
    typeof asked === 'object' &&
    asked !== null &&
    !Array.isArray(asked) &&
    typeof recorded === 'object' &&
    recorded !== null &&
    !Array.isArray(recorded);
  if (!bothObjects) return [{ path, asked, recorded }];
  const a = asked as Record<string, unknown>;
  const r = recorded as Record<string, unknown>;
  return [...new Set([...Object.keys(a), ...Object.keys(r)])]
    .sort()
    .flatMap((key) => differ(a[key], r[key], path ? `${path}.${key}` : key));
}

function show(value: unknown): string {
  if (value === undefined) return 'nothing';
  const text = JSON.stringify(value);
  return text.length > 60 ? `${text.slice(0, 59)}…` : text;
}

function stringOr(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** The recorded method nearest in spelling (edit distance), if any is near. */
function closestMethod(method: string, methods: readonly string[]): string | undefined {
  let best: { name: string; distance: number } | undefined;
  for (const name of methods) {
    const distance = editDistance(method, name);
    if (!best || distance < best.distance) best = { name, distance };
  }
  return best && best.distance <= Math.max(3, method.length / 2) ? best.name : undefined;
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1)
      current[j] = Math.min(
        (previous[j] ?? 0) + 1,
        (current[j - 1] ?? 0) + 1,
        (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    previous = current;
  }
  return previous[b.length] ?? 0;
}
