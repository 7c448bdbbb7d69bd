import type {
  AuthorizationServerMetadata,
  OAuthClientInformationMixed,
  OAuthProtectedResourceMetadata,
  OAuthTokens,
} from '@modelcontextprotocol/client';
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
