import type {
  AuthorizationServerMetadata,
  OAuthClientInformationMixed,
  OAuthProtectedResourceMetadata,
  OAuthTokens,
} from '@modelcontextprotocol/client';
import type { DpopSession } from '@modelcontextprotocol/client';
import type { OAuthExchange, StepVerdict } from '../../shared/oauth.js';
import type { TokenStore } from './tokenStore.js';

/** What the person configured: the CLI's --client-id/--client-secret/--scope, or a config `oauth` block. */
export interface OAuthSettings {
  clientId?: string;
  clientSecret?: string;
  /** Space-separated scopes to ask for, on top of what the server's challenge names. */
  scope?: string;
  /** An HTTPS URL where the inspector's client ID metadata document is published. */
  clientMetadataUrl?: string;
  /** Opt-in: where tokens are kept across runs (0600). */
  storeFile?: string;
  /** A PEM private key (its text, read from --client-key): client authentication by private_key_jwt. */
  clientKey?: string;
  /** The JWS algorithm of the client key (--client-key-alg); else derived from the key's type. */
  clientKeyAlg?: string;
  /** A platform-issued JWT (--assertion): the jwt-bearer grant, workload identity federation. */
  assertion?: string;
  /** Enterprise-managed authorization (--idp-…): the IdP's ID token exchanged for an ID-JAG. */
  idp?: IdpSettings;
  /** --grant: the grant to use, whatever the metadata allows. */
  grant?: GrantName;
  /** --dpop: DPoP-bound tokens even when neither server asks for them. */
  dpop?: boolean;
}

/** The grants the CLI can sign in with, by their command-line names. */
export const GRANT_NAMES = [
  'authorization-code',
  'client-credentials',
  'jwt-bearer',
  'token-exchange',
] as const;
export type GrantName = (typeof GRANT_NAMES)[number];

/** The enterprise identity provider of enterprise-managed authorization (SEP-990). */
export interface IdpSettings {
  /** Its issuer, where its metadata (and token endpoint) is discovered. */
  issuer?: string;
  /** The inspector's client id at the IdP. */
  clientId?: string;
  /** The person's ID token, issued by the IdP: the subject of the token exchange. */
  idToken?: string;
  /** The IdP's token endpoint, when not discovered from its issuer. */
  tokenEndpoint?: string;
}

/** Why a flow started. */
export type FlowTrigger =
  | { kind: 'challenge' | 'sign-in' }
  /** A 403 insufficient_scope: authorize again with the union of scopes. */
  | { kind: 'step-up'; wwwAuthenticate: string; previousScope: string | undefined };

/** What the steps find, in order; each step reads what earlier ones wrote. */
export interface FlowData {
  serverUrl: URL;
  redirectUri: string;
  state: string;
  /** From the challenge's WWW-Authenticate. */
  resourceMetadataUrl?: URL;
  challengeScope?: string;
  resourceMetadata?: OAuthProtectedResourceMetadata;
  /** The resource indicator (RFC 8707) the tokens are bound to. */
  resource: string;
  authorizationServerUrl?: string;
  metadata?: AuthorizationServerMetadata;
  client?: OAuthClientInformationMixed;
  scope?: string;
  codeVerifier?: string;
  authorizationUrl?: string;
  /** The authorization response, once the browser came back. */
  callback?: URLSearchParams;
  tokens?: OAuthTokens;
  /** The grant chosen from the metadata and the credentials given (authorization-code until then). */
  grant?: GrantName;
  /** The WWW-Authenticate scheme of the challenge: DPoP when the server asks for DPoP-bound tokens. */
  challengeScheme?: string;
  /** The DPoP key and nonces, when tokens are DPoP-bound (RFC 9449); kept in memory only. */
  dpop?: DpopSession;
  /** The ID-JAG the IdP issued (enterprise-managed authorization), for the jwt-bearer grant. */
  idJag?: string;
}

/** Context a step runs in. */
export interface StepRun {
  data: FlowData;
  settings: OAuthSettings;
  store: TokenStore;
  trigger: FlowTrigger;
  /** A fetch whose exchanges this step's row shows, secrets masked. */
  fetch: typeof fetch;
  /** A value the row shows (never a secret). */
  fact(name: string, value: string): void;
  /** The URL of this step's last exchange, masked (where a discovery found its document). */
  lastUrl(): string;
}

export interface StepOutcome {
  verdict: Extract<StepVerdict, 'pass' | 'warn' | 'skipped' | 'waiting'>;
  detail: string;
}

/** A requirement that failed: what the spec asks, and what the server did instead. */
export class StepFailure extends Error {
  constructor(
    message: string,
    readonly got?: string,
  ) {
    super(message);
  }
}

export interface StepDefinition {
  id: string;
  title: string;
  requirement: string;
  run(step: StepRun): Promise<StepOutcome>;
}

export interface RecordedStep {
  definition: StepDefinition;
  verdict: StepVerdict;
  detail?: string;
  got?: string;
  facts: [string, string][];
  exchanges: OAuthExchange[];
  durationMs?: number;
}
