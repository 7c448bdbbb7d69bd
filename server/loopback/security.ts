import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/**
 * The bridge spawns processes, so it is guarded like a remote shell: a per-run token, the
 * bridge's own Origin, and a loopback Host (against DNS rebinding). These are the checks;
 * the HTTP app and the WebSocket upgrade both call them before doing anything.
 */

/** 32 random bytes, URL-safe: it travels in the page URL's fragment. */
export function generateToken(): string {
  return randomBytes(32).toString('base64url');
}

/** A token must be at least this long: as long as the random ones the bridge makes. */
export const MIN_TOKEN_LENGTH = 32;

/**
 * Why a token given in the environment cannot be used, or undefined when it can. The page
 * offers it as a WebSocket subprotocol (`token.…`), which may only hold an HTTP token's
 * characters, and reads it from its URL's fragment, where `+`, `%` and `&` change meaning; the
 * unreserved URL characters are safe in both. A short token can be guessed.
 */
export function checkTokenFromEnv(token: string): string | undefined {
  const bad = /[^A-Za-z0-9._~-]/.exec(token)?.[0];
  if (bad !== undefined) {
    return `holds ${JSON.stringify(bad)}, which a WebSocket subprotocol or the page's link cannot carry: use only letters, digits and - _ . ~ (or unset it for a random token)`;
  }
  if (token.length < MIN_TOKEN_LENGTH) {
    return `is ${token.length} characters long; it must have at least ${MIN_TOKEN_LENGTH} (or unset it for a random token)`;
  }
  return undefined;
}

/** Constant-time comparison; hashing first makes both sides the same length. */
export function tokensMatch(offered: string | undefined, expected: string): boolean {
  if (offered === undefined) return false;
  const a = createHash('sha256').update(offered).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

/** The names a request may use for the bridge, each with the port it listens on. */
export function allowedHosts(port: number, boundAddress: string): Set<string> {
  const hosts = new Set([`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`]);
  if (!isLoopbackAddress(boundAddress)) {
    hosts.add(`${boundAddress.includes(':') ? `[${boundAddress}]` : boundAddress}:${port}`);
  }
  return hosts;
}

/** A rebinding attack arrives with the attacker's host name in Host; refuse anything else. */
export function isAllowedHost(host: string | undefined, allowed: Set<string>): boolean {
  return host !== undefined && allowed.has(host.toLowerCase());
}

/** Only a page served by this bridge, under the same Host, may talk to it. */
export function isAllowedOrigin(
  origin: string | undefined,
  host: string | undefined,
  allowed: Set<string>,
): boolean {
  if (origin === undefined || host === undefined) return false;
  return isAllowedHost(host, allowed) && origin.toLowerCase() === `http://${host.toLowerCase()}`;
}

export function isLoopbackAddress(address: string): boolean {
  return address === 'localhost' || address === '::1' || /^127\.\d+\.\d+\.\d+$/.test(address);
}

/** The request headers a browser's Fetch Metadata and Origin checks read. */
export interface RequestSignals {
  method?: string | undefined;
  host?: string | undefined;
  origin?: string | undefined;
  'sec-fetch-site'?: string | undefined;
  'sec-fetch-mode'?: string | undefined;
  'sec-fetch-dest'?: string | undefined;
}

/**
 * Whether a browser says this request comes from a page of another origin: another site's
 * `<img src>`, `<script src>` or no-cors fetch of the favicon, a script or a source map, which
 * would tell that site a bridge runs here (and which version), whatever it cannot read. Such a
 * request is refused before any route answers it. Let through:
 * - the listener's own pages (`Sec-Fetch-Site: same-origin`), what the person types or
 *   bookmarks (`none`), and clients that send no Fetch Metadata (curl, the tests; the token
 *   still guards everything that does something, and CORP what a browser may hand over);
 * - a GET navigation to the kind of document the listener serves: the page in a tab
 *   (`document`: the person opening the link, the OAuth server's redirect back) or the MCP Apps
 *   sandbox in a frame (`iframe`, where the page's frame-ancestors decides who may frame it).
 *   A navigation shows the bridge's answer to the person, never to the site that caused it.
 * An `Origin` that is not the listener's own is foreign too, for browsers without Fetch Metadata.
 */
export function isForeignRequest(
  request: RequestSignals,
  allowed: Set<string>,
  navigationTo: 'document' | 'iframe',
): boolean {
  const method = request.method ?? 'GET';
  const navigation =
    (method === 'GET' || method === 'HEAD') &&
    request['sec-fetch-mode'] === 'navigate' &&
    request['sec-fetch-dest'] === navigationTo;
  if (navigation) return false;
  const site = request['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin' && site !== 'none') return true;
  const origin = request.origin;
  return origin !== undefined && !isAllowedOrigin(origin, request.host, allowed);
}

/** The signals of a Node request; a header sent twice counts as its first value. */
export function requestSignals(request: IncomingMessage): RequestSignals {
  const one = (name: string): string | undefined => {
    const value = request.headers[name];
    return Array.isArray(value) ? value[0] : value;
  };
  return {
    method: request.method,
    host: one('host'),
    origin: one('origin'),
    'sec-fetch-site': one('sec-fetch-site'),
    'sec-fetch-mode': one('sec-fetch-mode'),
    'sec-fetch-dest': one('sec-fetch-dest'),
  };
}
