import { expect, inspector, serverForTests, test } from './support/test.js';
import { fixtureStdio, startHttpFixture } from './support/servers.js';

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
    await expect.poll(() => cli.output()).toContain(`command not found: ${command}`);
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

test.describe('a URL server whose error page is 20 MB', () => {
  const server = serverForTests(() => startHttpFixture('hostileHttp.mjs', ['--attack', 'error-20mb']));

  test('the call fails with the head of the error, and the page stays responsive', async ({ page, cli }) => {
    const ui = inspector(page);
    let largestFrame = 0;
    page.on('websocket', (socket) =>
      socket.on('framereceived', ({ payload }) => (largestFrame = Math.max(largestFrame, payload.length))),
    );
    await page.goto(cli.url);
    await ui.connectToUrl(server.url());
    await expect(ui.connectionState).toHaveText('connected');
    const result = await ui.runTool('attack');
    await expect(result).toContainText('<h1>Internal Server Error</h1>');
    await expect(result).toContainText(
      '[cut by mcp-inspect: only the first 4096 bytes of this answer were read]',
    );
    // What reached the page is the head, not the megabytes; the page goes on as usual.
    expect(largestFrame).toBeLessThan(64 * 1024);
    await ui.runTool('echo', { message: 'after the flood' });
    await expect(ui.result).toContainText('after the flood');
    expect(
      Math.max(
        ...cli
          .output()
          .split('\n')
          .map((line) => line.length),
      ),
    ).toBeLessThan(16 * 1024);
  });
});

test.describe('a URL server that never answers a call', () => {
  const server = serverForTests(() => startHttpFixture('hostileHttp.mjs', ['--attack', 'silent']));

  test('fails it after the request timeout set in the connection settings, which the target keeps', async ({
    page,
    cli,
  }) => {
    const ui = inspector(page);
    await page.goto(cli.url);
    await page.getByRole('tab', { name: 'Connection', exact: true }).click();
    await ui.settings.getByRole('radio', { name: /URL/ }).check();
    await ui.settings.getByLabel('URL', { exact: true }).fill(server.url());
    await expect(ui.settings.getByLabel('Request timeout (s)')).toHaveAttribute('placeholder', '300');
    await ui.settings.getByLabel('Request timeout (s)').fill('1');
    await expect(page.getByLabel('Exported server entry')).toContainText('"request": 1');
    await ui.settings.getByRole('button', { name: 'Connect' }).click();
    await expect(ui.connectionState).toHaveText('connected');

    const result = await ui.runTool('attack');
    await expect(result).toContainText(`no answer from ${server.url()} within 1 s to a POST`);
    await ui.runTool('echo', { message: 'still answering' });
    await expect(ui.result).toContainText('still answering');
    await page.getByRole('tab', { name: 'Connection', exact: true }).click();
    await ui.settings.getByRole('button', { name: 'Reset to current target' }).click();
    await expect(ui.settings.getByLabel('Request timeout (s)')).toHaveValue('1');
  });
});
