import {
  RegistrationRejectedError,
  registerClient,
  type OAuthClientInformationMixed,
  type OAuthClientMetadata,
} from '@modelcontextprotocol/client';
import { computeScopeUnion } from '@modelcontextprotocol/client';
import { initialScope } from './discoverySteps.js';
import { StepFailure, type StepDefinition, type StepRun } from './flowTypes.js';

/**
 * What the inspector says of itself when it registers: a native application (it runs on the
 * person's machine and receives the redirect on loopback, RFC 8252), a public client (it keeps
 * no secret an attacker on the same machine could not read), asking for refresh tokens.
 */
export function inspectorClientMetadata(redirectUri: string, scope: string | undefined): OAuthClientMetadata {
  return {
    client_name: 'mcp-inspect',
    redirect_uris: [redirectUri],
    application_type: 'native',
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    token_endpoint_auth_method: 'none',
    ...(scope ? { scope } : {}),
  };
}

export const registrationStep: StepDefinition = {
  id: 'registration',
  title: 'Client registration',
  requirement:
    'In the order the spec prefers: a client id (and secret) given for this server; else a client ID metadata document, when the server sets client_id_metadata_document_supported; else dynamic client registration (RFC 7591) with application_type "native" for a loopback redirect.',
  async run(step) {
    const { data, settings, store } = step;
    const metadata = data.metadata!;
    const issuer = metadata.issuer;
    // The grant step made sure a grant without a person has its --client-id.
    if (settings.clientId) {
      data.client = {
        client_id: settings.clientId,
        ...(settings.clientSecret ? { client_secret: settings.clientSecret } : {}),
      };
      step.fact('client_id', settings.clientId);
      step.fact(
        'how',
        `pre-registered (given on the command line or in the config)${settings.clientSecret ? ', with a secret' : ''}${settings.clientKey ? ', with a private key (private_key_jwt)' : ''}`,
      );
      return { verdict: 'pass', detail: 'Using the client id given for this server; nothing to register.' };
    }
    const cimdSupported = metadata.client_id_metadata_document_supported === true;
    if (cimdSupported && settings.clientMetadataUrl) {
      data.client = { client_id: settings.clientMetadataUrl };
      step.fact('client_id', settings.clientMetadataUrl);
      step.fact('how', 'client ID metadata document');
      return {
        verdict: 'pass',
        detail: 'The server fetches the inspector’s metadata from its URL; nothing to register.',
      };
    }
    const known = store.client(issuer, data.redirectUri);
    if (known) {
      data.client = known;
      step.fact('client_id', known.client_id);
      step.fact('how', `registered earlier with ${issuer}`);
      return { verdict: 'pass', detail: 'Reusing the client this authorization server registered earlier.' };
    }
    const why = cimdSupported
      ? 'The server supports client ID metadata documents, but the inspector has no HTTPS URL for one (set "clientMetadataUrl" in the config\'s oauth block); '
      : 'The server does not support client ID metadata documents; ';
    if (!metadata.registration_endpoint) {
      throw new StepFailure(
        `${why}it has no registration_endpoint either: give a client id registered with it (--client-id).`,
        'no registration_endpoint in the metadata',
      );
    }
    const registered = await register(step, data.redirectUri);
    data.client = registered;
    store.saveClient(issuer, data.redirectUri, registered);
    step.fact('client_id', registered.client_id);
    step.fact('how', 'dynamic client registration, application_type native');
    return { verdict: 'pass', detail: `${why}registered dynamically.` };
  },
};

async function register(step: StepRun, redirectUri: string): Promise<OAuthClientInformationMixed> {
  try {
    return await registerClient(step.data.authorizationServerUrl!, {
      metadata: step.data.metadata!,
      // Every scope the resource lists: a server that limits a client to its registered scope
      // would otherwise refuse a later step-up.
      clientMetadata: inspectorClientMetadata(
        redirectUri,
        computeScopeUnion(initialScope(step), step.data.resourceMetadata?.scopes_supported?.join(' ')),
      ),
      fetchFn: step.fetch,
    });
  } catch (error) {
    if (error instanceof RegistrationRejectedError) {
      throw new StepFailure(
        'The registration endpoint must register the client (RFC 7591 §3.2.1) or say why; it refused.',
        `HTTP ${error.status}: ${error.body.slice(0, 500)}`,
      );
    }
    throw new StepFailure('The registration endpoint must answer.', (error as Error).message);
  }
}
