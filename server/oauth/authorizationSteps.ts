import {
  IssuerMismatchError,
  exchangeAuthorization,
  startAuthorization,
  validateAuthorizationResponseIssuer,
  withDpop,
  type OAuthTokens,
} from '@modelcontextprotocol/client';
import { initialScope } from './discoverySteps.js';
import { StepFailure, type FlowData, type StepDefinition, type StepOutcome } from './flowTypes.js';
import { requestMachineToken } from './machineGrants.js';
import { maskSecret } from './masking.js';

/** A grant without a person: no authorization page, no redirect back. */
function withoutPerson(data: FlowData): StepOutcome | undefined {
  if (!data.grant || data.grant === 'authorization-code') return undefined;
  return { verdict: 'skipped', detail: `The ${data.grant} grant needs no person.` };
}

export const authorizeStep: StepDefinition = {
  id: 'authorize',
  title: 'Authorization request',
  requirement:
    'The browser goes to the authorization endpoint with response_type=code, a PKCE S256 code_challenge, an unguessable state, the resource parameter naming the MCP server (RFC 8707), the chosen scope and a loopback redirect_uri.',
  async run(step) {
    const { data } = step;
    const skipped = withoutPerson(data);
    if (skipped) return skipped;
    const scope =
      data.challengeScope && step.trigger.kind === 'step-up' ? data.challengeScope : initialScope(step);
    const { authorizationUrl, codeVerifier } = await startAuthorization(data.authorizationServerUrl!, {
      metadata: data.metadata!,
      clientInformation: data.client!,
      redirectUrl: data.redirectUri,
      state: data.state,
      resource: data.resource,
      ...(scope ? { scope } : {}),
    });
    data.scope = scope;
    data.codeVerifier = codeVerifier;
    data.authorizationUrl = authorizationUrl.href;
    for (const name of ['client_id', 'redirect_uri', 'scope', 'resource', 'code_challenge_method']) {
      step.fact(name, authorizationUrl.searchParams.get(name) ?? '(none)');
    }
    step.fact('state', `${data.state.slice(0, 6)}… (32 random bytes)`);
    return { verdict: 'pass', detail: 'Open the authorization page to sign in and consent.' };
  },
};

export const callbackStep: StepDefinition = {
  id: 'callback',
  title: 'Redirect back',
  requirement:
    'The authorization server redirects to the loopback callback with code and the same state; when its metadata sets authorization_response_iss_parameter_supported, iss MUST equal its issuer, checked before the code is redeemed (RFC 9207 §2.4).',
  async run(step) {
    const { data } = step;
    const skipped = withoutPerson(data);
    if (skipped) return skipped;
    const params = data.callback;
    if (!params)
      return {
        verdict: 'waiting',
        detail: 'Waiting for the browser to come back from the authorization page…',
      };
    const error = params.get('error');
    if (error) {
      throw new StepFailure(
        'The person must grant access at the authorization page.',
        `error=${error}${params.get('error_description') ? `: ${params.get('error_description')}` : ''}`,
      );
    }
    const code = params.get('code');
    if (!code) throw new StepFailure('The redirect must carry an authorization code.', 'no code parameter');
    step.fact('state', 'matches the one sent');
    const iss = params.get('iss') ?? undefined;
    step.fact('iss', iss ?? '(none)');
    const metadata = data.metadata!;
    try {
      validateAuthorizationResponseIssuer({
        iss,
        expectedIssuer: metadata.issuer,
        issParameterSupported: metadata.authorization_response_iss_parameter_supported === true,
      });
    } catch (failure) {
      if (failure instanceof IssuerMismatchError) {
        // Shown as data, never followed: a mix-up attacker controls this value.
        throw new StepFailure(
          `iss must be ${metadata.issuer}; the code was not redeemed (a mix-up attack looks like this).`,
          `iss=${JSON.stringify(failure.received ?? null)}`,
        );
      }
      throw failure;
    }
    step.fact('code', maskSecret(code));
    return {
      verdict: 'pass',
      detail: iss ? 'state and iss match.' : 'state matches; this server does not send iss.',
    };
  },
};

export const tokenStep: StepDefinition = {
  id: 'token',
  title: 'Token request',
  requirement:
    'POST the grant (authorization_code with the code, the PKCE code_verifier and the same redirect_uri; or client_credentials, or jwt-bearer with its assertion) and the resource; the answer has an access_token of token_type Bearer, or DPoP when a DPoP proof was sent (OAuth 2.1 §4.1.3, RFC 8707 §2.2, RFC 9449 §5).',
  async run(step) {
    const { data } = step;
    let tokens: OAuthTokens;
    try {
      tokens = withoutPerson(data)
        ? await requestMachineToken(step)
        : await redeemCode(step.data, step.fetch);
    } catch (error) {
      if (error instanceof StepFailure) throw error;
      throw new StepFailure('The token endpoint must issue tokens for this grant.', (error as Error).message);
    }
    data.tokens = tokens;
    step.fact('token_type', tokens.token_type);
    step.fact(
      'scope',
      tokens.scope ?? `(not sent: as requested, ${data.scope ?? initialScope(step) ?? 'none'})`,
    );
    step.fact('expires_in', tokens.expires_in === undefined ? '(not sent)' : `${tokens.expires_in} s`);
    step.fact('access_token', maskSecret(tokens.access_token));
    step.fact('refresh_token', tokens.refresh_token ? maskSecret(tokens.refresh_token) : '(none)');
    const type = tokens.token_type.toLowerCase();
    if (type === 'dpop' && !data.dpop)
      throw new StepFailure('token_type must be Bearer: no DPoP proof was sent.', tokens.token_type);
    if (type !== 'bearer' && type !== 'dpop')
      throw new StepFailure('token_type must be Bearer (or DPoP).', tokens.token_type);
    if (type === 'bearer' && data.dpop) {
      // RFC 9449 §5: a server that does not bind the token answers Bearer; it is used as one.
      delete data.dpop;
      return {
        verdict: 'warn',
        detail: 'A DPoP proof was sent, but the token is a Bearer token: used as one.',
      };
    }
    if (type === 'dpop') step.fact('bound to', `DPoP key ${data.dpop!.thumbprint} (cnf.jkt)`);
    if (!tokens.refresh_token && !withoutPerson(data)) {
      return {
        verdict: 'warn',
        detail: 'No refresh token: signing in again will be needed when the access token expires.',
      };
    }
    return {
      verdict: 'pass',
      detail: withoutPerson(data)
        ? 'Tokens received; the grant is made again when they expire. They stay in the bridge.'
        : 'Tokens received; they stay in the bridge.',
    };
  },
};

async function redeemCode(data: FlowData, fetchFn: typeof fetch): Promise<OAuthTokens> {
  // The SDK checks iss again before redeeming (RFC 9207); the callback step already did.
  const iss = data.callback!.get('iss');
  return exchangeAuthorization(data.authorizationServerUrl!, {
    ...(iss === null ? {} : { iss }),
    metadata: data.metadata!,
    clientInformation: data.client!,
    authorizationCode: data.callback!.get('code')!,
    codeVerifier: data.codeVerifier!,
    redirectUri: data.redirectUri,
    resource: data.resource,
    ...(data.dpop ? { dpop: data.dpop } : {}),
    fetchFn,
  });
}

export const authorizedRequestStep: StepDefinition = {
  id: 'authorized-request',
  title: 'Authorized request',
  requirement:
    'The MCP server accepts the access token in the Authorization header (never in the query) on every request (MCP authorization, OAuth 2.1 §5.1); a DPoP-bound one with the DPoP scheme and a fresh proof, retried once with the nonce a use_dpop_nonce challenge names (RFC 9449 §7, §9).',
  async run(step) {
    const { data } = step;
    const token = data.tokens!.access_token;
    // withDpop signs a proof for this request (htm, htu, ath) and answers a nonce challenge.
    const send = data.dpop ? withDpop(data.dpop, () => token)(step.fetch) : step.fetch;
    const response = await send(data.serverUrl, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        authorization: `Bearer ${token}`,
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 'mcp-inspect-oauth', method: 'ping' }),
    });
    await response.body?.cancel().catch(() => undefined);
    if (response.status === 401 || response.status === 403) {
      throw new StepFailure(
        'The server must accept the token it asked for.',
        `HTTP ${response.status}: ${response.headers.get('www-authenticate') ?? ''}`,
      );
    }
    return {
      verdict: 'pass',
      detail: `HTTP ${response.status}: the ${data.dpop ? 'DPoP-bound ' : ''}token is accepted; reconnecting the inspector with it.`,
    };
  },
};
