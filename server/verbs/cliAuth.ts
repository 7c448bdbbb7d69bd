import type { TargetAuth } from '../oauth/oauthManager.js';
import { targetLabel, type TargetSpec } from '../targetSpec.js';
import { EXIT, VerbFailure } from './exitCodes.js';

/**
 * The headless verbs' side of a URL target's authorization: no OAuth sign-in yet (the page has
 * one), so it holds no token and refreshes none; it remembers the server's challenge, so that a
 * 401 (at the start or later) or a 403 insufficient_scope ends the verb with exit code 3 and what
 * the server asked for. Where an OAuth client for the terminal will plug in.
 */
export class CliAuth implements TargetAuth {
  /** The last challenge: its status and WWW-Authenticate header. */
  challenge: { status: number; wwwAuthenticate: string | undefined } | undefined;

  async token(): Promise<string | undefined> {
    return undefined;
  }

  async onUnauthorized(): Promise<boolean> {
    return false;
  }

  onChallenge(status: number, wwwAuthenticate: string | undefined): void {
    this.challenge = { status, wwwAuthenticate };
  }

  failure(spec: TargetSpec): VerbFailure {
    const { status = 401, wwwAuthenticate } = this.challenge ?? {};
    const what =
      status === 403
        ? `HTTP 403: ${targetLabel(spec)} wants a token with more scope`
        : `HTTP 401: ${targetLabel(spec)} needs authorization`;
    return new VerbFailure(EXIT.auth, 'auth', what, [
      ...(wwwAuthenticate ? [`it asks for: WWW-Authenticate: ${wwwAuthenticate}`] : []),
      'pass a token with --header "Authorization: Bearer …", or sign in with OAuth in the page (mcp-inspect --url …): the headless verbs do not sign in yet',
    ]);
  }
}
