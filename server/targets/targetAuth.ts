import type { DpopSession } from '@modelcontextprotocol/client';

/**
 * How a URL target is authorized: a token per request, and what to do on a 401 or 403. Defined
 * where it is used (the targets); the OAuth manager (oauth/) gives one per server.
 */
export interface TargetAuth {
  /** The access token to send, refreshed first when it is about to expire. */
  token(): Promise<string | undefined>;
  /** A 401: refresh if possible; false when signing in again is needed. */
  onUnauthorized(): Promise<boolean>;
  /** A 401 at start, or a 403 insufficient_scope: what the server said. */
  onChallenge(status: number, wwwAuthenticate: string | undefined): void;
  /**
   * The DPoP session when the token is DPoP-bound (RFC 9449): the target then sends it with the
   * DPoP scheme and a fresh proof per request; undefined for a Bearer token.
   */
  dpop?(): DpopSession | undefined;
}
