import { expect, inspector, test } from './support/test.js';
import { fixtureStdio } from './support/servers.js';

// A stray print to stdout is the most common way a stdio server breaks its own transport.
test.use({ cliArgs: fixtureStdio('garbageStdout.mjs') });

test('a line on stdout that is not JSON-RPC is reported and the session survives', async ({ page, cli }) => {
  const ui = inspector(page);
  await page.goto(cli.url);

  await ui.pickTool('Emit garbage', 'emit_garbage');
  await ui.run();
  await expect(ui.result).toContainText('garbage sent');

  const line = ui.traffic.getByRole('row').filter({ hasText: 'this line is not JSON-RPC' });
  await expect(line).toContainText('transport error');

  await ui.pickTool('Ping me', 'ping_me');
  await ui.run();
  await expect(ui.result).toContainText('still alive');
  await expect(ui.connectionState).toHaveText('connected');
});
