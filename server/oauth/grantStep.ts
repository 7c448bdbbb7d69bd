import {
  DPOP_SUPPORTED_ALGS,
  DpopSession,
  type AuthorizationServerMetadata,
} from '@modelcontextprotocol/client';
import type { DpopAlg } from '@modelcontextprotocol/client';
import { StepFailure, type GrantName, type OAuthSettings, type StepDefinition } from './flowTypes.js';

/** The grant_type each grant sends at the token endpoint. */
export const GRANT_TYPES: Record<GrantName, string> = {
  'authorization-code': 'authorization_code',
  'client-credentials': 'client_credentials',
  'jwt-bearer': 'urn:ietf:params:oauth:grant-type:jwt-bearer',
  // Token exchange happens at the IdP; what the authorization server sees is the jwt-bearer grant.
  'token-exchange': 'urn:ietf:params:oauth:grant-type:jwt-bearer',
};

/** RFC 8414 §2: an authorization server that lists no grant types offers these. */
const DEFAULT_GRANT_TYPES = ['authorization_code', 'implicit'];

export interface GrantChoice {
  grant: GrantName;
  /** Why, in words for the OAuth tab and the terminal. */
  why: string;
  /** Set when the authorization server's metadata does not list the grant chosen. */
  unlisted?: string;
}

/**
 * The grant from the credentials given and what the authorization server offers: an IdP's ID
 * token means enterprise-managed authorization (token exchange, then jwt-bearer); a platform's
 * assertion, the jwt-bearer grant; a client key, or a secret where the server offers no sign-in by
 * a person, client_credentials; otherwise a person signs in (authorization_code). --grant wins.
 */
export function chooseGrant(settings: OAuthSettings, metadata: AuthorizationServerMetadata): GrantChoice {
  const supported = metadata.grant_types_supported ?? DEFAULT_GRANT_TYPES;
  const offers = (grant: GrantName): boolean => supported.includes(GRANT_TYPES[grant]);
  const choice = ((): GrantChoice => {
    if (settings.grant) return { grant: settings.grant, why: 'given with --grant' };
    if (settings.idp?.idToken)
      return {
        grant: 'token-exchange',
        why: "an identity provider's ID token was given: exchanged there for an ID-JAG, then the jwt-bearer grant",
      };
    if (settings.assertion)
      return { grant: 'jwt-bearer', why: 'an assertion was given (workload identity federation)' };
    if (settings.clientKey && (offers('client-credentials') || !offers('authorization-code')))
      return { grant: 'client-credentials', why: 'a client key was given, and no person signs in' };
    if (settings.clientSecret && offers('client-credentials') && !offers('authorization-code'))
      return {
        grant: 'client-credentials',
        why: 'a client secret was given, and the server offers client_credentials, not a sign-in by a person',
      };
    return { grant: 'authorization-code', why: 'a person signs in at the authorization page' };
  })();
  if (!offers(choice.grant))
    choice.unlisted = `grant_types_supported: ${JSON.stringify(metadata.grant_types_supported ?? null)}`;
  return choice;
}

/** What each grant needs besides the metadata; a missing flag is named. */
function missingFor(grant: GrantName, settings: OAuthSettings): string | undefined {
  if (grant === 'authorization-code') return undefined;
  if (!settings.clientId) return `--client-id (the client registered with the authorization server)`;
  if (grant === 'client-credentials' && !settings.clientSecret && !settings.clientKey)
    return '--client-secret or --client-key (how the client proves who it is)';
  if (grant === 'jwt-bearer' && !settings.assertion) return '--assertion (the platform-issued JWT)';
  if (grant === 'token-exchange') {
    if (!settings.idp?.idToken) return "--idp-id-token (the identity provider's ID token)";
    if (!settings.idp.clientId) return '--idp-client-id (the client registered with the identity provider)';
    if (!settings.idp.issuer && !settings.idp.tokenEndpoint)
      return "--idp-issuer or --idp-token-endpoint (where the identity provider's token endpoint is)";
  }
  return undefined;
}

/**
 * The DPoP algorithm to sign proofs with: ES256 when the server takes it, else the first it lists
 * that the SDK can sign with; undefined when it lists only algorithms the SDK cannot use.
 */
export function dpopAlgFor(listed: readonly string[] | undefined): DpopAlg | undefined {
  const usable = (alg: string): alg is DpopAlg => (DPOP_SUPPORTED_ALGS as readonly string[]).includes(alg);
  if (!listed || listed.length === 0 || listed.includes('ES256')) return 'ES256';
  return listed.find(usable);
}

function dpopAlgsOf(metadata: AuthorizationServerMetadata): string[] | undefined {
  const listed = (metadata as { dpop_signing_alg_values_supported?: unknown })
    .dpop_signing_alg_values_supported;
  return Array.isArray(listed) ? listed.filter((alg): alg is string => typeof alg === 'string') : undefined;
}

export const grantStep: StepDefinition = {
  id: 'grant',
  title: 'Grant and proof of possession',
  requirement:
    "The grant follows from the credentials given and the authorization server's grant_types_supported (RFC 8414): client_credentials for a client secret or key with no person (SEP-1046), jwt-bearer for a platform-issued assertion (RFC 7523, SEP-1933), token exchange for an ID-JAG at the identity provider then jwt-bearer (SEP-990), else authorization_code with PKCE. Tokens are DPoP-bound (RFC 9449) when the MCP server asks for them: a DPoP challenge, or dpop_bound_access_tokens_required in its metadata (RFC 9728).",
  async run(step) {
    const { data, settings } = step;
    const metadata = data.metadata!;
    const choice = chooseGrant(settings, metadata);
    data.grant = choice.grant;
    step.fact('grant', `${choice.grant} (${GRANT_TYPES[choice.grant]})`);
    step.fact('why', choice.why);
    step.fact('grant_types_supported', (metadata.grant_types_supported ?? []).join(', ') || '(absent)');
    const missing = missingFor(choice.grant, settings);
    if (missing) throw new StepFailure(`The ${choice.grant} grant needs ${missing}.`, 'not given');
    const algs = dpopAlgsOf(metadata);
    step.fact('dpop_signing_alg_values_supported', algs?.join(', ') ?? '(absent)');
    // The resource server decides: it challenges with the DPoP scheme, or its metadata requires
    // bound tokens (RFC 9728). An authorization server that merely supports DPoP (oidc-provider
    // lists it by default) does not make the MCP server accept DPoP-bound tokens.
    const why = settings.dpop
      ? '--dpop'
      : data.challengeScheme?.toLowerCase() === 'dpop'
        ? 'the server challenged with the DPoP scheme'
        : data.resourceMetadata?.dpop_bound_access_tokens_required === true
          ? "the server's metadata sets dpop_bound_access_tokens_required"
          : undefined;
    if (why) {
      const alg = dpopAlgFor(algs);
      if (!alg)
        throw new StepFailure(
          'DPoP proofs need an asymmetric algorithm the inspector can sign with.',
          `dpop_signing_alg_values_supported: ${JSON.stringify(algs)}`,
        );
      data.dpop = await DpopSession.create({ alg });
      step.fact('DPoP', `${alg} key, thumbprint ${data.dpop.thumbprint} (${why})`);
    } else {
      step.fact('DPoP', 'not used: the server does not ask for DPoP-bound tokens (--dpop forces them)');
    }
    if (choice.unlisted) {
      return {
        verdict: 'warn',
        detail: `${choice.grant}: the authorization server's metadata does not list it; trying it anyway.`,
      };
    }
    return { verdict: 'pass', detail: `${choice.grant}: ${choice.why}.` };
  },
};
