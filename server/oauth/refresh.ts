import {
  discoverAuthorizationServerMetadata,
  refreshAuthorization,
  type AuthorizationServerMetadata,
  type DpopSession,
  type OAuthClientInformationMixed,
} from '@modelcontextprotocol/client';
import { StepFailure, type StepDefinition } from './flowTypes.js';
import { maskSecret } from './masking.js';
import type { StoredTokens } from './tokenStore.js';

/** What a refresh needs, all of it in the bridge. */
export interface RefreshInput {
  issuer: string;
  resource: string;
  client: OAuthClientInformationMixed;
  /** Known from the sign-in; looked up again for tokens read from the file. */
  metadata: AuthorizationServerMetadata | undefined;
  current: StoredTokens;
  /** The DPoP session the tokens are bound to: the refresh is bound to it too (RFC 9449 §5). */
  dpop?: DpopSession;
  /** Receives the new tokens. */
  done(tokens: StoredTokens, metadata: AuthorizationServerMetadata): void;
}

/**
 * A refresh as a row of the guided view: the refresh_token grant, with the same resource
 * (RFC 8707 §2.2), asking for no new scope (a refresh cannot widen a grant, RFC 6749 §6).
 */
export function refreshStep(
  why: 'before expiry' | 'after a 401',
  input: RefreshInput,
): Omit<StepDefinition, 'id'> {
  return {
    title: `Refresh (${why})`,
    requirement:
      'POST grant_type=refresh_token with the same resource returns a new access token; a rotated refresh token replaces the old one (OAuth 2.1 §4.3, RFC 8707 §2.2).',
    async run(step) {
      const refreshToken = input.current.tokens.refresh_token;
      if (!refreshToken)
        throw new StepFailure('A refresh needs a refresh token; the server issued none. Sign in again.');
      const metadata =
        input.metadata ?? (await discoverAuthorizationServerMetadata(input.issuer, { fetchFn: step.fetch }));
      if (!metadata)
        throw new StepFailure('The authorization server must publish its metadata.', 'not found');
      let tokens;
      try {
        tokens = await refreshAuthorization(input.issuer, {
          metadata,
          clientInformation: input.client,
          refreshToken,
          resource: input.resource,
          ...(input.dpop ? { dpop: input.dpop } : {}),
          fetchFn: step.fetch,
        });
      } catch (error) {
        throw new StepFailure(
          'The token endpoint must honour the refresh token; it refused, so signing in again is needed.',
          (error as Error).message,
        );
      }
      step.fact('access_token', maskSecret(tokens.access_token));
      step.fact('refresh_token', tokens.refresh_token ? maskSecret(tokens.refresh_token) : '(none)');
      step.fact('expires_in', tokens.expires_in === undefined ? '(not sent)' : `${tokens.expires_in} s`);
      input.done(
        {
          tokens: { ...tokens, scope: tokens.scope ?? input.current.tokens.scope },
          ...(tokens.expires_in === undefined ? {} : { expiresAt: Date.now() + tokens.expires_in * 1000 }),
          ...(input.current.requestedScope ? { requestedScope: input.current.requestedScope } : {}),
        },
        metadata,
      );
      const rotated = tokens.refresh_token && tokens.refresh_token !== refreshToken;
      return {
        verdict: 'pass',
        detail: `New access token${rotated ? ', and a rotated refresh token' : ''}.`,
      };
    },
  };
}
