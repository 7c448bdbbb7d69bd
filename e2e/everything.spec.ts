import { expect, inspector, test } from './support/test.js';
import { EVERYTHING_STDIO } from './support/servers.js';

test.use({ cliArgs: EVERYTHING_STDIO });

test('server-everything: its tools are listed and echo and get-sum run from their forms', async ({
  page,
  cli,
}) => {
  const ui = inspector(page);
  await page.goto(cli.url);
  await expect(ui.toolOption('Echo Tool', 'echo')).toBeVisible();
  await expect(page.getByText(/^\d+ tools$/)).toBeVisible();

  await ui.pickTool('Echo Tool', 'echo');
  await ui.form.getByRole('textbox', { name: 'message' }).fill('hi from the form');
  await ui.runButton.click();
  await expect(ui.result).toContainText('Echo: hi from the form');

  await page.getByRole('searchbox', { name: 'Filter tools' }).fill('sum');
  await ui.pickTool('Get Sum Tool', 'get-sum');
  await ui.form.getByRole('spinbutton', { name: 'a' }).fill('2');
  await ui.form.getByRole('spinbutton', { name: 'b' }).fill('3.5');
  await ui.runButton.click();
  await expect(ui.result).toContainText('The sum of 2 and 3.5 is 5.5.');
});
