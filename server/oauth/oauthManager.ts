import type {
  AuthorizationServerMetadata,
  DpopSession,
  OAuthClientInformationMixed,
} from '@modelcontextprotocol/client';
import type { MachineSignIn, OAuthView } from '../../shared/oauth.js';
import { OAUTH_CALLBACK_PATH } from '../../shared/oauth.js';
import type * as FlowModule from './flow.js';
import type { OAuthFlow } from './flow.js';
import type { FlowData, FlowTrigger, OAuthSettings } from './flowTypes.js';
// Its own module: machineGrants.ts brings the MCP SDK's client onto the bridge's start.
import { clientKeyAlg } from './clientKeyAlg.js';
import { maskSecret } from './masking.js';
import type { TargetAuth } from '../targets/targetAuth.js';
import { TokenStore, type StoredTokens } from './tokenStore.js';

type FlowClass = typeof FlowModule.OAuthFlow;

export interface OAuthManagerOptions {
  settings: OAuthSettings;
  /** Lines for the terminal; never given a token. */
  log(line: string): void;
  /** Opens the authorization page in the person's browser; absent with --no-open (printed instead). */
  openUrl?: (url: string) => void;
}

/** What the bridge holds for one MCP server reached by URL. */
interface ResourceAuth {
  flow?: OAuthFlow;
  issuer?: string;
  client?: OAuthClientInformationMixed;
  metadata?: AuthorizationServerMetadata;
  refreshTimer?: NodeJS.Timeout;
  refreshing?: Promise<boolean>;
  /** Set when the server asked for authorization and no sign-in answered it yet. */
  needed?: boolean;
  /**
   * The DPoP key the tokens are bound to. In memory only (the SDK's keys are not extractable), so
   * a DPoP-bound token read back from --oauth-store is unusable and a new grant is made.
   */
  dpop?: DpopSession;
}

/** What the redirect back came to, for the page the browser lands on. */
export interface CallbackOutcome {
  outcome: 'signed-in' | 'code-received' | 'refused';
  message: string;
}

/**
 * The bridge's OAuth client: one flow at a time per MCP server, tokens in its store, refreshes
 * on a timer and on 401, step-up on insufficient_scope. The page drives it through the routes
 * in http/oauthRoutes.ts and sees only `view()`.
 */
export class OAuthManager {
  readonly store: TokenStore;
  private readonly resources = new Map<string, ResourceAuth>();
  /**
   * Credentials for a sign-in without a browser that the page gave, by server URL: in memory
   * only, used for that server alone, never sent back (the view says what is set).
   */
  private readonly machine = new Map<string, MachineSignIn>();
  private origin = '';
  /** Resolves once the bridge listens: no flow starts before its redirect URI is known. */
  private readonly listening: Promise<void>;
  private markListening: () => void = () => undefined;
  /** Called when new tokens should be used: the session restarts its target. */
  onAuthorized: (serverUrl: string) => void = () => undefined;
  private loadedFlowClass: FlowClass | undefined;

  constructor(private readonly options: OAuthManagerOptions) {
    this.store = new TokenStore(options.settings.storeFile);
    this.listening = new Promise((resolve) => (this.markListening = resolve));
  }

  /** The bridge's own origin, known once it listens: the redirect URI is built on it. */
  setOrigin(origin: string): void {
    this.origin = origin;
    this.markListening();
  }

  get redirectUri(): string {
    return `${this.origin}${OAUTH_CALLBACK_PATH}`;
  }

  forTarget(serverUrl: string): TargetAuth {
    return {
      token: () => this.accessToken(serverUrl),
      onUnauthorized: () => this.refresh(serverUrl, 'after a 401'),
      onChallenge: (status, header) => this.challenged(serverUrl, status, header),
      dpop: () => this.dpopFor(serverUrl),
    };
  }

  /** The session a DPoP-bound token of this server was bound with; undefined for a Bearer token. */
  private dpopFor(serverUrl: string): DpopSession | undefined {
    const stored = this.storedTokens(serverUrl);
    return stored?.tokens.tokens.token_type.toLowerCase() === 'dpop' ? this.auth(serverUrl).dpop : undefined;
  }

  /**
   * The page's machine credentials for this server, then a sign-in with them. A key that cannot
   * be read is refused here, by name, before anything is sent.
   */
  async signInWithoutBrowser(serverUrl: string, given: MachineSignIn): Promise<void> {
    if (given.clientKey) clientKeyAlg(given.clientKey, given.clientKeyAlg || undefined);
    this.machine.set(serverUrl, given);
    const Flow = await this.flowClass();
    await this.newFlow(Flow, serverUrl, { kind: 'sign-in' }).runAll();
  }

  /**
   * The settings a flow for this server runs with: the command line's, or, when the page gave
   * machine credentials for it, those instead of the command line's client and grant.
   */
  private settingsFor(serverUrl: string): OAuthSettings {
    const given = this.machine.get(serverUrl);
    if (!given) return this.options.settings;
    const { clientMetadataUrl, storeFile, dpop } = this.options.settings;
    const nonEmpty = (value: string | undefined) => (value?.trim() ? value : undefined);
    const picked: OAuthSettings = {
      ...(clientMetadataUrl ? { clientMetadataUrl } : {}),
      ...(storeFile ? { storeFile } : {}),
      ...(dpop ? { dpop: true } : {}),
      grant: given.grant,
      clientId: given.clientId.trim(),
    };
    const optional = {
      clientSecret: nonEmpty(given.clientSecret),
      clientKey: nonEmpty(given.clientKey),
      clientKeyAlg: nonEmpty(given.clientKeyAlg),
      assertion: nonEmpty(given.assertion)?.trim(),
      scope: nonEmpty(given.scope),
    };
    for (const [name, value] of Object.entries(optional))
      if (value !== undefined) Object.assign(picked, { [name]: value });
    if (given.dpop) picked.dpop = true;
    if (given.grant === 'token-exchange' && given.idp) {
      const { issuer, tokenEndpoint, clientId, idToken } = given.idp;
      picked.idp = {
        clientId: clientId.trim(),
        idToken: idToken.trim(),
        ...(nonEmpty(issuer) ? { issuer: issuer!.trim() } : {}),
        ...(nonEmpty(tokenEndpoint) ? { tokenEndpoint: tokenEndpoint!.trim() } : {}),
      };
    }
    return picked;
  }

  /** Starts a new sign-in (or continues the current one) in "run all" mode. */
  async signIn(serverUrl: string): Promise<void> {
    const Flow = await this.flowClass();
    const flow =
      this.continuable(serverUrl) ??
      this.newFlow(Flow, serverUrl, { kind: this.auth(serverUrl).needed ? 'challenge' : 'sign-in' });
    await flow.runAll();
  }

  /**
   * For a caller that waits on the sign-in instead of reacting to challenges (the headless
   * verbs): a new flow now, a step-up when the challenge was a 403 insufficient_scope, else a
   * sign-in; resolves with it once it stops: authorized, failed, or waiting for the browser.
   */
  async authorize(
    serverUrl: string,
    challenge?: { status: number; wwwAuthenticate: string | undefined },
  ): Promise<OAuthFlow> {
    const Flow = await this.flowClass();
    const header = challenge?.wwwAuthenticate;
    const trigger: FlowTrigger =
      challenge?.status === 403 && header && /insufficient_scope/.test(header)
        ? {
            kind: 'step-up',
            wwwAuthenticate: header,
            previousScope: this.storedTokens(serverUrl)?.tokens.requestedScope,
          }
        : { kind: challenge ? 'challenge' : 'sign-in' };
    const flow = this.newFlow(Flow, serverUrl, trigger);
    await flow.runAll();
    return flow;
  }

  /** Runs one step, starting a new flow in step mode when none is under way. */
  async next(serverUrl: string): Promise<void> {
    const Flow = await this.flowClass();
    const flow = this.continuable(serverUrl) ?? this.newFlow(Flow, serverUrl, { kind: 'sign-in' });
    await flow.next();
  }

  /** "Clear OAuth state": tokens, registrations, the flow and its timer, memory and file. */
  clear(serverUrl: string): void {
    const auth = this.auth(serverUrl);
    clearTimeout(auth.refreshTimer);
    const issuer = auth.issuer ?? this.store.issuerFor(serverUrl);
    if (issuer) this.store.clear(issuer, serverUrl, { clients: true });
    this.resources.delete(serverUrl);
    this.machine.delete(serverUrl);
    this.options.log('OAuth: cleared the tokens and client registration for this server');
  }

  /**
   * The authorization server's redirect. Only a flow waiting for the browser, with this exact
   * state, takes it; anything else is refused and changes nothing. "Signed in" only once the
   * code was exchanged for a token and the server took it: a code from another authorization
   * sent with this state (an injected code, which PKCE defeats) passes the redirect's checks and
   * fails only at the token request.
   */
  async callback(params: URLSearchParams): Promise<CallbackOutcome> {
    const state = params.get('state');
    const flow = [...this.resources.values()].map((auth) => auth.flow).find((f) => f?.state === state);
    if (!state || !flow || !flow.awaitingCallback) {
      return {
        outcome: 'refused',
        message: 'This sign-in is not one mcp-inspect is waiting for (unknown or used state).',
      };
    }
    await flow.receiveCallback(params);
    if (flow.status === 'authorized') {
      return {
        outcome: 'signed-in',
        message: 'Signed in. You can close this tab: the inspector continues by itself.',
      };
    }
    const failed = flow.steps.find((step) => step.verdict === 'fail');
    if (failed?.definition.id === 'token') {
      return {
        outcome: 'refused',
        message:
          'The authorization server did not exchange this code for a token (a code from another sign-in, or one already used, looks like this).',
      };
    }
    // Shown without what it got: that may come from the request (iss, error).
    if (failed) return { outcome: 'refused', message: failed.detail ?? 'The sign-in failed.' };
    return {
      outcome: 'code-received',
      message:
        "The authorization server sent a code; the token request is the next step in the inspector's OAuth tab. You are not signed in yet.",
    };
  }

  view(serverUrl: string | undefined): OAuthView {
    if (serverUrl === undefined) return { applicable: false, status: 'idle', steps: [] };
    const auth = this.auth(serverUrl);
    const flow = auth.flow;
    const stored = this.storedTokens(serverUrl);
    const status =
      flow && flow.status !== 'authorized'
        ? flow.status
        : stored
          ? 'authorized'
          : auth.needed
            ? 'needed'
            : 'idle';
    return {
      applicable: true,
      status,
      ...(flow ? { trigger: describeTrigger(flow.trigger) } : {}),
      steps: flow?.view() ?? [],
      ...(flow?.awaitingCallback && flow.data.authorizationUrl
        ? { authorizationUrl: flow.data.authorizationUrl }
        : {}),
      ...(stored
        ? {
            token: summarize(
              stored.issuer,
              stored.tokens,
              auth.client,
              this.store.file !== undefined,
              this.dpopFor(serverUrl)?.thumbprint,
            ),
          }
        : {}),
      ...(this.store.file ? { storeFile: this.store.file } : {}),
      ...(this.machine.has(serverUrl) ? { machine: this.machineView(serverUrl) } : {}),
    };
  }

  private machineView(serverUrl: string): NonNullable<OAuthView['machine']> {
    const given = this.machine.get(serverUrl)!;
    const settings = this.settingsFor(serverUrl);
    return {
      grant: given.grant,
      clientId: given.clientId.trim(),
      secret: settings.clientSecret !== undefined,
      ...(settings.clientKey ? { keyAlg: clientKeyAlg(settings.clientKey, settings.clientKeyAlg) } : {}),
      assertion: settings.assertion !== undefined,
      dpop: settings.dpop === true,
      ...(settings.idp
        ? {
            idp: {
              at: settings.idp.issuer ?? settings.idp.tokenEndpoint ?? '',
              clientId: settings.idp.clientId ?? '',
              idToken: settings.idp.idToken !== undefined,
            },
          }
        : {}),
    };
  }

  private continuable(serverUrl: string): OAuthFlow | undefined {
    const flow = this.auth(serverUrl).flow;
    return flow && (flow.status === 'needed' || flow.status === 'paused') ? flow : undefined;
  }

  /**
   * The flow's steps, loaded on first use: with them comes the MCP SDK's client (and the ajv it
   * bundles), ~50 ms of the bridge's start and ~4 MB for every run, most of which never sign in.
   */
  private async flowClass(): Promise<FlowClass> {
    this.loadedFlowClass ??= (await import('./flow.js')).OAuthFlow;
    return this.loadedFlowClass;
  }

  private newFlow(Flow: FlowClass, serverUrl: string, trigger: FlowTrigger): OAuthFlow {
    const auth = this.auth(serverUrl);
    const flow: OAuthFlow = new Flow(
      new URL(serverUrl),
      this.redirectUri,
      trigger,
      this.settingsFor(serverUrl),
      this.store,
      {
        onAuthorizationUrl: (url) => this.showAuthorizationUrl(url),
        onAuthorized: (data) => this.authorized(serverUrl, flow, data),
        onChange: () => undefined,
      },
    );
    auth.flow = flow;
    return flow;
  }

  private showAuthorizationUrl(url: string): void {
    if (this.options.openUrl) {
      this.options.log('OAuth: opening the authorization page in your browser');
      this.options.openUrl(url);
    } else {
      this.options.log(`OAuth: open this page to sign in: ${url}`);
    }
  }

  private authorized(serverUrl: string, flow: OAuthFlow, data: FlowData): void {
    const auth = this.auth(serverUrl);
    const issuer = data.metadata!.issuer;
    Object.assign(auth, { issuer, client: data.client, metadata: data.metadata, needed: false });
    if (data.dpop) auth.dpop = data.dpop;
    else delete auth.dpop;
    this.keep(serverUrl, issuer, {
      tokens: data.tokens!,
      ...(data.tokens!.expires_in === undefined
        ? {}
        : { expiresAt: Date.now() + data.tokens!.expires_in * 1000 }),
      ...(data.scope ? { requestedScope: data.scope } : {}),
    });
    this.options.log(
      `OAuth: signed in with ${issuer}${data.tokens!.scope ? ` (scope: ${data.tokens!.scope})` : ''}`,
    );
    auth.flow = flow;
    this.onAuthorized(serverUrl);
  }

  private keep(serverUrl: string, issuer: string, tokens: StoredTokens): void {
    this.store.saveTokens(issuer, serverUrl, tokens);
    const auth = this.auth(serverUrl);
    clearTimeout(auth.refreshTimer);
    if (tokens.expiresAt === undefined || !tokens.tokens.refresh_token) return;
    auth.refreshTimer = setTimeout(
      () => void this.refresh(serverUrl, 'before expiry'),
      refreshDelayMs(tokens.expiresAt),
    );
    auth.refreshTimer.unref();
  }

  private async accessToken(serverUrl: string): Promise<string | undefined> {
    const stored = this.storedTokens(serverUrl);
    if (!stored) return undefined;
    // A DPoP-bound token without its key (read back from the file) cannot be presented.
    if (stored.tokens.tokens.token_type.toLowerCase() === 'dpop' && !this.auth(serverUrl).dpop)
      return undefined;
    if (stored.tokens.expiresAt !== undefined && stored.tokens.expiresAt <= Date.now() + 1_000) {
      await this.refresh(serverUrl, 'before expiry');
    }
    return this.storedTokens(serverUrl)?.tokens.tokens.access_token;
  }

  /** One refresh at a time per server; resolves whether a new token is in hand. */
  private refresh(serverUrl: string, why: 'before expiry' | 'after a 401'): Promise<boolean> {
    const auth = this.auth(serverUrl);
    auth.refreshing ??= this.runRefresh(serverUrl, why).finally(() => (auth.refreshing = undefined));
    return auth.refreshing;
  }

  private async runRefresh(serverUrl: string, why: 'before expiry' | 'after a 401'): Promise<boolean> {
    const auth = this.auth(serverUrl);
    const stored = this.storedTokens(serverUrl);
    const { clientId, clientSecret } = this.settingsFor(serverUrl);
    const given = clientId
      ? { client_id: clientId, ...(clientSecret ? { client_secret: clientSecret } : {}) }
      : undefined;
    const client =
      auth.client ?? (stored ? this.store.client(stored.issuer, this.redirectUri) : undefined) ?? given;
    if (!stored || !client) return false;
    const flow = auth.flow ?? this.newFlow(await this.flowClass(), serverUrl, { kind: 'challenge' });
    const { refreshStep } = await import('./refresh.js');
    const row = await flow.appendStep(
      refreshStep(why, {
        issuer: stored.issuer,
        resource: serverUrl,
        client,
        metadata: auth.metadata,
        current: stored.tokens,
        ...(auth.dpop ? { dpop: auth.dpop } : {}),
        done: (tokens, metadata) => {
          auth.metadata = metadata;
          this.keep(serverUrl, stored.issuer, tokens);
        },
      }),
    );
    if (row.verdict === 'pass') {
      this.options.log(`OAuth: refreshed the access token (${why})`);
      return true;
    }
    this.options.log(`OAuth: the refresh failed (${why}): ${row.got ?? row.detail ?? ''}; sign in again`);
    this.store.clear(stored.issuer, serverUrl, { clients: false });
    auth.needed = true;
    return false;
  }

  private challenged(serverUrl: string, status: number, header: string | undefined): void {
    const auth = this.auth(serverUrl);
    const busy = auth.flow && ['running', 'paused', 'waiting-for-browser'].includes(auth.flow.status);
    // A sign-in offered, or one that failed, stays on show until the person acts on it.
    const unanswered = auth.flow && auth.flow.status !== 'authorized';
    if (status === 403 && header && /insufficient_scope/.test(header)) {
      if (busy) return;
      void this.flowClass().then((Flow) => {
        const current = this.auth(serverUrl).flow;
        // Another step-up may have started while the flow loaded.
        if (current && ['running', 'paused', 'waiting-for-browser'].includes(current.status)) return;
        const previousScope = this.storedTokens(serverUrl)?.tokens.requestedScope;
        this.options.log('OAuth: the server needs more scope; authorizing again with the union of scopes');
        void this.newFlow(Flow, serverUrl, {
          kind: 'step-up',
          wwwAuthenticate: header,
          previousScope,
        }).runAll();
      });
      return;
    }
    if (status !== 401) return;
    auth.needed = true;
    if (unanswered) return;
    void this.listening.then(async () => {
      const flow = this.newFlow(await this.flowClass(), serverUrl, { kind: 'challenge' });
      // Someone who configured OAuth for this server asked to sign in: go on at once.
      const { clientId, scope, clientMetadataUrl, clientKey, assertion, idp } = this.settingsFor(serverUrl);
      if (clientId || scope || clientMetadataUrl || clientKey || assertion || idp) void flow.runAll();
      else this.options.log('OAuth: the server needs authorization: use "Sign in" in the OAuth tab');
    });
  }

  private storedTokens(serverUrl: string): { issuer: string; tokens: StoredTokens } | undefined {
    const issuer = this.auth(serverUrl).issuer ?? this.store.issuerFor(serverUrl);
    const tokens = issuer ? this.store.tokens(issuer, serverUrl) : undefined;
    return issuer && tokens ? { issuer, tokens } : undefined;
  }

  private auth(serverUrl: string): ResourceAuth {
    let auth = this.resources.get(serverUrl);
    if (!auth) this.resources.set(serverUrl, (auth = {}));
    return auth;
  }
}

function describeTrigger(trigger: FlowTrigger): string {
  if (trigger.kind === 'step-up') return 'The server asked for more scope (403 insufficient_scope): step-up';
  if (trigger.kind === 'challenge') return 'The server answered 401: it needs authorization';
  return 'Sign in';
}

function summarize(
  issuer: string,
  stored: StoredTokens,
  client: OAuthClientInformationMixed | undefined,
  persisted: boolean,
  dpopKey: string | undefined,
) {
  const scope = stored.tokens.scope ?? stored.requestedScope ?? '';
  return {
    issuer,
    clientId: client?.client_id ?? '(unknown)',
    scopes: scope.split(' ').filter(Boolean),
    ...(stored.expiresAt === undefined ? {} : { expiresAt: stored.expiresAt }),
    accessToken: maskSecret(stored.tokens.access_token),
    ...(stored.tokens.refresh_token ? { refreshToken: maskSecret(stored.tokens.refresh_token) } : {}),
    persisted,
    ...(dpopKey ? { dpopKey } : {}),
  };
}

/**
 * When to refresh: a minute before expiry, or at 80% of a short lifetime, so the token in use
 * is never the one about to expire.
 */
function refreshDelayMs(expiresAt: number, now = Date.now()): number {
  const left = Math.max(0, expiresAt - now);
  return left > 300_000 ? left - 60_000 : left * 0.8;
}
