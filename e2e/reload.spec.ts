import { expect, inspector, test } from './support/test.js';

// A reload opens a new MCP client, and MCP allows one initialize per connection: the bridge
// has to give the new page a fresh run of the server.
test('after a reload the page reconnects and calls work again', async ({ page, cli }) => {
  const ui = inspector(page);
  await page.goto(cli.url);
  await ui.pickTool('Echo', 'echo');
  await ui.form.getByRole('textbox', { name: 'message' }).fill('before the reload');
  await ui.runButton.click();
  await expect(ui.result).toContainText('before the reload');

  await page.reload();

  await expect(ui.connectionState).toHaveText('connected');
  await expect(page.getByText('21 tools', { exact: true })).toBeVisible();
  await ui.pickTool('Echo', 'echo');
  // The arguments typed before the reload are remembered.
  await expect(ui.form.getByRole('textbox', { name: 'message' })).toHaveValue('before the reload');
  await ui.form.getByRole('textbox', { name: 'message' }).fill('after the reload');
  await ui.runButton.click();
  await expect(ui.result).toContainText('after the reload');
});
