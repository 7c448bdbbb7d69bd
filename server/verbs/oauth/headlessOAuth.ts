import type { OAuthFlow } from '../../oauth/flow.js';
import type { OAuthSettings } from '../../oauth/flowTypes.js';
import { OAuthManager } from '../../oauth/oauthManager.js';
import type { TargetAuth } from '../../targets/targetAuth.js';
import { openBrowser } from '../../oauth/openBrowser.js';
import { EXIT, VerbFailure } from '../../session/exitCodes.js';
import { followConsent } from './autoConsent.js';
import { CallbackListener, type CallbackAnswer } from './callbackListener.js';

/** How long a sign-in waits for the person at the authorization page. */
const BROWSER_WAIT_MS = 5 * 60_000;

export interface HeadlessOAuthOptions {
  settings: OAuthSettings;
  /** Follow the authorization request's redirects instead of waiting for a person. */
  autoConsent: boolean;
  /** Open the authorization page in the person's browser (it is printed either way). */
  openBrowser: boolean;
  /** Progress lines, for stderr; never given a token. */
  log(line: string): void;
}

/**
 * OAuth for the headless verbs: the page's OAuth client (server/oauth: discovery, registration
 * in the spec's order, PKCE, tokens in --oauth-store, refresh, step-up), driven from the
 * terminal. Where the page shows a "Sign in" button, a verb signs in as soon as the server asks;
 * where a person must consent, the authorization URL is printed (and opened on a terminal) and the
 * verb waits on its loopback callback, or with --oauth-auto-consent follows the redirects itself.
 */
export class HeadlessOAuth {
  private constructor(
    private readonly manager: OAuthManager,
    private readonly listener: CallbackListener,
    private readonly options: HeadlessOAuthOptions,
    private readonly callbacks: CallbackWaiters,
  ) {}

  /** Reads the token store (a bad file fails here, exit 3) and starts the loopback listener. */
  static async start(options: HeadlessOAuthOptions): Promise<HeadlessOAuth> {
    let manager: OAuthManager;
    try {
      manager = new OAuthManager({
        settings: options.settings,
        // The verb says where the authorization page is itself (it may not be for a person).
        log: (line) => (line.startsWith('OAuth: open this page') ? undefined : options.log(line)),
      });
    } catch (error) {
      throw new VerbFailure(EXIT.auth, 'auth', (error as Error).message);
    }
    const callbacks = new CallbackWaiters();
    const listener = await CallbackListener.start(async (params) => {
      const outcome = await manager.callback(params);
      // Signed in only once the code was exchanged for a token (no step-by-step mode here).
      const answer: CallbackAnswer = { ok: outcome.outcome === 'signed-in', message: outcome.message };
      // An unknown or used state changes nothing: the flow keeps waiting for its own redirect.
      if (answer.ok || !/not one mcp-inspect is waiting for/.test(answer.message)) callbacks.settle(answer);
      return answer;
    });
    // The redirect URI is the listener's: refreshes and registrations are keyed on it.
    manager.setOrigin(listener.origin);
    return new HeadlessOAuth(manager, listener, options, callbacks);
  }

  /** The token for each request, refreshed when needed; what the target layer asks for. */
  targetAuth(serverUrl: string): TargetAuth {
    return this.manager.forTarget(serverUrl);
  }

  /**
   * Signs in (or steps up, after a 403 insufficient_scope) and resolves once new tokens are in
   * the store; fails with exit code 3 and the step that failed.
   */
  async signIn(
    serverUrl: string,
    challenge: { status: number; wwwAuthenticate: string | undefined },
  ): Promise<void> {
    this.options.log(
      challenge.status === 403
        ? 'OAuth: the server needs more scope: authorizing again'
        : 'OAuth: the server needs authorization: signing in',
    );
    const waiting = this.callbacks.next();
    const flow = await this.manager.authorize(serverUrl, challenge);
    if (flow.status === 'waiting-for-browser') {
      const url = flow.data.authorizationUrl!;
      if (this.options.autoConsent) {
        this.options.log('OAuth: following the authorization page’s redirects (--oauth-auto-consent)');
        try {
          await followConsent(url, this.listener.redirectUri);
        } catch (error) {
          throw new VerbFailure(EXIT.auth, 'auth', `OAuth: ${(error as Error).message}`);
        }
      } else {
        this.options.log(`OAuth: open this page to sign in: ${url}`);
        this.options.log(`OAuth: waiting for the redirect back to ${this.listener.redirectUri}…`);
        if (this.options.openBrowser) void openBrowser(url);
      }
      await waiting.within(BROWSER_WAIT_MS);
    }
    failIfNotAuthorized(flow);
  }

  close(): Promise<void> {
    return this.listener.close();
  }
}

/** The flow's first failed step, as the verb's failure (exit 3). */
function failIfNotAuthorized(flow: OAuthFlow): void {
  if (flow.status === 'authorized') return;
  const failed = flow.steps.find((step) => step.verdict === 'fail');
  if (!failed) {
    throw new VerbFailure(EXIT.auth, 'auth', `OAuth: the sign-in did not complete (${flow.status})`);
  }
  throw new VerbFailure(
    EXIT.auth,
    'auth',
    `OAuth: ${failed.definition.title}: ${failed.detail ?? 'failed'}`,
    failed.got === undefined ? [] : [`got: ${failed.got}`],
  );
}

/** Who waits for the next redirect the OAuth client took (accepted, or failing its flow). */
class CallbackWaiters {
  private waiter: ((answer: CallbackAnswer) => void) | undefined;

  next(): { within(ms: number): Promise<CallbackAnswer> } {
    const settled = new Promise<CallbackAnswer>((resolve) => (this.waiter = resolve));
    return {
      within: async (ms) => {
        let timer: NodeJS.Timeout | undefined;
        const late = new Promise<never>((_, reject) => {
          timer = setTimeout(
            () =>
              reject(
                new VerbFailure(
                  EXIT.timeout,
                  'timeout',
                  `OAuth: no redirect back from the authorization page within ${ms / 60_000} minutes`,
                ),
              ),
            ms,
          );
        });
        try {
          return await Promise.race([settled, late]);
        } finally {
          clearTimeout(timer);
        }
      },
    };
  }

  settle(answer: CallbackAnswer): void {
    const waiter = this.waiter;
    this.waiter = undefined;
    waiter?.(answer);
  }
}
