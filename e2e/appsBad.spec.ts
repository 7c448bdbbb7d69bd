import { APP_TEST_TIMEOUT, APPS_SERVER, appView, openCallApp } from './support/apps.js';
import { expect, inspector, test } from './support/test.js';
import { trafficPane } from './support/traffic.js';

// Apps that go wrong: each says why where the person looks (the app's area), and the rest of the
// page carries on (the next call's app works).

test.describe.configure({ timeout: APP_TEST_TIMEOUT });
test.use({ cliArgs: APPS_SERVER });

/** How long the page waits for an app's side of the handshake (appSession's STALL_MS): moved on, not waited. */
const HANDSHAKE_PATIENCE_MS = 8_000;

test('an app resource that is not an MCP App, or not there, says why', async ({ page, cli }) => {
  const ui = inspector(page);
  await page.goto(cli.url);
  await ui.runTool('wrong_mime');
  await expect(appView(page, ui.call(1)).problem).toContainText(
    'mimeType "text/html"; MCP Apps must be text/html;profile=mcp-app',
  );
  await expect(ui.call(1).getByRole('region', { name: 'Result', exact: true })).toContainText('shown');

  await ui.runTool('missing_app');
  await expect(appView(page, ui.call(2)).problem).toContainText(
    'resources/read of ui://fixture/missing.html failed',
  );

  // The page is unaffected: another app runs.
  await ui.runTool('sdk_counter');
  await expect(appView(page, ui.call(3)).status).toContainText('running');
});

test('an app that throws is shown with its error, and its missing handshake after a while', async ({
  page,
  cli,
}) => {
  await page.clock.install();
  const { app } = await openCallApp(page, cli.url, 'throwing_app');
  await expect(app.log).toContainText('uncaught error: Uncaught TypeError: the app broke on purpose');
  await expect(app.status).toContainText('1 problem');
  await page.clock.fastForward(HANDSHAKE_PATIENCE_MS);
  await expect(app.problem).toContainText('The app has not sent ui/initialize');
});

test('an app that never answers the handshake is called stuck', async ({ page, cli }) => {
  await page.clock.install();
  const { app } = await openCallApp(page, cli.url, 'silent_app');
  await expect(app.status).toContainText('waiting for ui/initialize');
  await expect(app.problem).toHaveCount(0);
  await page.clock.fastForward(HANDSHAKE_PATIENCE_MS);
  await expect(app.problem).toContainText('never started its side of the handshake');
});

test('malformed messages are shown and a readable request id gets -32600', async ({ page, cli }) => {
  const traffic = trafficPane(page);
  const { app } = await openCallApp(page, cli.url, 'garbage_app');
  await expect(app.log).toContainText('malformed message: not JSON-RPC: a string');
  await expect(app.log).toContainText('malformed message: not JSON-RPC: no "jsonrpc": "2.0"');
  await expect(app.log).toContainText('malformed message: invalid JSON-RPC');
  await expect(app.app.locator('body')).toHaveAttribute('data-answer', /-32600/);
  await traffic.kind('App messages').click();
  await expect(traffic.row('malformed message')).toHaveCount(3);
});
