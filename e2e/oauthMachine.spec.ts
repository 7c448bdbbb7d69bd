import { startGrantServer, type GrantServer } from '../server/testSupport/grantServer.js';
import { oauthView } from './support/oauthTest.js';
import { expect, inspector, test as base } from './support/test.js';

// A sign-in without a browser from the OAuth tab: client_credentials against a real authorization
// server that requires DPoP with nonces (server/testSupport/grantServer.ts checks every proof by
// its own code). The person types the client's secret once; it goes to the bridge and nowhere else.

const SECRET = 'typed-in-the-page-never-kept';

const test = base.extend<{ grant: GrantServer }>({
  // Playwright reads a fixture's dependencies from this pattern: an empty one is its idiom.
  // eslint-disable-next-line no-empty-pattern
  grant: async ({}, use) => {
    const server = await startGrantServer({
      grants: ['client_credentials'],
      authMethods: ['client_secret_basic'],
      client: { id: 'machine', secret: SECRET },
      dpop: { nonce: true },
    });
    try {
      await use(server);
    } finally {
      await server.stop();
    }
  },
  cliArgs: async ({ grant }, use) => {
    await use(['--url', grant.mcpUrl]);
  },
});

test('signs in with client credentials from the page; DPoP proofs shown step by step', async ({
  page,
  cli,
}) => {
  test.slow();
  await page.goto(cli.url);
  await page.getByRole('tab', { name: 'OAuth' }).click();
  const { status, step, open } = oauthView(page);
  await page.getByText('Sign in without a browser (client credentials').click();
  const form = page.getByRole('form', { name: 'Sign in without a browser' });
  await form.getByLabel('Client ID').fill('machine');
  await form.getByRole('textbox', { name: 'Client secret' }).fill(SECRET);
  await form.getByRole('button', { name: 'Sign in without a browser' }).click();
  await expect(status).toHaveText('Signed in');
  // The field is emptied once sent; the summary says a secret is set, never which.
  await expect(form.getByRole('textbox', { name: 'Client secret' })).toHaveValue('');
  await expect(form.getByRole('textbox', { name: 'Client secret' })).toHaveAttribute(
    'placeholder',
    'set (type to replace)',
  );

  const token = page.getByLabel('Token', { exact: true });
  await expect(token).toContainText(/DPoP, bound to the key [\w-]{43} \(cnf\.jkt\)/);
  await expect(step(4, 'Grant and proof of possession')).toHaveAccessibleName(/passed/);
  const tokenStep = page.getByRole('listitem', { name: /Token request, passed/ });
  await open(tokenStep);
  // The first proof has no nonce; the server answers use_dpop_nonce and the retry carries it.
  const proofs = tokenStep.getByRole('definition').filter({ hasText: 'as-nonce-for-tests' });
  await expect(proofs).toHaveCount(1);
  await expect(tokenStep.getByLabel('DPoP proof').first()).toContainText('(none)');
  await expect(tokenStep.getByLabel('Request').first()).toContainText('grant_type=client_credentials');
  await expect(tokenStep.getByLabel('Request').first()).toContainText('Basic ••••••');

  // The bridge reconnected with the bound token: a call reaches the server as the machine client.
  await page.getByRole('tab', { name: 'Tools' }).click();
  const ui = inspector(page);
  await expect(async () => {
    await ui.runTool('whoami', {});
    await expect(ui.result).toContainText('client: machine', { timeout: 3_000 });
  }).toPass({ timeout: 20_000 });

  // The secret is nowhere the page keeps or shows anything.
  const kept = await page.evaluate(() => JSON.stringify({ ...localStorage, ...sessionStorage }));
  expect(kept).not.toContain(SECRET);
  expect(await page.content()).not.toContain(SECRET);
});
