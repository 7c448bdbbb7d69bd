import { createHash, randomBytes } from 'node:crypto';
import { expect, inspector } from './support/test.js';
import { consentIn, consentInNewTab, oauthTest as test, oauthView, signIn } from './support/oauthTest.js';

const DISCOVERY = [
  [1, 'Challenge'],
  [2, 'Protected resource metadata'],
  [3, 'Authorization server metadata'],
  [4, 'Grant and proof of possession'],
  [5, 'PKCE S256 offered'],
  [6, 'Client registration'],
  [7, 'Authorization request'],
] as const;

test('signs in through consent, then steps up when a tool needs more scope', async ({
  page,
  inspectorUrl,
}) => {
  // Two sign-ins, each with a consent in a tab of its own, and two reconnections: on a busy
  // machine that alone can take most of the default 30 s.
  test.slow();
  await page.goto(inspectorUrl);
  const { banner, status, step, open } = oauthView(page);
  await expect(banner).toContainText('This server needs you to sign in');
  await banner.getByRole('button', { name: 'Sign in' }).click();
  await expect(status).toHaveText('Waiting for you in the browser');
  for (const [n, title] of DISCOVERY) await expect(step(n, title)).toHaveAccessibleName(/passed$/);
  const back = await consentInNewTab(page);
  await expect(back.getByRole('heading', { name: 'Signed in' })).toBeVisible();
  await back.close();

  // The page continues by itself: the bridge redeemed the code and reconnected, and the
  // person is back on the Tools tab they signed in from; the steps stay in the OAuth tab.
  await expect(page.getByRole('tab', { name: 'Tools' })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('tab', { name: 'OAuth' }).click();
  await expect(status).toHaveText('Signed in');
  await expect(step(10, 'Authorized request')).toHaveAccessibleName(/passed$/);
  await expect(page.getByRole('status', { name: 'Connection state' })).toHaveText(/connected/);
  // The token exchange is shown whole, its secrets masked.
  await open(step(9, 'Token request'));
  await expect(step(9, 'Token request').getByLabel('Request')).toContainText('code_verifier=%E2%80%A2');
  await expect(step(9, 'Token request').getByLabel('Response')).toContainText(
    /"access_token": "•+ #[0-9a-f]{4}"/,
  );
  const token = page.getByLabel('Token', { exact: true });
  await expect(token.getByText('mcp:read', { exact: true })).toBeVisible();

  // write_note needs notes:write: 403 insufficient_scope, and the bridge authorizes again.
  const ui = inspector(page);
  await ui.runTool('write_note', { text: 'hello' });
  await expect(banner).toContainText('Sign-in in progress');
  await page.getByRole('tab', { name: 'OAuth' }).click();
  await expect(step(1, 'Challenge')).toContainText('the server needs notes:write');
  await open(step(7, 'Authorization request'));
  await expect(step(7, 'Authorization request')).toContainText('mcp:read notes:write');
  (await consentInNewTab(page)).close();
  await expect(status).toHaveText('Signed in');
  await expect(token.getByText('mcp:read notes:write', { exact: true })).toBeVisible();
  // The bridge reconnects with the new token; once the page's client is back, the call goes through.
  await expect(async () => {
    await ui.runTool('write_note', { text: 'hello' });
    await expect(ui.result).toContainText('noted: hello', { timeout: 3_000 });
  }).toPass({ timeout: 20_000 });
});

test('does not say "Signed in" for a code from another authorization sent with the waiting state', async ({
  page,
  inspectorUrl,
}) => {
  await page.goto(inspectorUrl);
  const { banner, status, step } = oauthView(page);
  await banner.getByRole('button', { name: 'Sign in' }).click();
  await expect(status).toHaveText('Waiting for you in the browser');
  // The attacker's own authorization at the same server, with the link's client, redirect URI
  // and state, but a PKCE challenge of the attacker's: its code comes back with the state the
  // bridge waits for, and only the token request can tell.
  const link = page.getByRole('link', { name: 'Open the authorization page' }).first();
  const injected = new URL((await link.getAttribute('href'))!);
  const attackerVerifier = randomBytes(32).toString('base64url');
  injected.searchParams.set(
    'code_challenge',
    createHash('sha256').update(attackerVerifier).digest('base64url'),
  );
  const tab = await page.context().newPage();
  await tab.goto(injected.href);
  await consentIn(tab);
  await expect(tab.getByRole('heading', { name: 'Sign-in not completed' })).toBeVisible();
  await expect(tab.getByText('Signed in')).toHaveCount(0);
  await expect(tab.getByText('did not exchange this code for a token')).toBeVisible();
  await tab.close();

  await expect(status).toHaveText('The sign-in failed');
  await expect(step(8, 'Redirect back')).toHaveAccessibleName(/passed$/);
  await expect(step(9, 'Token request')).toHaveAccessibleName(/failed$/);
});

test('runs step by step', async ({ page, inspectorUrl }) => {
  await page.goto(inspectorUrl);
  await page.getByRole('tab', { name: 'OAuth' }).click();
  const { step } = oauthView(page);
  const next = page.getByRole('button', { name: 'Next step' });
  await next.click();
  await expect(step(1, 'Challenge')).toHaveAccessibleName(/passed$/);
  await expect(step(2, 'Protected resource metadata')).toHaveAccessibleName(/not run$/);
  await next.click();
  await expect(step(2, 'Protected resource metadata')).toHaveAccessibleName(/passed$/);
  await expect(step(3, 'Authorization server metadata')).toHaveAccessibleName(/not run$/);
  await expect(page.getByRole('button', { name: 'Run the remaining steps' })).toBeVisible();
});

test.describe('refresh', () => {
  test.use({ accessTtl: 3 });
  test('refreshes the access token before it expires', async ({ page, inspectorUrl }) => {
    await page.goto(inspectorUrl);
    await signIn(page);
    await expect(oauthView(page).step(11, /Refresh \(before expiry\)/.source)).toHaveAccessibleName(
      /passed$/,
      // Sign-in, the reconnect with the token, then the refresh at most 3 s later: 13 s here
      // when quiet, so room for a loaded machine.
      { timeout: 20_000 },
    );
    await expect(page.getByRole('status', { name: 'Connection state' })).toHaveText(/connected/);
  });
});

test.describe('a server without PKCE S256', () => {
  test.use({ scenario: 'no-s256' });
  test('is refused at the PKCE step, which says what it offered instead', async ({ page, inspectorUrl }) => {
    await page.goto(inspectorUrl);
    const { banner, status, step } = oauthView(page);
    await banner.getByRole('button', { name: 'Sign in' }).click();
    await expect(status).toHaveText('The sign-in failed');
    await expect(step(5, 'PKCE S256 offered')).toHaveAccessibleName(/failed$/);
    await expect(step(5, 'PKCE S256 offered')).toContainText('must offer PKCE with S256');
    await expect(step(5, 'PKCE S256 offered')).toContainText(
      'Got instead: code_challenge_methods_supported: ["plain"]',
    );
    await expect(step(6, 'Client registration')).toHaveAccessibleName(/not run$/);
  });
});

test.describe('a redirect with the wrong iss', () => {
  test.use({ scenario: 'wrong-iss' });
  test('is refused before the code is redeemed', async ({ page, inspectorUrl }) => {
    await page.goto(inspectorUrl);
    const { banner, status, step } = oauthView(page);
    await banner.getByRole('button', { name: 'Sign in' }).click();
    const back = await consentInNewTab(page);
    await expect(back.getByRole('heading', { name: 'Sign-in not completed' })).toBeVisible();
    await back.close();
    await expect(status).toHaveText('The sign-in failed');
    await expect(step(8, 'Redirect back')).toHaveAccessibleName(/failed$/);
    await expect(step(8, 'Redirect back')).toContainText('the code was not redeemed');
    await expect(step(8, 'Redirect back')).toContainText(
      'Got instead: iss="http://127.0.0.1:1/another-issuer"',
    );
    await expect(step(9, 'Token request')).toHaveAccessibleName(/not run$/);
  });
});

test.describe('a registration endpoint that refuses', () => {
  test.use({ scenario: 'registration-refused' });
  test('shows what it answered', async ({ page, inspectorUrl }) => {
    await page.goto(inspectorUrl);
    const { banner, step, open } = oauthView(page);
    await banner.getByRole('button', { name: 'Sign in' }).click();
    await expect(step(6, 'Client registration')).toHaveAccessibleName(/failed$/);
    await expect(step(6, 'Client registration')).toContainText(/Got instead: HTTP 401: .*invalid_token/);
    await open(step(6, 'Client registration'));
    await expect(step(6, 'Client registration').getByLabel('Request')).toContainText(
      '"application_type": "native"',
    );
  });
});

test.describe('an expired refresh token', () => {
  test.use({ scenario: 'expired-refresh', accessTtl: 4 });
  test('fails the refresh and asks to sign in again', async ({ page, inspectorUrl }) => {
    await page.goto(inspectorUrl);
    await signIn(page);
    const refresh = oauthView(page).step(11, /Refresh \(before expiry\)/.source);
    await expect(refresh).toHaveAccessibleName(/failed$/, { timeout: 10_000 });
    await expect(refresh).toContainText('signing in again is needed');
    await expect(refresh).toContainText(/Got instead: .*grant request is invalid/);
    await expect(page.getByText('The token endpoint must honour the refresh token')).toBeVisible();
  });
});
