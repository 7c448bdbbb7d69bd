import { expect, inspector, test } from './support/test.js';

// With no command, mcp-inspect inspects its bundled demo server: the first thing a new user sees.

test('the demo server connects and lists its tools', async ({ page, cli }) => {
  const ui = inspector(page);
  await page.goto(cli.url);

  await expect(ui.connectionState).toHaveText('connected');
  await expect(page.getByLabel('Server identity')).toHaveText(/^mcp-inspect demo server\s+1\.0\.0$/);
  await expect(ui.tools.getByRole('option')).toHaveCount(16);
  await expect(ui.toolOption('Echo', 'echo')).toBeVisible();

  // The initialize result in full is one tab away.
  await page.getByRole('tab', { name: 'Server' }).click();
  await expect(ui.server.getByRole('heading', { level: 2 })).toHaveText(/^mcp-inspect demo server\s+1\.0\.0$/);
  await expect(ui.server).toContainText('2025-11-25');
  await expect(ui.server).toContainText('tools');
});

test('echo sends the message back', async ({ page, cli }) => {
  const ui = inspector(page);
  await page.goto(cli.url);

  await ui.pickTool('Echo', 'echo');
  await ui.run('{"message":"hello from e2e"}');

  await expect(ui.result).toContainText('hello from e2e');
});

test('a tool that fails shows a tool error with its text', async ({ page, cli }) => {
  const ui = inspector(page);
  await page.goto(cli.url);

  await ui.pickTool('Fail', 'fail');
  await ui.run('{"reason":"asked by e2e"}');

  await expect(ui.result.getByRole('heading')).toContainText('Tool error');
  await expect(ui.result).toContainText('Tool failed on purpose: asked by e2e');
});

test('arguments that are not a JSON object block Run and say why', async ({ page, cli }) => {
  const ui = inspector(page);
  await page.goto(cli.url);
  await ui.pickTool('Echo', 'echo');

  await ui.args.fill('{"message": ');
  await expect(ui.runButton).toBeDisabled();
  await expect(ui.args).toHaveAttribute('aria-invalid', 'true');
  await expect(ui.args).toHaveAccessibleDescription(/Not valid JSON/);
  await expect(ui.toolPanel('echo').getByRole('alert')).toContainText('Not valid JSON');

  await ui.args.fill('["hello"]');
  await expect(ui.runButton).toBeDisabled();
  await expect(ui.toolPanel('echo').getByRole('alert')).toHaveText('Arguments must be a JSON object');

  // Fixing the text gives the button back.
  await ui.args.fill('{"message":"fixed"}');
  await expect(ui.runButton).toBeEnabled();
  await expect(ui.toolPanel('echo').getByRole('alert')).toHaveCount(0);
});

test('Ctrl+Enter in the arguments runs the tool', async ({ page, cli }) => {
  const ui = inspector(page);
  await page.goto(cli.url);
  await ui.pickTool('Echo', 'echo');

  await ui.args.fill('{"message":"sent with the keyboard","uppercase":true}');
  await ui.args.press('Control+Enter');

  await expect(ui.result).toContainText('SENT WITH THE KEYBOARD');
});

test('the token leaves the address bar once the page has loaded', async ({ page, cli }) => {
  const ui = inspector(page);
  await page.goto(cli.url);

  await expect(ui.connectionState).toHaveText('connected');
  // Kept out of screenshots, bookmarks and history; sessionStorage keeps it for a reload.
  await expect(page).toHaveURL(`${cli.origin}/`);
  expect(page.url()).not.toContain(cli.token);
});
