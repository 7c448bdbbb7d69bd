import { afterEach, describe, expect, it } from 'vitest';
import { startOAuthBridge, type OAuthBridge } from '../testSupport/oauthBridge.js';

let running: OAuthBridge | undefined;
afterEach(async () => {
  await running?.stop();
  running = undefined;
});

const verdicts = (view: { steps: { id: string; verdict: string }[] }) =>
  Object.fromEntries(view.steps.map((s) => [s.id, s.verdict]));

describe('an authorization server that breaks a requirement is refused, and the step says which', () => {
  it('refuses a server that does not offer PKCE S256', async () => {
    running = await startOAuthBridge('no-s256');
    const view = await running.act('run');
    expect(view.status).toBe('failed');
    expect(verdicts(view)).toMatchObject({ 'as-metadata': 'pass', pkce: 'fail', registration: 'pending' });
    const pkce = view.steps.find((s) => s.id === 'pkce')!;
    expect(pkce.detail).toMatch(/must offer PKCE with S256/);
    expect(pkce.got).toBe('code_challenge_methods_supported: ["plain"]');
  });

  it('does not redeem a code whose iss is not the issuer (mix-up)', async () => {
    running = await startOAuthBridge('wrong-iss');
    const waiting = await running.act('run');
    const landing = await running.consent(waiting.authorizationUrl!);
    expect(landing.status).toBe(400);
    const view = await running.view();
    expect(view.status).toBe('failed');
    expect(verdicts(view)).toMatchObject({ callback: 'fail', token: 'pending' });
    const callback = view.steps.find((s) => s.id === 'callback')!;
    expect(callback.detail).toMatch(/iss must be http:\/\/127\.0\.0\.1:\d+; the code was not redeemed/);
    expect(callback.got).toBe('iss="http://127.0.0.1:1/another-issuer"');
    expect(view.steps.find((s) => s.id === 'token')!.exchanges).toEqual([]);
  });

  it('says what the registration endpoint answered when it refuses', async () => {
    running = await startOAuthBridge('registration-refused');
    const view = await running.act('run');
    expect(verdicts(view)).toMatchObject({ registration: 'fail', authorize: 'pending' });
    const registration = view.steps.find((s) => s.id === 'registration')!;
    expect(registration.got).toMatch(/^HTTP 401: .*invalid_token/);
    expect(registration.exchanges[0]).toMatchObject({ method: 'POST', status: 401 });
  });

  it('uses a pre-registered client instead of registering', async () => {
    running = await startOAuthBridge('registration-refused', {
      settings: { clientId: 'pre-registered', clientSecret: 'pre-registered-secret' },
    });
    const env = running;
    // Configured for OAuth: the 401 at start goes straight on to the authorization page.
    await expect.poll(async () => (await env.view()).status).toBe('waiting-for-browser');
    const view = await env.view();
    const registration = view.steps.find((s) => s.id === 'registration')!;
    expect(registration.exchanges).toEqual([]);
    expect(registration.facts).toContainEqual(['client_id', 'pre-registered']);
    expect(env.lines.some((line) => line.startsWith('OAuth: open this page to sign in: http'))).toBe(true);
    await env.consent(view.authorizationUrl!);
    await expect.poll(async () => (await env.view()).status).toBe('authorized');
    // The client secret went as HTTP Basic, masked like the rest.
    const token = (await env.view()).steps.find((s) => s.id === 'token')!.exchanges[0]!;
    expect(token.requestHeaders.authorization).toBe('Basic ••••••');
    expect(JSON.stringify(await env.view())).not.toContain('pre-registered-secret');
  });
});
