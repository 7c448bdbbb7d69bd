import { expect, inspector, test } from './support/test.js';
import { fixtureStdio } from './support/servers.js';

test.use({ cliArgs: fixtureStdio('serverAsks.mjs') });

test('a malformed elicitation is shown with what is wrong, and can be declined', async ({ page, cli }) => {
  const ui = inspector(page);
  await page.goto(cli.url);
  await ui.runTool('ask_malformed');
  await page.getByRole('tab', { name: 'Requests (1 waiting)' }).click();
  const request = page.getByRole('article', { name: 'Malformed elicitation request' });
  await expect(request).toContainText('Pick a colour');
  await expect(request).toContainText('does not follow the MCP schema');
  await request.getByRole('button', { name: 'Decline' }).click();
  await page.getByRole('tab', { name: 'Tools' }).click();
  await expect(ui.result).toContainText('the person answered: decline');
});

test('a request nobody answers blocks nothing else', async ({ page, cli }) => {
  const ui = inspector(page);
  await page.goto(cli.url);
  await ui.runTool('ask_unanswered');
  await expect(page.getByRole('tab', { name: 'Requests (1 waiting)' })).toBeVisible();
  await ui.runTool('ping_me');
  await expect(ui.result.filter({ hasText: 'still alive' })).toBeVisible();
  await page.getByRole('tab', { name: 'Requests (1 waiting)' }).click();
  await expect(page.getByRole('article', { name: 'Sampling request' })).toContainText('hello?');
});
