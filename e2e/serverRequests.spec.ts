import { expect, inspector, test } from './support/test.js';
import { EVERYTHING_STDIO } from './support/servers.js';
import { trafficPane } from './support/traffic.js';

// What a server asks of the page, answered by the person, against a server nobody here
// wrote: @modelcontextprotocol/server-everything registers its sampling, elicitation and
// roots tools only for a client that advertises those capabilities, so their presence
// already says the page advertises them.
test.use({
  cliArgs: EVERYTHING_STDIO,
});

test('a sampling request waits for the person, whose reply reaches the server', async ({ page, cli }) => {
  const ui = inspector(page);
  await page.goto(cli.url);
  await ui.runTool('trigger-sampling-request', { prompt: 'Say hi', maxTokens: 50 });

  await page.getByRole('tab', { name: 'Requests (1 waiting)' }).click();
  const request = page.getByRole('article', { name: 'Sampling request' });
  await expect(request).toContainText('Say hi');
  await expect(request).toContainText('50');
  await request.getByLabel('Reply text').fill('Hi from a human');
  await request.getByRole('button', { name: 'Send reply' }).click();
  await expect(page.getByRole('tab', { name: 'Requests', exact: true })).toBeVisible();

  await page.getByRole('tab', { name: 'Tools' }).click();
  await expect(ui.result).toContainText('Hi from a human');
  await expect(ui.result).toContainText('human-in-the-loop');
});

test('a rejected sampling request fails on the server side, and the page goes on', async ({ page, cli }) => {
  const ui = inspector(page);
  await page.goto(cli.url);
  await ui.runTool('trigger-sampling-request', { prompt: 'Say no', maxTokens: 10 });
  await page.getByRole('tab', { name: 'Requests (1 waiting)' }).click();
  await page.getByRole('button', { name: 'Reject' }).click();
  await page.getByRole('tab', { name: 'Tools' }).click();
  await expect(ui.result).toContainText('rejected');
  await ui.runTool('echo', { message: 'still responsive' });
  await expect(ui.result).toContainText('still responsive');
});

test('an elicitation can be declined', async ({ page, cli }) => {
  const ui = inspector(page);
  await page.goto(cli.url);
  await ui.runTool('trigger-elicitation-request');
  await page.getByRole('tab', { name: 'Requests (1 waiting)' }).click();
  const request = page.getByRole('article', { name: 'Elicitation request' });
  await expect(request).toContainText('elicitation/create (form)');
  await request.getByRole('button', { name: 'Decline' }).click();
  await page.getByRole('tab', { name: 'Tools' }).click();
  await expect(ui.result).toContainText(/decline/i);

  await ui.runTool('trigger-elicitation-request');
  await page.getByRole('tab', { name: 'Requests (1 waiting)' }).click();
  await request.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('tab', { name: 'Tools' }).click();
  await expect(ui.result).toContainText(/cancel/i);
});

test('roots come from the connection settings, and a change is announced', async ({ page, cli }) => {
  const ui = inspector(page);
  await page.goto(cli.url);
  await expect(ui.connectionState).toHaveText('connected');
  await page.getByRole('tab', { name: 'Connection' }).click();
  const roots = page.getByRole('region', { name: 'Roots' });
  await roots.getByRole('button', { name: 'Add root' }).click();
  await roots.getByLabel('Root 1 URI').fill('file:///tmp/e2e-project');
  await roots.getByLabel('Root 1 name').fill('e2e project');
  await roots.getByRole('button', { name: 'Save roots' }).click();

  await expect(trafficPane(page).row('notifications/roots/list_changed')).toHaveCount(1);

  await ui.runTool('get-roots-list');
  await expect(ui.result).toContainText('file:///tmp/e2e-project');

  await ui.tab('Connection');
  await roots.getByRole('button', { name: 'Remove root 1' }).click();
  await roots.getByRole('button', { name: 'Save roots' }).click();
  await expect(trafficPane(page).row('notifications/roots/list_changed')).toHaveCount(2);
  await ui.runTool('get-roots-list');
  await expect(ui.result).not.toContainText('file:///tmp/e2e-project');
});

test('log messages appear with their level, and the level can be set', async ({ page, cli }) => {
  await page.goto(cli.url);
  await inspector(page).runTool('toggle-simulated-logging');
  await page.getByRole('tab', { name: 'Logs' }).click();
  const panel = page.getByRole('region', { name: 'Server logs' });
  await panel.getByLabel('Server level (logging/setLevel)').selectOption('debug');
  const messages = page.getByRole('grid', { name: 'Log messages' }).getByRole('rowgroup').getByRole('row');
  await expect(messages.first()).toBeVisible({ timeout: 20_000 });
  await expect(panel.getByRole('alert')).toHaveCount(0);
});

test('ping shows the round trip', async ({ page, cli }) => {
  await page.goto(cli.url);
  await page.getByRole('tab', { name: 'Server' }).click();
  await page.getByRole('button', { name: 'Ping' }).click();
  await expect(page.getByLabel('Ping result')).toHaveText(/^pong in \d+\.\d ms$/);
});

test('an elicitation is answered through a form drawn from its requestedSchema', async ({ page, cli }) => {
  const ui = inspector(page);
  await page.goto(cli.url);
  await ui.runTool('trigger-elicitation-request');
  await page.getByRole('tab', { name: 'Requests (1 waiting)' }).click();
  const request = page.getByRole('article', { name: 'Elicitation request' });
  const form = request.getByRole('group', { name: 'Elicitation form' });
  await form
    .getByRole('textbox', { name: /^String/ })
    .first()
    .fill('Ada Lovelace');
  await request.getByRole('button', { name: 'Accept' }).click();
  await page.getByRole('tab', { name: 'Tools' }).click();
  await expect(ui.result).toContainText('Ada Lovelace');
  await expect(ui.result).toContainText(/accept/i);
});

test('a URL elicitation shows the address and opens it only when the person consents', async ({
  page,
  cli,
  context,
}) => {
  const ui = inspector(page);
  await page.goto(cli.url);
  const address = `${cli.origin}/consent-page-for-e2e`;
  await ui.runTool('trigger-url-elicitation', { url: address });
  await page.getByRole('tab', { name: 'Requests (1 waiting)' }).click();
  const request = page.getByRole('article', { name: 'Elicitation request' });
  await expect(request).toContainText('elicitation/create (URL)');
  await expect(request).toContainText(address);
  expect(context.pages()).toHaveLength(1);

  const opened = context.waitForEvent('page');
  await request.getByRole('button', { name: 'Open in a new tab' }).click();
  const tab = await opened;
  await tab.waitForURL(address);
  await page.getByRole('tab', { name: 'Tools' }).click();
  await expect(ui.result).toContainText(/accept/i);
});
