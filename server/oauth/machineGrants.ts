import {
  createPrivateKeyJwtAuth,
  discoverAuthorizationServerMetadata,
  fetchToken,
  requestJwtAuthorizationGrant,
  type AddClientAuthentication,
  type DpopSession,
  type OAuthClientInformationMixed,
  type OAuthClientMetadata,
  type OAuthClientProvider,
  type OAuthTokens,
} from '@modelcontextprotocol/client';
import { initialScope } from './discoverySteps.js';
import { GRANT_TYPES } from './grantStep.js';
import { StepFailure, type StepDefinition, type StepRun } from './flowTypes.js';
import { maskSecret } from './masking.js';
import { clientKeyAlg } from './clientKeyAlg.js';

/**
 * The SDK's token request (`fetchToken`: client authentication as the metadata allows, the
 * resource indicator, a DPoP proof with its nonce retry, the error response read) driven for a
 * grant without a person: the provider only supplies the grant's parameters, the client, the
 * private_key_jwt signer and the DPoP session. Nothing here is ever redirected or stored.
 */
class GrantRequest implements OAuthClientProvider {
  readonly redirectUrl = undefined;
  readonly clientMetadata: OAuthClientMetadata = { client_name: 'mcp-inspect', redirect_uris: [] };
  readonly addClientAuthentication?: AddClientAuthentication;

  constructor(
    private readonly params: URLSearchParams,
    private readonly client: OAuthClientInformationMixed,
    private readonly session: DpopSession | undefined,
    keyAuth: AddClientAuthentication | undefined,
  ) {
    if (keyAuth) this.addClientAuthentication = keyAuth;
  }

  clientInformation(): OAuthClientInformationMixed {
    return this.client;
  }
  tokens(): undefined {
    return undefined;
  }
  saveTokens(): void {}
  redirectToAuthorization(): never {
    throw new Error('a grant without a person has no authorization page');
  }
  saveCodeVerifier(): void {}
  codeVerifier(): never {
    throw new Error('a grant without a person has no PKCE verifier');
  }
  prepareTokenRequest(): URLSearchParams {
    return new URLSearchParams(this.params);
  }
  dpop(): DpopSession | undefined {
    return this.session;
  }
}

/** The token request of client_credentials or jwt-bearer (the assertion given, or the ID-JAG). */
export async function requestMachineToken(step: StepRun): Promise<OAuthTokens> {
  const { data, settings } = step;
  const grant = data.grant!;
  const params = new URLSearchParams({ grant_type: GRANT_TYPES[grant] });
  if (grant === 'jwt-bearer' || grant === 'token-exchange') {
    const assertion = grant === 'token-exchange' ? data.idJag : settings.assertion;
    if (!assertion) throw new StepFailure('The jwt-bearer grant needs an assertion.', 'none');
    params.set('assertion', assertion);
    step.fact('assertion', maskSecret(assertion));
  }
  const scope = initialScope(step);
  if (scope) params.set('scope', scope);
  let keyAuth: AddClientAuthentication | undefined;
  if (settings.clientKey) {
    const alg = clientKeyAlg(settings.clientKey, settings.clientKeyAlg);
    keyAuth = createPrivateKeyJwtAuth({
      issuer: data.client!.client_id,
      subject: data.client!.client_id,
      privateKey: settings.clientKey,
      alg,
    });
    step.fact('client authentication', `private_key_jwt, ${alg}, audience ${data.metadata!.issuer}`);
  } else {
    step.fact(
      'client authentication',
      data.client!.client_secret
        ? `client secret, as token_endpoint_auth_methods_supported allows (${(data.metadata!.token_endpoint_auth_methods_supported ?? ['client_secret_basic']).join(', ')})`
        : 'none (a public client: its client_id in the body)',
    );
  }
  return fetchToken(
    new GrantRequest(params, data.client!, data.dpop, keyAuth),
    data.authorizationServerUrl!,
    { metadata: data.metadata!, resource: data.resource, fetchFn: step.fetch },
  );
}

export const idJagStep: StepDefinition = {
  id: 'id-jag',
  title: 'Identity assertion grant (ID-JAG)',
  requirement:
    "Enterprise-managed authorization (SEP-990): the identity provider exchanges the person's ID token for an ID-JAG (RFC 8693 token exchange, requested_token_type urn:ietf:params:oauth:token-type:id-jag), whose audience is the authorization server's issuer and whose resource is the MCP server.",
  async run(step) {
    const { data, settings } = step;
    if (data.grant !== 'token-exchange')
      return {
        verdict: 'skipped',
        detail: 'Only enterprise-managed authorization asks an identity provider.',
      };
    const idp = settings.idp!;
    let tokenEndpoint = idp.tokenEndpoint;
    if (!tokenEndpoint) {
      const found = await discoverAuthorizationServerMetadata(idp.issuer!, { fetchFn: step.fetch }).catch(
        (error: Error) => {
          throw new StepFailure('The identity provider must publish its metadata.', error.message);
        },
      );
      if (!found?.token_endpoint)
        throw new StepFailure('The identity provider must publish a token endpoint.', 'no metadata found');
      tokenEndpoint = found.token_endpoint;
    }
    step.fact('identity provider token endpoint', tokenEndpoint);
    step.fact('audience', data.metadata!.issuer);
    step.fact('resource', data.resource);
    step.fact('subject_token', maskSecret(idp.idToken!));
    const scope = initialScope(step);
    let result;
    try {
      result = await requestJwtAuthorizationGrant({
        tokenEndpoint,
        audience: data.metadata!.issuer,
        resource: data.resource,
        idToken: idp.idToken!,
        clientId: idp.clientId!,
        ...(scope ? { scope } : {}),
        fetchFn: step.fetch,
      });
    } catch (error) {
      throw new StepFailure(
        'The identity provider must exchange the ID token for an ID-JAG.',
        (error as Error).message,
      );
    }
    data.idJag = result.jwtAuthGrant;
    step.fact('ID-JAG', maskSecret(result.jwtAuthGrant));
    return { verdict: 'pass', detail: 'The identity provider issued an ID-JAG for this server.' };
  },
};
