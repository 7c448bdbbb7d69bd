import { routeBridgeSocket } from './support/bridgeSocket.js';
import { startCli } from './support/cli.js';
import { expect, inspector, test } from './support/test.js';
import { trafficPane } from './support/traffic.js';

// The page's one WebSocket to the bridge: what the person sees when it drops, when the bridge
// dies or stays away, and when another tab takes the session.

// Legacy, where the bridge starts a fresh run for a page that comes back (its run saw an initialize);
// the modern era keeps the run, and the page makes itself a new client for it (the test below).
test.describe('in the legacy era', () => {
  test.use({ cliArgs: ['--era', 'legacy'] });

  test('a dropped connection is said, retried, and the session goes on', async ({ page, cli }) => {
    const ui = inspector(page);
    const socket = await routeBridgeSocket(page);
    await page.goto(cli.url);
    await expect(ui.connectionState).toHaveText('connected');

    socket.refuse(true);
    await socket.drop();
    await expect(ui.connectionState).toHaveText('bridge disconnected');
    await expect(ui.bridgeProblem).toContainText('Lost the connection to mcp-inspect');
    await expect(ui.bridgeProblem).toContainText(/Reconnecting \(attempt \d+\)…/);

    socket.refuse(false);
    await expect(ui.connectionState).toHaveText('connected');
    await expect(ui.bridgeProblem).toHaveCount(0);
    await expect(trafficPane(page).row('The page reconnected to mcp-inspect')).toHaveCount(1);
    await ui.runTool('echo', { message: 'after the drop' });
    await expect(ui.result).toContainText('after the drop');
  });

  test('past its retry budget the page gives up and says what to check; Try again reconnects', async ({
    page,
    cli,
  }) => {
    // A minute of retries stepped a second at a time: 20 s alone on a quiet machine.
    test.slow();
    const ui = inspector(page);
    const socket = await routeBridgeSocket(page);
    // The page retries once a second for a minute: its clock is moved on instead of waited for.
    await page.clock.install();
    await page.goto(cli.url);
    await expect(ui.connectionState).toHaveText('connected');

    socket.refuse(true);
    await socket.drop();
    const gaveUp = ui.bridgeProblem.getByText('The bridge is not answering.');
    await expect
      .poll(
        async () => {
          await page.clock.fastForward(1_000);
          return gaveUp.isVisible();
        },
        { timeout: 60_000, intervals: [20] },
      )
      .toBe(true);
    await expect(ui.bridgeProblem).toContainText('Is mcp-inspect still running in your terminal?');
    await expect(ui.bridgeProblem).not.toContainText('Reconnecting');
    await expect(ui.connectionState).toHaveText('bridge disconnected');

    socket.refuse(false);
    await ui.bridgeProblem.getByRole('button', { name: 'Try again' }).click();
    await expect(ui.connectionState).toHaveText('connected');
    await expect(ui.bridgeProblem).toHaveCount(0);
    await ui.runTool('echo', { message: 'after trying again' });
    await expect(ui.result).toContainText('after trying again');
  });
});

// In the modern era there is no initialize, so the bridge keeps the run for the page that comes
// back; the page must make a new MCP client for the run its lost socket closed (it once stayed
// "initializing…" until reloaded).
test('under auto (modern era) a dropped connection is retried and the session goes on', async ({
  page,
  cli,
}) => {
  const ui = inspector(page);
  const socket = await routeBridgeSocket(page);
  await page.goto(cli.url);
  await expect(page.getByRole('banner').getByLabel('Protocol era')).toHaveText('modern · 2026-07-28');
  await socket.drop();
  await expect(trafficPane(page).row('The page reconnected to mcp-inspect')).toHaveCount(1);
  await expect(ui.connectionState).toHaveText('connected');
  await ui.runTool('echo', { message: 'after the drop' });
  await expect(ui.result).toContainText('after the drop');
});

test('when the bridge dies the page says so and keeps retrying', async ({ page, cli }) => {
  const ui = inspector(page);
  await page.goto(cli.url);
  await expect(ui.connectionState).toHaveText('connected');

  // Killed, not stopped: a bridge that shuts down says goodbye, and the page does not retry.
  await cli.kill();
  await expect(ui.connectionState).toHaveText('bridge disconnected');
  await expect(ui.bridgeProblem).toContainText('Lost the connection to mcp-inspect');
  await expect(ui.bridgeProblem).toContainText(/Reconnecting \(attempt [2-9]\)…/);
});

test('a bridge stopped with Ctrl-C says so, and the page does not retry', async ({ page, cli }) => {
  const ui = inspector(page);
  await page.goto(cli.url);
  await expect(ui.connectionState).toHaveText('connected');
  await cli.stop();
  await expect(ui.bridgeProblem).toContainText('mcp-inspect is shutting down');
  await expect(ui.bridgeProblem).not.toContainText('Reconnecting');
});

// A bridge started again (same port and token) numbers its server runs from 1 again; the page,
// whose run 1 of the old bridge closed with the socket, makes a new client for the new run 1
// (it once stayed "initializing…" until reloaded).
test('a bridge started again in the terminal is picked up by the open page', async ({ page, cli }) => {
  const ui = inspector(page);
  await page.goto(cli.url);
  await expect(ui.connectionState).toHaveText('connected');
  await cli.kill();
  await expect(ui.bridgeProblem).toContainText(/Reconnecting \(attempt \d+\)…/);

  const again = await startCli([], { port: cli.port, token: cli.token });
  try {
    await expect(ui.connectionState).toHaveText('connected');
    await expect(ui.bridgeProblem).toHaveCount(0);
    await ui.runTool('echo', { message: 'after the bridge came back' });
    await expect(ui.result).toContainText('after the bridge came back');
  } finally {
    await again.stop();
  }
});

test('a second tab takes the session over; the first says so and stops retrying', async ({
  page,
  cli,
  context,
}) => {
  const first = inspector(page);
  await page.goto(cli.url);
  await expect(first.connectionState).toHaveText('connected');

  const secondPage = await context.newPage();
  const second = inspector(secondPage);
  await secondPage.goto(cli.url);
  await expect(second.connectionState).toHaveText('connected');

  await expect(first.bridgeProblem).toContainText('Lost the connection to mcp-inspect');
  await expect(first.bridgeProblem).toContainText('Another page took over this session');
  await expect(first.connectionState).toHaveText('bridge disconnected');
  await expect(first.bridgeProblem).not.toContainText('Reconnecting');
  await expect(page.getByRole('button', { name: 'Restart' })).toBeDisabled();

  await second.runTool('echo', { message: 'from the second tab' });
  await expect(second.result).toContainText('from the second tab');
  // The first tab did not take it back meanwhile.
  await expect(first.bridgeProblem).toContainText('Another page took over this session');
  await expect(second.connectionState).toHaveText('connected');
});
