import { expect, inspector, test } from './support/test.js';

// The bridge can run commands as the user, so the page and its API need the printed token.

test('without a token the page asks for the link printed in the terminal', async ({ page, cli }) => {
  const ui = inspector(page);
  await page.goto(cli.origin);

  const access = page.getByRole('alert', { name: 'Access' });
  await expect(access).toContainText('Open the link that mcp-inspect printed in your terminal');
  await expect(ui.tools).toHaveCount(0);
  await expect(ui.connectionState).toHaveCount(0);
});

test('a wrong token is said to be not valid', async ({ page, cli }) => {
  const ui = inspector(page);
  await page.goto(`${cli.origin}/#token=wrong`);

  const access = page.getByRole('alert', { name: 'Access' });
  await expect(access).toContainText('token is not valid');
  await expect(access).toContainText('Open the link printed in your terminal');
  await expect(ui.tools).toHaveCount(0);
});

test('the HTTP API answers only with the token', async ({ request, cli }) => {
  const url = `${cli.origin}/api/session`;

  expect((await request.get(url)).status()).toBe(401);
  expect((await request.get(url, { headers: { Authorization: 'Bearer wrong' } })).status()).toBe(401);

  const response = await request.get(url, { headers: { Authorization: `Bearer ${cli.token}` } });
  expect(response.status()).toBe(200);
  expect(await response.json()).toMatchObject({ target: { kind: 'stdio', demo: true } });
  // The WebSocket upgrade cannot be made from `request`; the bridge's unit tests cover it.
});
