import type { DpopSession } from '@modelcontextprotocol/client';
import type { TargetAuth } from '../targets/targetAuth.js';
import { targetLabel, type TargetSpec } from '../targets/targetSpec.js';
import { EXIT, VerbFailure } from './exitCodes.js';

/** The last challenge a server answered with. */
export interface Challenge {
  status: number;
  wwwAuthenticate: string | undefined;
}

/**
 * The headless verbs' side of a URL target's authorization. It remembers the server's challenge,
 * so that a 401 (at the start or later) or a 403 insufficient_scope ends the attempt with what the
 * server asked for: exit code 3, or a sign-in when OAuth is on (see execute.ts). With OAuth on,
 * tokens and refreshes come from the OAuth client (`oauth`); challenges stay here, for the verb to
 * act on in order, rather than starting sign-ins in the background as the page's do.
 */
export class CliAuth implements TargetAuth {
  /** The last challenge: its status and WWW-Authenticate header. */
  challenge: Challenge | undefined;

  constructor(private readonly oauth?: TargetAuth) {}

  async token(): Promise<string | undefined> {
    return this.oauth?.token();
  }

  dpop(): DpopSession | undefined {
    return this.oauth?.dpop?.();
  }

  async onUnauthorized(): Promise<boolean> {
    return (await this.oauth?.onUnauthorized()) ?? false;
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
      this.oauth
        ? 'the OAuth sign-in did not satisfy it'
        : 'sign in with --oauth (add --oauth-store <file> to keep the tokens for the next runs), or pass a token with --header "Authorization: Bearer …"',
    ]);
  }
}
