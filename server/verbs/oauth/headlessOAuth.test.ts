import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OAuthFixture } from '../../../e2e/support/oauthFixture.js';
import { startCli } from '../../testSupport/cliProcess.js';
import { consentThrough } from '../../testSupport/consent.js';
import { startOAuthFixtureHere } from '../../testSupport/oauthFixture.js';

/**
 * The headless verbs' OAuth sign-in, as a terminal runs it: the built CLI as a process, against
 * oidc-provider (a real authorization server) and an MCP server that wants its tokens.
 */
// Each test runs the CLI once or twice, each run a sign-in: more than the default test time on a
// loaded machine.
describe('mcp-inspect <verb> against a server that wants OAuth', { timeout: 120_000 }, () => {
  let fixture: OAuthFixture;
  let folder: string;
  beforeAll(async () => {
    fixture = await startOAuthFixtureHere('auto-consent');
    folder = mkdtempSync(join(tmpdir(), 'mcp-inspect-headless-oauth-'));
  });
  afterAll(async () => {
    await fixture?.stop();
    rmSync(folder, { recursive: true, force: true });
  });

  it('without OAuth options, a 401 ends the verb with exit code 3 and says how to sign in', async (test) => {
    const cli = startCli(test, ['tools', '--url', fixture.mcpUrl]);
    expect(await cli.exited).toBe(3);
    expect(cli.output()).toMatch(/HTTP 401: .* needs authorization/);
    expect(cli.output()).toMatch(/WWW-Authenticate: Bearer .*resource_metadata=/);
    expect(cli.output()).toMatch(/sign in with --oauth/);
  });

  it('with --oauth-auto-consent, signs in, keeps the tokens in --oauth-store, and the next run reuses them', async (test) => {
    const store = join(folder, 'tokens.json');
    const first = startCli(test, [
      'call',
      'whoami',
      '--url',
      fixture.mcpUrl,
      '--oauth-auto-consent',
      '--oauth-store',
      store,
    ]);
    expect(await first.exited, first.output()).toBe(0);
    expect(first.output()).toMatch(/OAuth: the server needs authorization: signing in/);
    expect(first.output()).toMatch(new RegExp(`OAuth: signed in with ${fixture.issuer}`));
    // The tool saw the token's scope: the call went through with it.
    expect(first.output()).toMatch(/scopes: mcp:read/);
    expect(statSync(store).mode & 0o777).toBe(0o600);
    const kept = JSON.parse(readFileSync(store, 'utf8')) as {
      issuers: Record<string, { tokens: Record<string, { tokens: { access_token: string } }> }>;
    };
    expect(kept.issuers[fixture.issuer]?.tokens[fixture.mcpUrl]?.tokens.access_token).toBeTruthy();

    const second = startCli(test, ['call', 'whoami', '--url', fixture.mcpUrl, '--oauth-store', store]);
    expect(await second.exited, second.output()).toBe(0);
    expect(second.output()).toMatch(/scopes: mcp:read/);
    expect(second.output()).not.toMatch(/signing in|signed in/);
  });

  it('steps up when a tool needs more scope, and calls it again with the new token', async (test) => {
    const cli = startCli(test, [
      'call',
      'write_note',
      '--arg',
      'text=hello',
      '--url',
      fixture.mcpUrl,
      '--oauth-auto-consent',
    ]);
    expect(await cli.exited, cli.output()).toBe(0);
    expect(cli.output()).toMatch(/OAuth: the server needs more scope: authorizing again/);
    expect(cli.output()).toMatch(/noted: hello/);
  });

  it('without --oauth-auto-consent, prints the authorization page and waits for the redirect back', async (test) => {
    const cli = startCli(test, ['tools', '--url', fixture.mcpUrl, '--oauth']);
    const [, url] = await cli.waitForOutput(/OAuth: open this page to sign in: (\S+)/);
    const [, redirectUri] = await cli.waitForOutput(/waiting for the redirect back to (\S+?)…/);
    // A person's browser: it follows the page's redirects to the loopback callback.
    const callback = await consentThrough(url!, redirectUri!);
    const answer = await fetch(callback);
    expect(answer.status).toBe(200);
    expect(await answer.text()).toMatch(/Signed in/);
    expect(await cli.exited, cli.output()).toBe(0);
    expect(cli.output()).toMatch(/whoami/);
  });
});
