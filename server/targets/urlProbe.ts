import { maskUrl } from '../../shared/urlSecrets.js';
import { DEFAULT_CONNECT_TIMEOUT_SECONDS } from '../../shared/urlTimeouts.js';
import { readBodyCapped } from './httpBody.js';

/** How long a URL target may take to answer at start before it is reported as hung (--connect-timeout). */
export const CONNECT_TIMEOUT_MS = DEFAULT_CONNECT_TIMEOUT_SECONDS * 1000;
/** Enough of a probe's answer to see whether it is JSON-RPC; a hostile server may send more. */
const PROBE_BODY_BYTES = 64 * 1024;

/**
 * What a URL says to one JSON-RPC `ping` POSTed as Streamable HTTP does it (MCP allows a ping
 * before `initialize`). The SDK's Streamable HTTP transport opens nothing until the page's
 * first message, so without this a closed port or a web page would be reported as
 * "connected" and the page would wait for ever.
 */
export type ProbeVerdict =
  /** It answered in JSON-RPC, success or error (a server with sessions refuses a sessionless ping). */
  | { speaks: 'streamable-http' }
  /** It answered, but not in JSON-RPC: perhaps an older SSE-only server, perhaps no MCP at all. */
  | { speaks: 'other'; status: number; answer: string }
  /** It cannot be used: refused, closed, hung, needs authorization, or failed on its side. */
  | { failed: string };

/**
 * For a target spoken to in the modern era only (`--era modern`): the probe is a request of that
 * era, which must carry the protocol version in a header and in `_meta`, with the client's
 * capabilities (SEP-2575); none are declared for a ping.
 */
export interface ModernProbe {
  protocolVersion: string;
  clientInfo: { name: string; version: string };
}

export async function probeStreamableHttp(
  url: URL,
  headers: Record<string, string>,
  /** The URL as it may be shown (secrets masked), and the words for a fetch error. */
  shown: { url: string; describe: (error: unknown, challenge?: string) => string },
  timeoutMs = CONNECT_TIMEOUT_MS,
  modern?: ModernProbe,
  /** The fetch to send with: the target's, which presents a DPoP-bound token with its proof. */
  send: typeof fetch = fetch,
  /** Aborted when the target is closed while its start is under way. */
  cancelled?: AbortSignal,
): Promise<ProbeVerdict> {
  const shownUrl = shown.url;
  let response: Response;
  const timeout = AbortSignal.timeout(timeoutMs);
  const signal = cancelled ? AbortSignal.any([timeout, cancelled]) : timeout;
  let current = url;
  for (let followed = 0; ; followed += 1) {
    try {
      response = await send(current, {
        method: 'POST',
        headers: {
          ...headers,
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          // Every POST names its method from 2026-07-28 on (SEP-2243); older servers ignore it.
          'mcp-method': 'ping',
          ...(modern ? { 'mcp-protocol-version': modern.protocolVersion } : {}),
        },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 'mcp-inspect-probe',
          method: 'ping',
          ...(modern
            ? {
                params: {
                  _meta: {
                    'io.modelcontextprotocol/protocolVersion': modern.protocolVersion,
                    'io.modelcontextprotocol/clientCapabilities': {},
                    'io.modelcontextprotocol/clientInfo': modern.clientInfo,
                  },
                },
              }
            : {}),
        }),
        // Redirects are followed here, by the transports' rule, never by fetch: fetch drops only
        // Authorization on the way to another origin, and would take an x-api-key there.
        redirect: 'manual',
        signal,
      });
    } catch (error) {
      return { failed: describeUnreachable(error, shown, timeoutMs) };
    }
    const target = redirectTarget(current, response);
    if (target === undefined) break;
    await response.body?.cancel().catch(() => undefined);
    const refused = unfollowable(current, target, response.status, followed);
    if (refused !== undefined) return { failed: `${shownUrl} answered HTTP ${response.status}, ${refused}` };
    current = target;
  }
  const type = (response.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  const answer = `HTTP ${response.status}${type ? ` (${type})` : ''}`;
  if (response.status === 401) {
    await response.body?.cancel();
    const challenge = response.headers.get('www-authenticate') ?? undefined;
    return { failed: shown.describe({ code: 401, message: 'HTTP 401' }, challenge) };
  }
  if (response.status === 403) {
    await response.body?.cancel();
    return { failed: `HTTP 403: ${shownUrl} refuses access (check the headers sent with it)` };
  }
  if (response.status >= 500) {
    const text = (await readBodyCapped(response, PROBE_BODY_BYTES)).trim().slice(0, 300);
    return { failed: `${shownUrl} answered ${answer}${text ? `: ${text}` : ''}` };
  }
  if (response.ok && type === 'text/event-stream') {
    await response.body?.cancel();
    return { speaks: 'streamable-http' };
  }
  if (type === 'application/json' && isJsonRpc(await readBodyCapped(response, PROBE_BODY_BYTES))) {
    return { speaks: 'streamable-http' };
  }
  await response.body?.cancel().catch(() => undefined);
  return { speaks: 'other', status: response.status, answer };
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
/** As many as the SDK's transports follow. */
const MAX_REDIRECTS = 5;

/** Where a redirect points, resolved against the request's URL; undefined for any other answer. */
function redirectTarget(from: URL, response: Response): URL | undefined {
  const location = REDIRECT_STATUSES.has(response.status) ? response.headers.get('location') : null;
  if (!location) return undefined;
  try {
    return new URL(location, from);
  } catch {
    return undefined;
  }
}

/**
 * Why a redirect is not followed, by the rule of the SDK's transports (its `redirectPolicy:
 * 'same-origin'`), so the probe goes nowhere the session's later requests would not: only a
 * POST kept as a POST (307, 308), within the origin (or its https form), with no user info.
 */
function unfollowable(from: URL, to: URL, status: number, followed: number): string | undefined {
  const shownTo = maskUrl(to.href);
  if (!isWithinOrigin(from, to)) {
    return (
      `a redirect to ${shownTo}, another origin: mcp-inspect sends the headers given for ` +
      `${from.origin} nowhere else, and does not follow it; use that URL if it is the intended server`
    );
  }
  if (to.username !== '' || to.password !== '')
    return `a redirect to ${shownTo}, with credentials in it: not followed`;
  if (status !== 307 && status !== 308) {
    return `a redirect to ${shownTo} that turns the POST into a GET: not followed; use that URL as the endpoint`;
  }
  if (followed >= MAX_REDIRECTS) return `redirected more than ${MAX_REDIRECTS} times: not followed`;
  return undefined;
}

/** Scheme, host and port alike, or the https form of an http origin on the default ports. */
export function isWithinOrigin(from: URL, to: URL): boolean {
  if (from.protocol === to.protocol && from.host === to.host) return true;
  return (
    from.protocol === 'http:' &&
    to.protocol === 'https:' &&
    from.hostname === to.hostname &&
    !from.port &&
    !to.port
  );
}

/** A start that did not settle in time; its message is the reason, for the person. */
export class ConnectTimeoutError extends Error {}

/** Rejects with a hung server's reason if `started` has not settled within the timeout. */
export async function withConnectTimeout<T>(
  started: Promise<T>,
  shownUrl: string,
  timeoutMs = CONNECT_TIMEOUT_MS,
): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const hung = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ConnectTimeoutError(hungReason(shownUrl, timeoutMs))), timeoutMs);
  });
  try {
    return await Promise.race([started, hung]);
  } finally {
    clearTimeout(timer);
  }
}

function hungReason(shownUrl: string, timeoutMs: number): string {
  return `no answer from ${shownUrl} within ${timeoutMs / 1000} s: the server accepted the connection but never answered`;
}

function describeUnreachable(
  error: unknown,
  shown: { url: string; describe: (error: unknown) => string },
  timeoutMs: number,
): string {
  const err = error as (Error & { cause?: { code?: string } }) | undefined;
  if (err?.name === 'TimeoutError') return hungReason(shown.url, timeoutMs);
  const code = err?.cause?.code;
  if (code === 'UND_ERR_SOCKET' || code === 'ECONNRESET') {
    return `${shown.url} closed the connection without answering`;
  }
  if (code?.startsWith('HPE_')) return `${shown.url} does not answer in HTTP (${code})`;
  return shown.describe(error);
}

function isJsonRpc(text: string): boolean {
  try {
    const value = JSON.parse(text) as unknown;
    const messages = Array.isArray(value) ? value : [value];
    return messages.some((m) => (m as { jsonrpc?: unknown } | null)?.jsonrpc === '2.0');
  } catch {
    return false;
  }
}
