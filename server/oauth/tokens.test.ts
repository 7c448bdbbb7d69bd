import { statSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it, type ExpectStatic, type TestContext } from 'vitest';
import { startOAuthBridge, type OAuthBridge } from '../testSupport/oauthBridge.js';
import { TEST_TOKEN } from '../testSupport/bridges.js';
import { PageClient } from '../testSupport/pageClient.js';
import { scratchDir } from '../testSupport/scratchDir.js';

/**
 * A bridge and OAuth fixture for one test, stopped when it ends. The tests run side by side:
 * each spends most of its time waiting for a token to expire. Lifetimes leave the sign-in 4 s
 * before anything expires, on a busy machine with the other tests signing in meanwhile (with
 * 2 s, a sign-in was seen to fail its authorized request on an expired token).
 */
async function start(
  { onTestFinished }: TestContext,
  ...args: Parameters<typeof startOAuthBridge>
): Promise<OAuthBridge> {
  const env = await startOAuthBridge(...args);
  onTestFinished(() => env.stop());
  return env;
}

async function signIn(expect: ExpectStatic, env: OAuthBridge): Promise<void> {
  const waiting = await env.act('run');
  await env.consent(waiting.authorizationUrl!);
  await expect.poll(async () => (await env.view()).status).toBe('authorized');
  expect(await env.connected()).toBe(true);
}

const rows = async (env: OAuthBridge) => (await env.view()).steps.filter((s) => s.id.startsWith('extra-'));

describe.concurrent('tokens after the sign-in', () => {
  it('refreshes before the access token expires', async (context) => {
    const { expect } = context;
    const env = await start(context, 'ok', { accessTtl: 5 });
    await signIn(expect, env);
    const tokenRow = (await env.view()).steps.find((s) => s.id === 'token')!;
    const before = tokenRow.facts.find(([name]) => name === 'access_token')![1];
    await expect
      .poll(async () => (await rows(env)).map((s) => [s.title, s.verdict]), { timeout: 8_000 })
      .toContainEqual(['Refresh (before expiry)', 'pass']);
    const refresh = (await rows(env))[0]!;
    expect(refresh.exchanges[0]!.requestBody).toMatch(/grant_type=refresh_token/);
    expect(refresh.exchanges[0]!.requestBody).toMatch(/refresh_token=%E2%80%A2/);
    expect(refresh.exchanges[0]!.requestBody).toContain(`resource=${encodeURIComponent(env.fixture.mcpUrl)}`);
    expect((await env.view()).token!.accessToken).not.toBe(before);
  });

  it('refreshes on a 401 and reconnects', async (context) => {
    const { expect } = context;
    // This server does not say when its tokens expire: the bridge learns it from a 401.
    const env = await start(context, 'no-expires-in', { accessTtl: 4 });
    await signIn(expect, env);
    expect(await rows(env)).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 4_500));
    await env.bridge.session.restart();
    expect(env.bridge.session.state?.state).toBe('connected');
    expect((await rows(env)).map((s) => [s.title, s.verdict])).toEqual([['Refresh (after a 401)', 'pass']]);
  });

  it('says so when the refresh token has expired, and offers to sign in again', async (context) => {
    const { expect } = context;
    const env = await start(context, 'expired-refresh', { accessTtl: 5 });
    await signIn(expect, env);
    await expect
      .poll(async () => (await rows(env)).map((s) => s.verdict), { timeout: 8_000 })
      .toEqual(['fail']);
    const [failed] = await rows(env);
    expect(failed!.detail).toMatch(/refused, so signing in again is needed/);
    expect(failed!.got).toMatch(/invalid_grant|grant request is invalid/);
    const view = await env.view();
    expect(view.token).toBeUndefined();
  });

  it('steps up on insufficient_scope with the union of the scopes', async (context) => {
    const { expect } = context;
    const env = await start(context);
    await signIn(expect, env);
    const page = await PageClient.connect(env.bridge.port, TEST_TOKEN);
    await expect.poll(() => page.latestState?.state).toBe('connected');
    page.send({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } },
    });
    await page.waitFor((e) => e.type === 'frame' && (e.message as { id?: unknown }).id === 1);
    page.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    page.send({
      jsonrpc: '2.0',
      id: 2,
      method: 'tools/call',
      params: { name: 'write_note', arguments: { text: 'x' } },
    });
    await expect.poll(async () => (await env.view()).status, { timeout: 10_000 }).toBe('waiting-for-browser');
    const view = await env.view();
    expect(view.trigger).toMatch(/step-up/);
    expect(view.steps[0]!.facts).toContainEqual(['union to request', 'mcp:read notes:write']);
    // The client registered for the sign-in is the issuer's: reused, not registered again.
    expect(view.steps.find((s) => s.id === 'registration')!.exchanges).toEqual([]);
    expect(new URL(view.authorizationUrl!).searchParams.get('scope')).toBe('mcp:read notes:write');
    await env.consent(view.authorizationUrl!);
    await expect.poll(async () => (await env.view()).token?.scopes).toEqual(['mcp:read', 'notes:write']);
    // The traffic pane (and so its export) saw the bearer go out, masked; the terminal never saw it.
    const issuer = env.bridge.oauth.store.issuerFor(env.fixture.mcpUrl)!;
    const used = env.bridge.oauth.store.tokens(issuer, env.fixture.mcpUrl)!.tokens;
    const traffic = JSON.stringify(page.received);
    expect(traffic).toContain('"authorization":"Bearer ••••••"');
    for (const secret of [used.access_token, used.refresh_token!]) {
      expect(traffic).not.toContain(secret);
      expect(env.lines.join('\n')).not.toContain(secret);
    }
    page.ws.close();
  });

  it('keeps tokens in a file readable by the user only, when asked, keyed by issuer', async (context) => {
    const { expect } = context;
    const file = join(scratchDir('oauth'), 'tokens.json');
    const running = await start(context, 'ok', { settings: { storeFile: file } });
    await signIn(expect, running);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const saved = JSON.parse(readFileSync(file, 'utf8')) as {
      issuers: Record<string, { tokens: Record<string, unknown> }>;
    };
    expect(Object.keys(saved.issuers)).toEqual([running.fixture.issuer]);
    expect(Object.keys(saved.issuers[running.fixture.issuer]!.tokens)).toEqual([running.fixture.mcpUrl]);
    expect((await running.view()).token!.persisted).toBe(true);
  });
});
