import { fixturePath } from './support/cli.js';
import { expect, inspector, test } from './support/test.js';

// A stray print to stdout is the most common way a stdio server breaks its own transport.
test.use({ cliArgs: [process.execPath, fixturePath('garbageStdout.mjs')] });

test('a line on stdout that is not JSON-RPC is reported and the session survives', async ({ page, cli }) => {
  const ui = inspector(page);
  await page.goto(cli.url);

  await ui.pickTool('Emit garbage', 'emit_garbage');
  await ui.runConfirmed('{}');
  await expect(ui.result).toContainText('garbage sent');

  const line = ui.traffic.getByRole('row').filter({ hasText: 'this line is not JSON-RPC' });
  await expect(line).toContainText('transport error');

  await ui.pickTool('Ping me', 'ping_me');
  await ui.runConfirmed('{}');
  await expect(ui.result).toContainText('still alive');
  await expect(ui.connectionState).toHaveText('connected');
});
