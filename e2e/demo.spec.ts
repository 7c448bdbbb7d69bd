import { expect, inspector, test } from './support/test.js';

// With no command, mcp-inspect inspects its bundled demo server: the first thing a new user sees.

test('the demo server connects and lists its tools', async ({ page, cli }) => {
  const ui = inspector(page);
  await page.goto(cli.url);

  await expect(ui.connectionState).toHaveText('connected');
  await expect(page.getByLabel('Server identity')).toHaveText(/^mcp-inspect demo server\s+1\.0\.0$/);
  await expect(page.getByText('21 tools', { exact: true })).toBeVisible();
  await expect(ui.toolOption('Echo', 'echo')).toBeVisible();

  // The initialize result in full is one tab away.
  await page.getByRole('tab', { name: 'Server' }).click();
  await expect(ui.server.getByRole('heading', { level: 2 })).toHaveText(
    /^mcp-inspect demo server\s+1\.0\.0$/,
  );
  await expect(ui.server).toContainText('2025-11-25');
  await expect(ui.server).toContainText('tools');
});

test('echo sends the message back, typed in its form', async ({ page, cli }) => {
  const ui = inspector(page);
  await page.goto(cli.url);

  await ui.pickTool('Echo', 'echo');
  await ui.form.getByRole('textbox', { name: 'message' }).fill('hello from e2e');
  await ui.runButton.click();

  await expect(ui.result).toContainText('hello from e2e');
});

test('a tool that fails shows a tool error with its text', async ({ page, cli }) => {
  const ui = inspector(page);
  await page.goto(cli.url);

  await ui.pickTool('Fail', 'fail');
  await ui.run({ reason: 'asked by e2e' });

  await expect(ui.result.getByRole('heading')).toContainText('Tool error');
  await expect(ui.result).toContainText('Tool failed on purpose: asked by e2e');
});

test('raw JSON that does not parse blocks Run and says where', async ({ page, cli }) => {
  const ui = inspector(page);
  await page.goto(cli.url);
  await ui.pickTool('Echo', 'echo');

  await ui.typeJson('{"message": }');
  await expect(ui.runButton).toBeDisabled();
  await expect(ui.toolPanel('echo').getByRole('alert')).toHaveText(
    'Not valid JSON at line 1, column 13: unexpected "}"',
  );

  await ui.typeJson('["hello"]');
  await expect(ui.runButton).toBeDisabled();
  await expect(ui.toolPanel('echo').getByRole('alert')).toHaveText('Arguments must be a JSON object');

  // Fixing the text gives the button back.
  await ui.typeJson('{"message":"fixed"}');
  await expect(ui.runButton).toBeEnabled();
  await expect(ui.toolPanel('echo').getByRole('alert')).toHaveCount(0);
  await ui.runButton.click();
  await expect(ui.result).toContainText('fixed');
});

test('Ctrl+Enter runs the tool, from the form and from the JSON editor', async ({ page, cli }) => {
  const ui = inspector(page);
  await page.goto(cli.url);
  await ui.pickTool('Echo', 'echo');

  await ui.form.getByRole('textbox', { name: 'message' }).fill('sent with the keyboard');
  await ui.form.getByRole('checkbox', { name: 'uppercase' }).check();
  await ui.form.getByRole('textbox', { name: 'message' }).press('Control+Enter');
  await expect(ui.result).toContainText('SENT WITH THE KEYBOARD');

  await ui.typeJson('{"message":"from json"}');
  await ui.args.press('Control+Enter');
  await expect(ui.calls).toHaveCount(2);
  await expect(ui.result).toContainText('from json');
});

test('the token leaves the address bar once the page has loaded', async ({ page, cli }) => {
  const ui = inspector(page);
  await page.goto(cli.url);

  await expect(ui.connectionState).toHaveText('connected');
  // Kept out of screenshots, bookmarks and history; sessionStorage keeps it for a reload.
  await expect(page).toHaveURL(`${cli.origin}/`);
  expect(page.url()).not.toContain(cli.token);
});
