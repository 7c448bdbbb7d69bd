import { performance } from 'node:perf_hooks';
import { HEADER_SECRET_MASK, maskedPathOf, maskUrlReference, maskUrlsIn } from '../../shared/urlSecrets.js';
import type { HttpExchangeReport } from './target.js';

/** Shown instead of a secret header value (shared, so the page can say which values are masked). */
export const MASK = HEADER_SECRET_MASK;

/** Headers whose value is one URL, perhaps relative. */
const URL_HEADERS = new Set(['location', 'content-location']);

/** Headers that carry credentials whoever set them. */
export const ALWAYS_SECRET = new Set([
  'authorization',
  'proxy-authorization',
  'cookie',
  'set-cookie',
  'dpop',
]);

/**
 * A fetch that reports every HTTP exchange of a URL target's transport: the traffic pane shows
 * the wire under the JSON-RPC frames (the 2026-07-28 routing headers `Mcp-Method`, `Mcp-Name`,
 * `Mcp-Param-*`, the protocol version and session headers, statuses), linked to the frames by
 * the JSON-RPC ids in the request body. Secrets never leave: `Authorization` and every header
 * the person gave are masked before the report is made.
 */
export function recordingFetch(
  secretHeaderNames: readonly string[],
  report: (exchange: HttpExchangeReport) => void,
  inner: typeof fetch = fetch,
): typeof fetch {
  const secret = new Set([...ALWAYS_SECRET, ...secretHeaderNames.map((name) => name.toLowerCase())]);
  return async (input, init) => {
    const startedAt = performance.now();
    const request = new Request(input, init);
    const body = typeof init?.body === 'string' ? init.body : undefined;
    const base = {
      startedAt,
      method: request.method,
      path: maskedPathOf(request.url),
      requestHeaders: maskHeaders(request.headers, secret),
      ...rpcSummary(body),
    };
    try {
      const response = await inner(input, init);
      report({
        ...base,
        status: response.status,
        durationMs: elapsed(startedAt),
        responseHeaders: maskHeaders(response.headers, secret),
      });
      return response;
    } catch (error) {
      report({
        ...base,
        durationMs: elapsed(startedAt),
        responseHeaders: {},
        error: describeFetchFailure(error),
      });
      throw error;
    }
  };
}

function elapsed(startedAt: number): number {
  return Math.round((performance.now() - startedAt) * 1000) / 1000;
}

/**
 * Secret headers masked, and the secrets of any URL another header names (a redirect's
 * `Location`, a `Link`) masked as the URL field masks them.
 */
export function maskHeaders(headers: Headers, secret: ReadonlySet<string>): Record<string, string> {
  const out: Record<string, string> = {};
  headers.forEach((value, name) => {
    out[name] = secret.has(name)
      ? maskValue(name, value)
      : URL_HEADERS.has(name)
        ? maskUrlReference(value)
        : maskUrlsIn(value);
  });
  return out;
}

/** Keeps an auth scheme (`Bearer`, `Basic`) visible: it tells what kind of credential went. */
function maskValue(name: string, value: string): string {
  if (name === 'authorization' || name === 'proxy-authorization') {
    const scheme = /^(\S+)\s/.exec(value)?.[1];
    return scheme ? `${scheme} ${MASK}` : MASK;
  }
  return MASK;
}

/** The ids (and the method, for a single message) of the JSON-RPC messages a POST body holds. */
function rpcSummary(body: string | undefined): { rpcIds: (string | number)[]; rpcMethod?: string } {
  if (body === undefined) return { rpcIds: [] };
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return { rpcIds: [] };
  }
  const messages = Array.isArray(parsed) ? parsed : [parsed];
  const rpcIds: (string | number)[] = [];
  for (const message of messages) {
    const id = (message as { id?: unknown } | null)?.id;
    if (typeof id === 'string' || typeof id === 'number') rpcIds.push(id);
  }
  const method = (
    messages.length === 1 ? (messages[0] as { method?: unknown } | null)?.method : undefined
  ) as string | undefined;
  return typeof method === 'string' ? { rpcIds, rpcMethod: method } : { rpcIds };
}

function describeFetchFailure(error: unknown): string {
  const err = error as (Error & { cause?: { code?: string } }) | undefined;
  if (err?.name === 'AbortError') return 'aborted';
  return err?.cause?.code ?? err?.message ?? String(error);
}
