import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

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
