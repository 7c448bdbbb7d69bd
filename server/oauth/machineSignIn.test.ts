import * as jose from 'jose';
import { describe, expect, it, onTestFinished } from 'vitest';
import { API_OAUTH_PATH, OAuthViewSchema, type OAuthView } from '../../shared/oauth.js';
import { TEST_TOKEN, startTestBridge } from '../testSupport/bridges.js';
import { startGrantServer, workloadAssertion, type GrantServerOptions } from '../testSupport/grantServer.js';
import { startIdpStandIn } from '../testSupport/idpStandIn.js';
import { eventually } from '../testSupport/processes.js';

// The page's sign-in without a browser: the credentials posted to the bridge's route, the grant
// made against a real authorization server (server/testSupport/grantServer.ts, which checks every
// request by its own code), DPoP proofs decoded in the steps, and no secret ever sent back.

const SECRET = 'page-typed-secret-never-shown';
const TEST_TIMEOUT_MS = 60_000;

async function bridgeBefore(options: GrantServerOptions) {
  const server = await startGrantServer(options);
  const bridge = await startTestBridge(
    { kind: 'url', url: server.mcpUrl, transport: 'streamable-http', headers: {}, era: 'auto' },
    { log: () => undefined, oauth: { settings: {} } },
  );
  onTestFinished(async () => {
    await bridge.close();
    await server.stop();
  });
  const post = async (body: unknown): Promise<{ status: number; text: string }> => {
    const response = await fetch(`${bridge.origin}${API_OAUTH_PATH}/machine`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TEST_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: response.status, text: await response.text() };
  };
  return { server, bridge, post };
}

describe('sign-in without a browser from the page', { timeout: TEST_TIMEOUT_MS }, () => {
  it('client_credentials with a secret and DPoP nonces: signed in, proofs decoded, the secret never echoed', async () => {
    const { server, bridge, post } = await bridgeBefore({
      grants: ['client_credentials'],
      authMethods: ['client_secret_basic'],
      client: { id: 'machine', secret: SECRET },
      dpop: { nonce: true },
    });
    const answer = await post({ grant: 'client-credentials', clientId: 'machine', clientSecret: SECRET });
    expect(answer.status).toBe(200);
    expect(answer.text).not.toContain(SECRET);
    const view: OAuthView = OAuthViewSchema.parse(JSON.parse(answer.text));
    expect(view.status).toBe('authorized');
    expect(view.machine).toEqual({
      grant: 'client-credentials',
      clientId: 'machine',
      secret: true,
      assertion: false,
      dpop: false,
    });
    expect(server.record.tokenRequests.at(-1)).toMatchObject({
      grantType: 'client_credentials',
      clientAuth: 'client_secret_basic',
      dpop: true,
    });
    // The server asked for DPoP: the token is bound, and each proof shows what it binds.
    expect(view.token?.dpopKey).toMatch(/^[\w-]{43}$/);
    const proofs = view.steps.flatMap((step) => step.exchanges).flatMap((e) => (e.dpopProof ? [e] : []));
    const tokenProofs = proofs.filter((e) => e.url.endsWith('/token'));
    expect(tokenProofs.length).toBeGreaterThanOrEqual(2);
    expect(tokenProofs[0]!.dpopProof!.nonce).toBeUndefined();
    expect(tokenProofs.at(-1)!.dpopProof).toMatchObject({
      typ: 'dpop+jwt',
      htm: 'POST',
      nonce: 'as-nonce-for-tests',
    });
    expect(tokenProofs.at(-1)!.dpopProof!.jkt).toBe(view.token!.dpopKey);
    const mcpProof = proofs.find((e) => e.dpopProof!.ath !== undefined);
    expect(mcpProof?.dpopProof).toMatchObject({ htu: server.mcpUrl, jkt: view.token!.dpopKey });
    // The DPoP header itself stays masked: a proof shown cannot be replayed.
    for (const exchange of proofs) expect(exchange.requestHeaders.dpop).toBe('••••••');
    // The bridge reconnects with the bound token, and the server sees valid proofs.
    await eventually(() => bridge.session.state?.state === 'connected', 15_000);
    await eventually(
      () => server.record.mcpRequests.some((r) => r.scheme === 'DPoP' && r.proof === 'valid'),
      15_000,
    );
    const again = await fetch(`${bridge.origin}${API_OAUTH_PATH}`, {
      headers: { authorization: `Bearer ${TEST_TOKEN}` },
    });
    expect(await again.text()).not.toContain(SECRET);
  });

  it('jwt-bearer with a platform assertion (workload identity)', async () => {
    const platform = await jose.generateKeyPair('ES256');
    const { server, post } = await bridgeBefore({
      grants: ['urn:ietf:params:oauth:grant-type:jwt-bearer'],
      authMethods: ['none'],
      client: { id: 'workload' },
      platformKey: platform.publicKey,
    });
    const assertion = await workloadAssertion(platform.privateKey, server.issuer);
    const answer = await post({ grant: 'jwt-bearer', clientId: 'workload', assertion });
    expect(answer.status).toBe(200);
    expect(answer.text).not.toContain(assertion);
    const view = OAuthViewSchema.parse(JSON.parse(answer.text));
    expect(view.status).toBe('authorized');
    expect(view.machine).toMatchObject({ grant: 'jwt-bearer', assertion: true, secret: false });
    expect(server.record.tokenRequests.at(-1)?.grantType).toBe('urn:ietf:params:oauth:grant-type:jwt-bearer');
  });

  it('enterprise-managed: the ID token exchanged at the identity provider for an ID-JAG, then jwt-bearer', async () => {
    const platform = await jose.generateKeyPair('ES256');
    const { server, post } = await bridgeBefore({
      grants: ['urn:ietf:params:oauth:grant-type:jwt-bearer'],
      authMethods: ['none'],
      client: { id: 'enterprise-app' },
      platformKey: platform.publicKey,
    });
    const idToken = 'person-id-token-never-shown';
    const idp = await startIdpStandIn({
      signingKey: platform.privateKey,
      clientId: 'inspector-at-idp',
      idToken,
    });
    onTestFinished(() => idp.stop());
    const answer = await post({
      grant: 'token-exchange',
      clientId: 'enterprise-app',
      idp: { issuer: idp.issuer, clientId: 'inspector-at-idp', idToken },
    });
    expect(answer.status).toBe(200);
    expect(answer.text).not.toContain(idToken);
    const view = OAuthViewSchema.parse(JSON.parse(answer.text));
    const failed = view.steps.find((step) => step.verdict === 'fail');
    expect(failed && `${failed.title}: ${failed.detail} ${failed.got}`).toBeUndefined();
    expect(view.status).toBe('authorized');
    expect(view.machine?.idp).toEqual({ at: idp.issuer, clientId: 'inspector-at-idp', idToken: true });
    // The exchange asked for the authorization server as audience and the MCP server as resource.
    expect(idp.record.exchanges).toEqual([
      {
        clientId: 'inspector-at-idp',
        audience: server.issuer,
        resource: server.mcpUrl,
        subjectTokenType: 'urn:ietf:params:oauth:token-type:id_token',
      },
    ]);
    const idJagStep = view.steps.find((step) => step.id === 'id-jag');
    expect(idJagStep?.verdict).toBe('pass');
    expect(server.record.tokenRequests.at(-1)).toMatchObject({
      grantType: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
    });
  });

  it('says what is wrong with what was typed, and sends nothing', async () => {
    const { server, post } = await bridgeBefore({
      grants: ['client_credentials'],
      authMethods: ['private_key_jwt'],
      client: { id: 'keyed' },
    });
    const noAssertion = await post({ grant: 'jwt-bearer', clientId: 'x' });
    expect(noAssertion.status).toBe(400);
    expect(noAssertion.text).toContain('the jwt-bearer grant needs an assertion');
    const badKey = await post({ grant: 'client-credentials', clientId: 'keyed', clientKey: 'not a key' });
    expect(badKey.status).toBe(400);
    expect(badKey.text).toContain('the client key is not a PEM private key');
    const noIdp = await post({
      grant: 'token-exchange',
      clientId: 'x',
      idp: { clientId: 'c', idToken: 't' },
    });
    expect(noIdp.status).toBe(400);
    expect(noIdp.text).toContain("needs the identity provider's issuer or token endpoint");
    const unknownField = await post({ grant: 'client-credentials', clientId: 'x', accessToken: 'y' });
    expect(unknownField.status).toBe(400);
    expect(server.record.tokenRequests).toEqual([]);
  });
});
