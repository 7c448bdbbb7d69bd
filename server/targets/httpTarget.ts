import {
  InsufficientScopeError,
  SSEClientTransport,
  StreamableHTTPClientTransport,
  withDpop,
  type JSONRPCMessage,
  type RequestId,
  type Transport,
} from '@modelcontextprotocol/client';
import { maskUrl, maskUrlIn } from '../../shared/urlSecrets.js';
import type { UrlTimeouts } from '../../shared/urlTimeouts.js';
import type { EraChoice, TransportKind } from '../../shared/wire.js';
import { requestIdOf, responseIdOf } from '../../shared/jsonRpcShape.js';
import { MODERN_PROTOCOL_VERSION } from '../../shared/core/clientSession.js';
import type { TargetAuth } from './targetAuth.js';
import { readVersion } from '../files/version.js';
import { recordingFetch } from './httpExchanges.js';
import { StreamOrigins } from './streamOrigins.js';
import { DEFAULT_MEMORY_LIMITS, MAX_MESSAGE_BYTES } from './memoryLimits.js';
import { capResponse, ERROR_HEAD_BYTES } from './responseCaps.js';
import { REQUEST_TIMEOUT_MS, WaitingBodies, withAnswerDeadline } from './requestBounds.js';
import type { TargetConnection, TargetEvents, TargetTuning } from './target.js';
import { moveUrlCredentials } from './urlCredentials.js';
import {
  CONNECT_TIMEOUT_MS,
  ConnectTimeoutError,
  isWithinOrigin,
  probeStreamableHttp,
  withConnectTimeout,
} from './urlProbe.js';

export type UrlTransportChoice = 'auto' | 'streamable-http' | 'sse';

export interface UrlTargetSpec {
  url: string;
  transport: UrlTransportChoice;
  /** Sent with every request; secrets, never logged. */
  headers: Record<string, string>;
  /** In seconds; absent ones are the defaults (or a test's tuning). */
  timeouts?: UrlTimeouts;
  /** The era asked for; `modern` makes even the start's probe a request of that era. */
  era?: EraChoice;
}

/**
 * Each request in flight holds an HTTP response stream (a socket) open on the bridge until the
 * server answers. A server that never answers would otherwise let them pile up without bound as
 * the person (or an app) keeps calling; past this many, a request fails at once, saying why.
 */
export const MAX_OPEN_REQUESTS = 500;

/** Longer error texts (a server's error page repeated by the SDK) are cut for the terminal and page. */
const MAX_ERROR_CHARS = 8 * 1024;

/** What a URL target may take and hold; absent fields keep the defaults. */
export type HttpTuning = Pick<
  TargetTuning,
  'connectTimeoutMs' | 'requestTimeoutMs' | 'stdinBacklogBytes' | 'messageBytes'
> & {
  /** How many requests may wait on an answer at once (a test sets a small one). */
  maxOpenRequests?: number;
};

/**
 * An MCP server reached by URL through the SDK's client transports.
 *
 * At start, the URL is asked whether it speaks Streamable HTTP (see urlProbe.ts): a refused,
 * closed, hung or non-MCP endpoint fails the start with its reason. With `auto`, one that
 * answers but not in JSON-RPC, as a server that only speaks the older HTTP+SSE transport does,
 * is tried over SSE. The page is told which one connected and why, as a note, not an error.
 */
export class HttpTarget implements TargetConnection {
  readonly pid = undefined;
  /** Why this transport, for an `auto` target. */
  note: string | undefined;
  private transport: Transport | undefined;
  private current: TransportKind;
  private closing = false;
  /** Closing while the start's probe waits for an answer ends the wait. */
  private readonly startCancelled = new AbortController();
  private ended = false;
  private protocolVersion: string | undefined;
  /**
   * One abort per request in flight: on Streamable HTTP a request has a stream of its own, and
   * since 2026-07-28 closing it is how a client cancels, so a `notifications/cancelled` the page
   * sends closes the stream too.
   */
  private readonly streams = new Map<RequestId, AbortController>();
  /** fetch that reports each exchange to the traffic pane, secrets masked. */
  private readonly recordedFetch: typeof fetch;
  private readonly connectTimeoutMs: number;
  private readonly requestTimeoutMs: number;
  private readonly maxOpenRequests: number;
  private readonly messageBytes: number;
  /** Bodies sent and not yet answered, bounded as a stdio server's stdin is. */
  private readonly waiting: WaitingBodies;
  /** Set while sends are refused because the server does not take what waits for it. */
  private refusing = false;

  constructor(
    private readonly spec: UrlTargetSpec,
    private readonly events: TargetEvents,
    /** The bridge's OAuth client for this server (server/oauth): tokens, refresh, step-up. */
    private readonly auth?: TargetAuth,
    tuning: HttpTuning = {},
  ) {
    this.current = spec.transport === 'sse' ? 'sse' : 'streamable-http';
    this.recordedFetch = this.bound(
      recordingFetch(Object.keys(spec.headers), (exchange) => events.onHttpExchange(exchange)),
    );
    const seconds = spec.timeouts ?? {};
    this.connectTimeoutMs =
      seconds.connect === undefined
        ? (tuning.connectTimeoutMs ?? CONNECT_TIMEOUT_MS)
        : seconds.connect * 1000;
    this.requestTimeoutMs =
      seconds.request === undefined
        ? (tuning.requestTimeoutMs ?? REQUEST_TIMEOUT_MS)
        : seconds.request * 1000;
    this.maxOpenRequests = tuning.maxOpenRequests ?? MAX_OPEN_REQUESTS;
    this.messageBytes = tuning.messageBytes ?? MAX_MESSAGE_BYTES;
    this.waiting = new WaitingBodies(tuning.stdinBacklogBytes ?? DEFAULT_MEMORY_LIMITS.stdinBacklogBytes);
  }

  /**
   * fetch presenting a DPoP-bound token as RFC 9449 asks: `Authorization: DPoP …` and a fresh proof
   * for each request, a use_dpop_nonce challenge retried once with the server's nonce (the SDK's
   * withDpop, around the recording, so the traffic shows both tries). A Bearer token passes as is.
   */
  private bound(inner: typeof fetch): typeof fetch {
    const auth = this.auth;
    if (!auth?.dpop) return inner;
    return withDpop(
      () => auth.dpop?.(),
      () => auth.token(),
    )(inner) as typeof fetch;
  }

  get kind(): TransportKind {
    return this.current;
  }

  async start(): Promise<void> {
    let url: URL;
    const shown = maskUrl(this.spec.url);
    try {
      ({ url, headers: this.headers } = moveUrlCredentials(new URL(this.spec.url), this.spec.headers));
    } catch {
      throw new Error(`not a valid URL: ${shown}`);
    }
    let rejected = '';
    if (this.spec.transport !== 'sse') {
      const verdict = await this.probe(url, shown);
      if ('failed' in verdict) throw new Error(verdict.failed);
      if (verdict.speaks === 'other') {
        rejected = `${shown} answered ${verdict.answer} to a JSON-RPC POST`;
        if (this.spec.transport === 'streamable-http') throw new Error(`not an MCP endpoint: ${rejected}`);
        this.current = 'sse';
        this.note = `Streamable HTTP answered HTTP ${verdict.status}; connected over SSE`;
      } else if (this.spec.transport === 'auto') {
        this.note = 'Streamable HTTP answered';
      }
    }
    // Closed while probing: no transport is opened for a target nobody wants any more.
    if (this.closing) throw new Error(`closed while connecting to ${shown}`);
    const transport = this.open(this.current, url);
    this.transport = transport;
    try {
      // Opens the event stream and waits for its endpoint; Streamable HTTP has nothing to open.
      await withConnectTimeout(transport.start(), shown, this.connectTimeoutMs);
    } catch (error) {
      // A failed start must not leave an event source retrying in the background.
      this.closing = true;
      await transport.close().catch(() => undefined);
      const reason = error instanceof ConnectTimeoutError ? error.message : this.describe(error);
      throw new Error(rejected ? `not an MCP endpoint: ${rejected}, and SSE failed: ${reason}` : reason);
    }
  }

  /**
   * The probe carries the OAuth token, if the bridge holds one; a 401 is first answered with a
   * refresh, then reported to the OAuth client, which starts (or offers) a sign-in.
   */
  private async probe(url: URL, shown: string): ReturnType<typeof probeStreamableHttp> {
    let challenged: string | undefined;
    const attempt = async (): ReturnType<typeof probeStreamableHttp> => {
      const token = await this.auth?.token();
      challenged = undefined;
      return probeStreamableHttp(
        url,
        token ? { ...this.headers, authorization: `Bearer ${token}` } : this.headers,
        {
          url: shown,
          describe: (error, challenge) => {
            if (httpStatusOf(error) === 401) challenged = challenge ?? '';
            return this.describe(error, challenge);
          },
        },
        this.connectTimeoutMs,
        this.spec.era === 'modern'
          ? {
              protocolVersion: MODERN_PROTOCOL_VERSION,
              clientInfo: { name: 'mcp-inspect', version: readVersion() },
            }
          : undefined,
        this.bound(fetch),
        this.startCancelled.signal,
      );
    };
    let verdict = await attempt();
    if (challenged !== undefined && this.auth && (await this.auth.onUnauthorized()))
      verdict = await attempt();
    if (challenged !== undefined) this.auth?.onChallenge(401, challenged);
    return verdict;
  }

  setProtocolVersion(version: string): void {
    this.protocolVersion = version;
    this.transport?.setProtocolVersion?.(version);
  }

  async send(message: JSONRPCMessage, json?: string, headers?: Record<string, string>): Promise<void> {
    if (!this.transport) throw new Error('The connection is not open');
    if (this.waiting.full) {
      const waiting = `${megabytes(this.waiting.waiting)} MB sent to it already wait for an answer`;
      // Said once per stall, where the person looks; each refused request is also answered
      // with the reason, by the session.
      if (!this.refusing) {
        this.refusing = true;
        this.events.onTransportError(
          `The MCP server is not answering what is sent (${waiting}): what the page sends is refused until it answers`,
        );
      }
      throw new Error(`Not sent: the MCP server is not answering what is sent (${waiting})`);
    }
    const release = this.waiting.hold((json ?? JSON.stringify(message)).length);
    try {
      await this.sendHeld(message, headers);
    } finally {
      release();
      if (this.refusing && !this.waiting.full) this.refusing = false;
    }
  }

  private async sendHeld(message: JSONRPCMessage, headers?: Record<string, string>): Promise<void> {
    if (!this.transport) throw new Error('The connection is not open');
    const id = requestIdOf(message);
    if (id !== undefined && this.streams.size >= this.maxOpenRequests) {
      throw new Error(
        `Not sent: ${this.streams.size} requests to this server are still waiting for an answer, ` +
          `the most mcp-inspect keeps open at once; it sends more as they are answered or cancelled`,
      );
    }
    const stream = id === undefined ? undefined : new AbortController();
    if (id !== undefined && stream) this.streams.set(id, stream);
    try {
      await this.transport.send(message, {
        ...(headers ? { headers } : {}),
        ...(stream ? { requestSignal: stream.signal } : {}),
      });
      this.closeCancelledStream(message);
    } catch (error) {
      if (id !== undefined) this.streams.delete(id);
      // The SDK hands step-up to its caller when the provider is not its own OAuthClientProvider.
      if (error instanceof InsufficientScopeError) this.auth?.onChallenge(403, this.challenge);
      const status = httpStatusOf(error);
      const text = this.describe(error);
      if (isDiscoverProbe(message) && status !== undefined && status >= 400 && status < 500) {
        // A 2025-era server refuses the 2026-07-28 probe with an HTTP error: an expected answer,
        // from which the page falls back to initialize, not a fault of the transport.
        // Its body (the server's own complaint) is in the HTTP exchanges, not in this line.
        this.events.onNote(
          'info',
          `ℹ server/discover was answered HTTP ${status}, as a 2025-era server answers it`,
        );
      } else if (!this.reported.has(error as object)) {
        this.events.onTransportError(text, status === undefined ? undefined : { status });
      }
      throw new Error(text);
    }
  }

  /** Errors the transport both reports (onerror) and throws from send: said once. */
  private readonly reported = new WeakSet<object>();

  private closeCancelledStream(message: JSONRPCMessage): void {
    if (!('method' in message) || message.method !== 'notifications/cancelled') return;
    const cancelled = (message.params as { requestId?: RequestId } | undefined)?.requestId;
    if (cancelled === undefined) return;
    this.streams.get(cancelled)?.abort();
    this.streams.delete(cancelled);
  }

  async close(): Promise<void> {
    this.closing = true;
    this.startCancelled.abort();
    await this.transport?.close().catch(() => undefined);
    this.finish();
  }

  /** The user's headers, with the URL's credentials when it had some (see urlCredentials.ts). */
  private headers: Record<string, string> = {};

  /**
   * fetch, remembering the challenge of a 401: the SDK's errors keep the status but drop the
   * WWW-Authenticate header, which says what kind of authorization the server wants.
   */
  private readonly watchingFetch = async (
    input: string | URL | Request,
    given?: RequestInit,
  ): Promise<Response> => {
    const url = new URL(input instanceof Request ? input.url : input);
    const shown = maskUrl(this.spec.url);
    const { init, answered } = withAnswerDeadline(
      this.toOrigin(url, given),
      this.requestTimeoutMs,
      () =>
        `no answer from ${shown} within ${this.requestTimeoutMs / 1000} s to a ${given?.method ?? 'GET'}: ` +
        'its request timeout (the connection settings, or --request-timeout)',
    );
    let response: Response;
    try {
      response = await this.recordedFetch(url, init);
    } finally {
      answered();
    }
    if (response.status === 401 || response.status === 403) {
      this.challenge = response.headers.get('www-authenticate') ?? undefined;
    }
    const capped = capResponse(
      response,
      { messageBytes: this.messageBytes, errorHeadBytes: ERROR_HEAD_BYTES },
      shown,
    );
    return init?.method === 'POST' ? this.origins.watch(capped, postedRequestId(init.body)) : capped;
  };

  /**
   * The request as it may go: fetch never follows a redirect itself (the SDK's transports follow
   * one within the origin, as the probe does), and a request to another origin than the
   * target's, were one ever made, carries none of the headers given for the target.
   */
  private toOrigin(url: URL, init: RequestInit | undefined): RequestInit {
    const manual: RequestInit = { ...init, redirect: init?.redirect === 'error' ? 'error' : 'manual' };
    if (isWithinOrigin(new URL(this.spec.url), url)) return manual;
    const given = new Set([...Object.keys(this.headers), 'authorization', 'proxy-authorization', 'cookie']);
    const headers = new Headers(init?.headers);
    for (const name of given) headers.delete(name);
    return { ...manual, headers };
  }
  /** Which request's stream each notification came on, to link it in the traffic. */
  private readonly origins = new StreamOrigins();
  private challenge: string | undefined;

  /** Words for the person; the URL's secrets masked, wherever the SDK's text repeats it. */
  private describe(error: unknown, challenge = this.challenge): string {
    return shorten(
      maskUrlIn(describeHttpError(error, maskUrl(this.spec.url), challenge), this.spec.url),
      MAX_ERROR_CHARS,
    );
  }

  private open(kind: TransportKind, url: URL): Transport {
    const requestInit: RequestInit = { headers: this.headers };
    const auth = this.auth;
    // A minimal AuthProvider, not the SDK's OAuthClientProvider: the bridge runs each OAuth step
    // itself (server/oauth) so the page can see it; the transport only asks for the token.
    const authProvider = auth && {
      token: () => auth.token(),
      onUnauthorized: async () => {
        if (!(await auth.onUnauthorized())) {
          auth.onChallenge(401, this.challenge);
          throw new Error(
            'HTTP 401: the token was refused and could not be refreshed; sign in again in the OAuth tab',
          );
        }
      },
    };
    const transport =
      kind === 'sse'
        ? new SSEClientTransport(url, {
            requestInit,
            ...(authProvider ? { authProvider } : {}),
            fetch: this.watchingFetch,
            // EventSource does not take requestInit; its own fetch must carry the headers too.
            eventSourceInit: {
              fetch: (input, init) =>
                this.watchingFetch(input, {
                  ...init,
                  headers: { ...toRecord(init?.headers), ...this.headers },
                }),
            },
          })
        : new StreamableHTTPClientTransport(url, {
            requestInit,
            ...(authProvider ? { authProvider } : {}),
            fetch: this.watchingFetch,
            ...(this.protocolVersion ? { protocolVersion: this.protocolVersion } : {}),
          });
    transport.onmessage = (message) => {
      const id = responseIdOf(message);
      if (id !== undefined) this.streams.delete(id);
      this.events.onMessage(message, JSON.stringify(message), this.origins.originOf(message));
    };
    transport.onerror = (error) => {
      if (this.closing) return;
      // A send that fails is reported where it fails (send), which knows what was being sent.
      if (isSendFailure(error)) return;
      this.reported.add(error);
      const status = httpStatusOf(error);
      this.events.onTransportError(this.describe(error), status === undefined ? undefined : { status });
    };
    transport.onclose = () => {
      if (!this.closing && this.transport === transport) this.finish('The server closed the connection');
    };
    return transport;
  }

  private finish(reason?: string): void {
    if (this.ended) return;
    this.ended = true;
    this.events.onExit({ code: null, signal: null, ...(reason === undefined ? {} : { reason }) });
  }
}

/** The id of the one request a POST carries (the SDK posts one message at a time). */
function postedRequestId(body: RequestInit['body']): RequestId | undefined {
  if (typeof body !== 'string') return undefined;
  try {
    return requestIdOf(JSON.parse(body) as JSONRPCMessage);
  } catch {
    return undefined;
  }
}

function isDiscoverProbe(message: JSONRPCMessage): boolean {
  return 'method' in message && message.method === 'server/discover';
}

/** The SDK's words for a POST that failed, which it also throws from send. */
function isSendFailure(error: unknown): boolean {
  return /^Error POSTing to endpoint/.test(String((error as Error | null)?.message ?? ''));
}

function httpStatusOf(error: unknown): number | undefined {
  // SDK v2 keeps the status in `data.status` (SdkHttpError); its auth failures say "unauthorized".
  const dataStatus = (error as { data?: { status?: unknown } } | null)?.data?.status;
  if (typeof dataStatus === 'number') return dataStatus;
  if ((error as Error | null)?.name === 'UnauthorizedError') return 401;
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'number' && code >= 100 && code < 600) return code;
  const text = String((error as Error | null)?.message ?? '');
  const match = /HTTP (\d{3})/.exec(text);
  if (match?.[1] !== undefined) return Number(match[1]);
  return /\bunauthori[sz]ed\b/i.test(text) ? 401 : undefined;
}

/** Turns fetch's terse "fetch failed" into the cause a person can act on. */
export function describeHttpError(error: unknown, url: string, challenge?: string): string {
  const err = error as (Error & { cause?: { code?: string; message?: string } }) | undefined;
  // fetch puts the socket error in `cause`; the SDK's SSE errors only keep it in the text.
  const code =
    err?.cause?.code ??
    /\b(ECONNREFUSED|ENOTFOUND|ECONNRESET|ETIMEDOUT|EAI_AGAIN)\b/.exec(String(err?.message))?.[1];
  if (code === 'ECONNREFUSED') return `connection refused: nothing is listening at ${url}`;
  // fetch refuses a fixed list of ports (SMTP, IRC, …) before it opens any connection.
  if (/bad port/.test(`${err?.message ?? ''} ${err?.cause?.message ?? ''}`)) {
    return `fetch refuses to use the port of ${url} (a "bad port", reserved for another protocol); pick another port`;
  }
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return `host not found: ${url}`;
  if (code !== undefined) return `could not reach ${url}: ${code}`;
  const status = httpStatusOf(error);
  if (status === 401) {
    return (
      'HTTP 401: the server needs authorization. ' +
      (challenge ? `It asks for: WWW-Authenticate: ${challenge}. ` : '') +
      'Sign in from the OAuth tab, or pass a token with --header "Authorization: Bearer …" or in the connection settings.'
    );
  }
  return err?.message ?? String(error);
}

function megabytes(bytes: number): string {
  return (bytes / (1024 * 1024)).toFixed(1);
}

function shorten(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max)}… (${text.length} characters)`;
}

function toRecord(headers: ConstructorParameters<typeof Headers>[0]): Record<string, string> {
  return Object.fromEntries(new Headers(headers).entries());
}
