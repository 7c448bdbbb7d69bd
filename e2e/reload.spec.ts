import { expect, inspector, test } from './support/test.js';

// A reload opens a new MCP client, and MCP allows one initialize per connection: the bridge
// has to give the new page a fresh run of the server.
test('after a reload the page reconnects and calls work again', async ({ page, cli }) => {
  const ui = inspector(page);
  await page.goto(cli.url);
  await ui.pickTool('Echo', 'echo');
  await ui.run('{"message":"before the reload"}');
  await expect(ui.result).toContainText('before the reload');

  await page.reload();

  await expect(ui.connectionState).toHaveText('connected');
  await expect(page.getByText('16 tools', { exact: true })).toBeVisible();
  await ui.pickTool('Echo', 'echo');
  await ui.run('{"message":"after the reload"}');
  await expect(ui.result).toContainText('after the reload');
});
