import { expect, inspector, test } from './support/test.js';
import { fixtureStdio } from './support/servers.js';

// Servers that cannot start or die: the page must say what happened, in the person's terms.

test.describe('a command that does not exist', () => {
  const command = 'definitely-not-a-real-command-xyz';
  test.use({ cliArgs: [command] });

  test('is reported on the page and in the terminal', async ({ page, cli }) => {
    const ui = inspector(page);
    await page.goto(cli.url);

    await expect(ui.connectionState).toHaveText('failed');
    await expect(ui.serverProblem).toContainText(`command not found: ${command}`);
    await expect(ui.tools).toHaveCount(0);
    expect(cli.output()).toContain(`command not found: ${command}`);
  });
});

test.describe('a server that exits while starting', () => {
  test.use({ cliArgs: fixtureStdio('exitAtStart.mjs') });

  test('shows its exit code and its last words on stderr', async ({ page, cli }) => {
    const ui = inspector(page);
    await page.goto(cli.url);

    await expect(ui.connectionState).toHaveText('exited with code 3');
    await expect(ui.serverProblem).toContainText('exited with code 3');
    await expect(ui.serverProblem).toContainText('Last lines on stderr');
    await expect(ui.serverProblem).toContainText('loading config…');
    await expect(ui.serverProblem).toContainText('fatal: config file missing');
  });
});

test.describe('a server that crashes during a call', () => {
  test.use({ cliArgs: fixtureStdio('crashOnCall.mjs') });

  test('shows the exit and its stderr, and Start again brings it back', async ({ page, cli }) => {
    const ui = inspector(page);
    // What the bridge sends the page: the server never answers the call, so the bridge must.
    const fromBridge: string[] = [];
    page.on('websocket', (socket) =>
      socket.on('framereceived', ({ payload }) => fromBridge.push(String(payload))),
    );
    await page.goto(cli.url);
    await ui.pickTool('Crash', 'crash');
    await ui.run();

    await expect(ui.connectionState).toHaveText('exited with code 7');
    await expect(ui.serverProblem).toContainText('exited with code 7');
    await expect(ui.serverProblem).toContainText('about to crash');
    // A record arrives alone or in a batch with the others of its turn (the exit, here).
    const records = fromBridge.flatMap((text) => {
      const envelope = JSON.parse(text) as { type: string; records?: unknown[] };
      return envelope.type === 'batch' ? (envelope.records ?? []) : [envelope];
    });
    expect(records).toContainEqual(
      expect.objectContaining({
        message: expect.objectContaining({
          error: expect.objectContaining({
            message: 'The MCP server exited with code 7 before it answered',
            data: expect.objectContaining({ exitCode: 7, stderrTail: ['about to crash'] }),
          }),
        }),
      }),
    );

    await ui.serverProblem.getByRole('button', { name: 'Start again' }).click();
    await expect(ui.connectionState).toHaveText('connected');
    await expect(ui.serverProblem).toHaveCount(0);
    await expect(ui.tools.getByRole('option')).toHaveCount(2);
    await ui.pickTool('Ping me', 'ping_me');
    await ui.run();
    await expect(ui.result).toContainText('still alive');
  });

  test('the interrupted call shows a JSON-RPC error naming the exit code', async ({ page, cli }) => {
    const ui = inspector(page);
    await page.goto(cli.url);
    await ui.pickTool('Crash', 'crash');
    await ui.run();

    // The error answer reaches the page just before the exit does: once the exit shows, the
    // Result is there or never will be.
    await expect(ui.connectionState).toHaveText('exited with code 7');
    await expect(ui.result.getByRole('heading')).toContainText('JSON-RPC error -32000', { timeout: 2_000 });
    await expect(ui.result).toContainText('exited with code 7');
  });
});
