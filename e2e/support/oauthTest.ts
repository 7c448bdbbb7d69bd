import type { Locator, Page } from '@playwright/test';
import { startOAuthFixture, type OAuthFixture, type OAuthScenario } from './oauthFixture.js';
import { expect, test } from './test.js';

interface OAuthFixtures {
  /** How the authorization server misbehaves, if at all. */
  scenario: OAuthScenario;
  /** Lifetime of its access tokens, in seconds. */
  accessTtl: number;
  /** The authorization server and the MCP server behind it, in a child process. */
  server: OAuthFixture;
  /** The page's link of an mcp-inspect pointed at that MCP server. */
  inspectorUrl: string;
}

/**
 * Servers behind OAuth: a real authorization server (oidc-provider) in front of an MCP server
 * written with SDK v2 that requires its tokens, and this test's own mcp-inspect on it.
 */
export const oauthTest = test.extend<OAuthFixtures>({
  scenario: ['ok', { option: true }],
  accessTtl: [3600, { option: true }],
  server: async ({ scenario, accessTtl }, use) => {
    const server = await startOAuthFixture(scenario, { accessTtl });
    try {
      await use(server);
    } finally {
      await server.stop();
    }
  },
  cliArgs: async ({ server }, use) => {
    await use(['--url', server.mcpUrl]);
  },
  inspectorUrl: async ({ cli }, use) => {
    await use(cli.url);
  },
});

/** The guided view and the banner, found by role and name. */
export function oauthView(page: Page) {
  return {
    banner: page.getByRole('alert', { name: 'Authorization needed' }),
    status: page.getByRole('status', { name: 'OAuth status' }),
    step: (n: number, title: string): Locator =>
      page.getByRole('listitem', { name: new RegExp(`^Step ${n}: ${title}, `) }),
    /** Opens a step's requirement, findings and HTTP exchanges. */
    async open(step: Locator): Promise<void> {
      await step.getByText('Requirement, findings and HTTP').click();
    },
  };
}

/** In the tab the link opens: oidc-provider's sign-in and consent pages, as a person fills them. */
export async function consentInNewTab(page: Page): Promise<Page> {
  const link = page.getByRole('link', { name: 'Open the authorization page' }).first();
  const [tab] = await Promise.all([page.waitForEvent('popup'), link.click()]);
  await consentIn(tab);
  return tab;
}

/** In a tab at oidc-provider's sign-in or consent page: signs in as needed and consents. */
export async function consentIn(tab: Page): Promise<void> {
  const login = tab.locator('input[name=login]');
  const consent = tab.getByRole('button', { name: 'Continue' });
  await expect(login.or(consent)).toBeVisible();
  if (await login.isVisible()) {
    await login.fill('ada');
    await tab.locator('input[name=password]').fill('any');
    await tab.getByRole('button', { name: 'Sign-in' }).click();
  }
  await consent.click();
}

/** From the banner's "Sign in" through consent, back to a signed-in page. */
export async function signIn(page: Page): Promise<void> {
  const { banner, status } = oauthView(page);
  await banner.getByRole('button', { name: 'Sign in' }).click();
  await expect(status).toHaveText('Waiting for you in the browser');
  const back = await consentInNewTab(page);
  await expect(back.getByRole('heading', { name: 'Signed in' })).toBeVisible();
  await back.close();
  // Signed in, the page goes back to the tab the sign-in started from; the steps are a tab away.
  await expect(page.getByRole('tab', { name: 'OAuth' })).toHaveAttribute('aria-selected', 'false');
  await page.getByRole('tab', { name: 'OAuth' }).click();
  await expect(status).toHaveText('Signed in');
}
