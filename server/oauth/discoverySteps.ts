import {
  IssuerMismatchError,
  checkResourceAllowed,
  computeScopeUnion,
  discoverAuthorizationServerMetadata,
  discoverOAuthProtectedResourceMetadata,
  extractWWWAuthenticateParams,
} from '@modelcontextprotocol/client';
import { StepFailure, type StepDefinition, type StepRun } from './flowTypes.js';

/** The request every flow starts from: what does the server say to no token at all? */
export const challengeStep: StepDefinition = {
  id: 'challenge',
  title: 'Challenge',
  requirement:
    'A request without a token gets HTTP 401 with WWW-Authenticate: Bearer, whose resource_metadata names the protected resource metadata (MCP authorization, RFC 9728 §5.1); on a step-up, 403 with error="insufficient_scope" and the scope needed (RFC 6750 §3.1).',
  async run(step) {
    const { trigger, data } = step;
    if (trigger.kind === 'step-up') {
      const params = extractWWWAuthenticateParams(
        new Response(null, { headers: { 'www-authenticate': trigger.wwwAuthenticate } }),
      );
      step.fact('WWW-Authenticate', trigger.wwwAuthenticate);
      if (params.resourceMetadataUrl) data.resourceMetadataUrl = params.resourceMetadataUrl;
      data.challengeScope = computeScopeUnion(trigger.previousScope, params.scope);
      step.fact('scope asked for', params.scope ?? '(none)');
      step.fact('union to request', data.challengeScope ?? '(none)');
      if (!params.scope) {
        return {
          verdict: 'warn',
          detail:
            'HTTP 403 insufficient_scope, but the challenge names no scope: asking again for the same scopes.',
        };
      }
      return { verdict: 'pass', detail: `HTTP 403 insufficient_scope: the server needs ${params.scope}.` };
    }
    const response = await step.fetch(data.serverUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 'mcp-inspect-oauth', method: 'ping' }),
    });
    await response.body?.cancel().catch(() => undefined);
    const header = response.headers.get('www-authenticate');
    if (response.status !== 401) {
      return {
        verdict: 'warn',
        detail: `HTTP ${response.status} without a token: this server may not need authorization. Signing in anyway.`,
      };
    }
    if (!header || !/^\s*(Bearer|DPoP)\b/i.test(header)) {
      throw new StepFailure(
        'HTTP 401 must carry a WWW-Authenticate: Bearer challenge.',
        header ?? 'no WWW-Authenticate header',
      );
    }
    const params = extractWWWAuthenticateParams(response);
    data.challengeScheme = /^\s*(\w+)/.exec(header)?.[1];
    step.fact('scheme', data.challengeScheme ?? '(none)');
    if (params.resourceMetadataUrl) data.resourceMetadataUrl = params.resourceMetadataUrl;
    if (params.scope) data.challengeScope = params.scope;
    step.fact('resource_metadata', params.resourceMetadataUrl?.href ?? '(none)');
    step.fact('scope', params.scope ?? '(none)');
    if (!params.resourceMetadataUrl) {
      return {
        verdict: 'warn',
        detail:
          'HTTP 401 with a Bearer challenge but no resource_metadata: the well-known locations will be tried.',
      };
    }
    return { verdict: 'pass', detail: 'HTTP 401 with a Bearer challenge naming its resource metadata.' };
  },
};

export const resourceMetadataStep: StepDefinition = {
  id: 'resource-metadata',
  title: 'Protected resource metadata',
  requirement:
    "Fetched from the challenge's resource_metadata, else /.well-known/oauth-protected-resource with the server's path, then at the root (RFC 9728 §3). It MUST name at least one authorization server, and its resource MUST be this server's URL.",
  async run(step) {
    const { data } = step;
    let metadata;
    try {
      metadata = await discoverOAuthProtectedResourceMetadata(
        data.serverUrl,
        data.resourceMetadataUrl ? { resourceMetadataUrl: data.resourceMetadataUrl } : {},
        step.fetch,
      );
    } catch (error) {
      throw new StepFailure(
        'The server must publish protected resource metadata (MCP authorization, RFC 9728).',
        (error as Error).message,
      );
    }
    data.resourceMetadata = metadata;
    const server = metadata.authorization_servers?.[0];
    step.fact('resource', metadata.resource);
    step.fact('authorization_servers', (metadata.authorization_servers ?? []).join(', ') || '(none)');
    if (metadata.scopes_supported) step.fact('scopes_supported', metadata.scopes_supported.join(' '));
    if (!server)
      throw new StepFailure(
        'authorization_servers must list at least one server.',
        JSON.stringify(metadata.authorization_servers ?? null),
      );
    if (!checkResourceAllowed({ requestedResource: data.serverUrl, configuredResource: metadata.resource })) {
      throw new StepFailure(`resource must identify ${data.serverUrl.href}.`, metadata.resource);
    }
    // The resource indicator is the metadata's string as written (the SDK's rule, #1968).
    data.resource = metadata.resource;
    data.authorizationServerUrl = server;
    return { verdict: 'pass', detail: `Tokens for ${metadata.resource} come from ${server}.` };
  },
};

export const authServerMetadataStep: StepDefinition = {
  id: 'as-metadata',
  title: 'Authorization server metadata',
  requirement:
    'Tried in order: OAuth metadata (RFC 8414) with the path inserted, then OpenID Connect discovery with the path inserted and appended; the issuer in it MUST be the authorization server the resource named (RFC 8414 §3.3).',
  async run(step) {
    const { data } = step;
    const url = data.authorizationServerUrl!;
    let metadata;
    try {
      metadata = await discoverAuthorizationServerMetadata(url, { fetchFn: step.fetch });
    } catch (error) {
      if (error instanceof IssuerMismatchError) {
        throw new StepFailure(
          `The metadata's issuer must be ${error.expected ?? url}.`,
          String(error.received),
        );
      }
      throw new StepFailure('The authorization server must publish its metadata.', (error as Error).message);
    }
    if (!metadata)
      throw new StepFailure(
        'The authorization server must publish its metadata.',
        'nothing at any of the well-known locations',
      );
    data.metadata = metadata;
    step.fact('issuer', metadata.issuer);
    step.fact('authorization_endpoint', metadata.authorization_endpoint);
    step.fact('token_endpoint', metadata.token_endpoint);
    step.fact('registration_endpoint', metadata.registration_endpoint ?? '(none)');
    step.fact(
      'client_id_metadata_document_supported',
      String(metadata.client_id_metadata_document_supported ?? false),
    );
    step.fact(
      'authorization_response_iss_parameter_supported',
      String(metadata.authorization_response_iss_parameter_supported ?? false),
    );
    return { verdict: 'pass', detail: `Found at ${step.lastUrl()}.` };
  },
};

export const pkceStep: StepDefinition = {
  id: 'pkce',
  title: 'PKCE S256 offered',
  requirement:
    'code_challenge_methods_supported MUST include S256; if it is absent or lacks S256, the client MUST refuse to go on (MCP authorization, OAuth 2.1 §7.5.2).',
  async run(step) {
    if (step.data.grant && step.data.grant !== 'authorization-code')
      return {
        verdict: 'skipped',
        detail: `The ${step.data.grant} grant has no authorization code to protect.`,
      };
    const methods = step.data.metadata?.code_challenge_methods_supported;
    step.fact('code_challenge_methods_supported', methods ? methods.join(', ') : '(absent)');
    if (!methods?.includes('S256')) {
      throw new StepFailure(
        'The authorization server must offer PKCE with S256; the inspector refuses to sign in without it.',
        methods
          ? `code_challenge_methods_supported: ${JSON.stringify(methods)}`
          : 'no code_challenge_methods_supported',
      );
    }
    return { verdict: 'pass', detail: 'S256 is offered.' };
  },
};

/** Scope selection (MCP authorization): the challenge's scope, else every scope the resource lists. */
export function initialScope(step: StepRun): string | undefined {
  const fromServer = step.data.challengeScope ?? step.data.resourceMetadata?.scopes_supported?.join(' ');
  return computeScopeUnion(step.settings.scope, fromServer);
}
