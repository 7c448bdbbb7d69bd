import { afterEach, describe, expect, it } from 'vitest';
import { createHash, randomBytes } from 'node:crypto';
import { consentThrough } from '../testSupport/consent.js';
import { startOAuthBridge, type OAuthBridge } from '../testSupport/oauthBridge.js';
import { eventually } from '../testSupport/processes.js';

let running: OAuthBridge | undefined;
afterEach(async () => {
  await running?.stop();
  running = undefined;
});

/** Every secret the bridge holds for the fixture, to look for in what the page gets. */
function secretsOf(env: OAuthBridge): string[] {
  const { oauth } = env.bridge;
  const issuer = oauth.store.issuerFor(env.fixture.mcpUrl)!;
  const stored = oauth.store.tokens(issuer, env.fixture.mcpUrl)!;
  return [stored.tokens.access_token, stored.tokens.refresh_token].filter((s): s is string => Boolean(s));
}

describe('signing in to a server behind a real authorization server', () => {
  it('is offered on the 401, runs every step, and reconnects with the token', async () => {
    running = await startOAuthBridge();
    const env = running;
    expect(env.bridge.session.state?.state).toBe('failed');
    expect(env.bridge.session.state?.reason).toMatch(/HTTP 401.*Sign in from the OAuth tab/);
    await expect.poll(async () => (await env.view()).status).toBe('needed');

    const waiting = await env.act('run');
    expect(waiting.status).toBe('waiting-for-browser');
    expect(waiting.steps.map((s) => [s.id, s.verdict])).toEqual([
      ['challenge', 'pass'],
      ['resource-metadata', 'pass'],
      ['as-metadata', 'pass'],
      ['grant', 'pass'],
      ['pkce', 'pass'],
      ['registration', 'pass'],
      ['authorize', 'pass'],
      ['callback', 'waiting'],
      ['token', 'pending'],
      ['authorized-request', 'pending'],
    ]);
    const authorizationUrl = new URL(waiting.authorizationUrl!);
    expect(authorizationUrl.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorizationUrl.searchParams.get('resource')).toBe(env.fixture.mcpUrl);
    expect(authorizationUrl.searchParams.get('scope')).toBe('mcp:read');
    expect(authorizationUrl.searchParams.get('redirect_uri')).toBe(`${env.bridge.origin}/oauth/callback`);
    const registration = waiting.steps.find((s) => s.id === 'registration')!;
    expect(registration.exchanges[0]?.requestBody).toContain('"application_type": "native"');
    // The challenge came from the resource_metadata of the 401, not a guess.
    expect(waiting.steps[1]!.exchanges[0]!.url).toBe(
      `${new URL(env.fixture.mcpUrl).origin}/.well-known/oauth-protected-resource/mcp`,
    );

    const landing = await env.consent(waiting.authorizationUrl!);
    expect(landing.status).toBe(200);
    expect(await landing.text()).toContain('Signed in');

    await expect.poll(async () => (await env.view()).status).toBe('authorized');
    const done = await env.view();
    expect(done.steps.every((s) => s.verdict === 'pass')).toBe(true);
    expect(done.token).toMatchObject({ issuer: env.fixture.issuer, scopes: ['mcp:read'], persisted: false });
    expect(done.token!.accessToken).toMatch(/^•+ #[0-9a-f]{4}$/);
    expect(await env.connected()).toBe(true);

    // The page never gets a token, a code or a verifier: not in the view, not in any exchange.
    const text = JSON.stringify(done);
    for (const secret of secretsOf(env)) expect(text).not.toContain(secret);
    const tokenExchange = done.steps.find((s) => s.id === 'token')!.exchanges[0]!;
    expect(tokenExchange.requestBody).toMatch(/code=%E2%80%A2/);
    expect(tokenExchange.requestBody).toMatch(/code_verifier=%E2%80%A2/);
    expect(tokenExchange.responseBody).toMatch(/"access_token": "•+ #/);
    expect(env.lines.join('\n')).not.toContain(secretsOf(env)[0]);
  });

  it('runs one step per click, step by step', async () => {
    running = await startOAuthBridge();
    const env = running;
    const first = await env.act('next');
    expect(first.steps.map((s) => s.verdict).slice(0, 3)).toEqual(['pass', 'pending', 'pending']);
    const second = await env.act('next');
    expect(second.steps.map((s) => s.verdict).slice(0, 3)).toEqual(['pass', 'pass', 'pending']);
    expect(second.status).toBe('paused');
  });

  it('refuses a redirect whose state it did not send, and changes nothing', async () => {
    running = await startOAuthBridge();
    const env = running;
    const waiting = await env.act('run');
    // No bridge token on this route: the state is what binds it, so a wrong one is refused.
    const forged = await fetch(`${env.bridge.origin}/oauth/callback?code=stolen&state=guessed`);
    expect(forged.status).toBe(400);
    expect(await forged.text()).not.toContain('stolen');
    const after = await env.view();
    expect(after.status).toBe('waiting-for-browser');
    expect(after.authorizationUrl).toBe(waiting.authorizationUrl);
  });

  it('does not say "Signed in" for a code from another authorization sent with the current state', async () => {
    running = await startOAuthBridge();
    const env = running;
    const waiting = await env.act('run');
    // The attacker's own authorization at the same server, with the bridge's client, redirect
    // URI and waiting state (all in the link), but a PKCE challenge of the attacker's: the code
    // it gets comes back to the bridge with the state the bridge is waiting for.
    const attackerVerifier = randomBytes(32).toString('base64url');
    const injected = new URL(waiting.authorizationUrl!);
    injected.searchParams.set(
      'code_challenge',
      createHash('sha256').update(attackerVerifier).digest('base64url'),
    );
    const redirect = await consentThrough(injected.href, `${env.bridge.origin}/oauth/callback`);
    expect(new URL(redirect).searchParams.get('state')).toBe(
      new URL(waiting.authorizationUrl!).searchParams.get('state'),
    );

    const landing = await fetch(redirect);
    const page = await landing.text();
    expect(landing.status).toBe(400);
    expect(page).toContain('<h1>Sign-in not completed</h1>');
    expect(page).not.toContain('Signed in');
    expect(page).toContain('did not exchange this code for a token');

    const after = await env.view();
    expect(after.status).toBe('failed');
    expect(after.steps.map((s) => [s.id, s.verdict]).slice(7)).toEqual([
      ['callback', 'pass'],
      ['token', 'fail'],
      ['authorized-request', 'pending'],
    ]);
    expect(after.token).toBeUndefined();
    expect(await fetch(redirect).then((r) => r.status)).toBe(400);
  });

  it('says the code was received, not "Signed in", when the token request is still a step away', async () => {
    running = await startOAuthBridge();
    const env = running;
    let view = await env.act('next');
    while (view.status !== 'waiting-for-browser') view = await env.act('next');
    const landing = await env.consent(view.authorizationUrl!);
    const page = await landing.text();
    expect(landing.status).toBe(200);
    expect(page).toContain('<h1>Code received</h1>');
    expect(page).not.toContain('Signed in');
    expect((await env.view()).status).toBe('paused');
    const done = await env.act('next');
    expect(done.steps.find((s) => s.id === 'token')?.verdict).toMatch(/pass|warn/);
  });

  it('"Clear OAuth state" forgets the tokens and reconnects without them', async () => {
    running = await startOAuthBridge();
    const env = running;
    const waiting = await env.act('run');
    await env.consent(waiting.authorizationUrl!);
    expect(await env.connected()).toBe(true);
    const cleared = await env.act('clear');
    expect(cleared.token).toBeUndefined();
    expect(await eventually(() => env.bridge.session.state?.state === 'failed', 10_000)).toBe(true);
  });
});
