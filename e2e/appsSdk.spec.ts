import { APP_TEST_TIMEOUT, APPS_SERVER, openCallApp } from './support/apps.js';
import { expect, inspector, test } from './support/test.js';
import { trafficPane } from './support/traffic.js';

// An app written with the ext-apps App SDK (e2e/fixtures/appsServer.mjs): every request an app can
// make of its host, each answered and shown, through the same rules as the person's own calls.

test.describe.configure({ timeout: APP_TEST_TIMEOUT });
test.use({ cliArgs: APPS_SERVER });

test('the tool list and the panel mark app tools; an app-only tool says so', async ({ page, cli }) => {
  const ui = inspector(page);
  await page.goto(cli.url);
  await page.getByLabel('Filter tools').fill('counter');
  await expect(ui.tools.getByRole('option', { name: 'sdk_counter has an MCP App' })).toBeVisible();
  await ui.tools.getByRole('option', { name: /counter_increment/ }).click();
  const panel = ui.toolPanel('counter_increment');
  await expect(panel.getByRole('list', { name: 'Capabilities' })).toContainText('app only');
  await expect(panel.getByRole('list', { name: 'Capabilities' })).toContainText(
    'MCP App: ui://fixture/counter.html',
  );
});

test('an SDK app gets its input, result and host context, and its requests are answered', async ({
  page,
  cli,
}) => {
  const traffic = trafficPane(page);
  const { app } = await openCallApp(page, cli.url, 'sdk_counter', { label: 'first' });
  await expect(app.status).toContainText('sdk-counter 2.0.0 · running');
  await expect(app.app.locator('#input')).toHaveText('input: {"label":"first"}');
  await expect(app.app.locator('#result')).toHaveText('result: {"label":"first","count":0}');
  await expect(app.app.locator('#context')).toHaveText(/theme=light mode=inline locale=\S+ width=\d+/);

  const out = app.app.locator('#out');
  // tools/call of an app-only tool: allowed, sent to the server, linked in the traffic.
  await app.app.getByRole('button', { name: 'Increment' }).click();
  await expect(out).toHaveText('increment ok {"count":2}');
  await traffic.search.fill('counter_increment');
  await expect(traffic.row('tools/call', 'for app #')).toHaveCount(1);
  await expect(traffic.row('app → host tools/call')).toHaveCount(1);
  await traffic.search.fill('');

  // A tool whose visibility leaves out apps is refused by the host, never sent.
  await app.app.getByRole('button', { name: 'Call a model-only tool' }).click();
  await expect(out).toContainText('model-only failed');
  await expect(out).toContainText('not visible to apps');
  await traffic.search.fill('model_only');
  await expect(traffic.row('tools/call', 'for app #')).toHaveCount(0);
  await expect(traffic.row('host → app error to tools/call')).toHaveCount(1);
  await traffic.search.fill('');

  // A tool that may be destructive asks the person first, as their own calls do.
  await app.app.getByRole('button', { name: 'Wipe' }).click();
  const dialog = page.getByRole('dialog', { name: 'Run wipe_things?' });
  await expect(dialog).toContainText('The app asks to run this tool.');
  await dialog.getByRole('button', { name: "Don't run" }).click();
  await expect(out).toContainText('wipe failed: The person declined');
  await app.app.getByRole('button', { name: 'Wipe' }).click();
  await dialog.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(out).toHaveText('wipe ok "wiped (not really)"');

  // resources/read through the host.
  await app.app.getByRole('button', { name: 'Read a resource' }).click();
  await expect(out).toHaveText('read ok "hello from a resource"');

  // Logging, a message, links (a bad one refused), a file offered, a display mode.
  await app.app.getByRole('button', { name: 'Log' }).click();
  await expect(app.log).toContainText('log warning (counter): a warning from the app');
  await app.app.getByRole('button', { name: 'Say hi' }).click();
  await expect(app.log).toContainText('message to the conversation: hi from the app');
  await app.app.getByRole('button', { name: 'Open a bad link' }).click();
  await expect(out).toContainText('bad-link failed');
  await app.app.getByRole('button', { name: 'Open docs' }).click();
  await expect(app.log.getByRole('button', { name: 'Open link' })).toHaveCount(1);
  await app.app.getByRole('button', { name: 'Download' }).click();
  const download = page.waitForEvent('download');
  await app.log.getByRole('button', { name: 'Save counter.txt' }).click();
  expect((await download).suggestedFilename()).toBe('counter.txt');

  // Host context changes reach the app.
  await app.control('Theme').selectOption('dark');
  await app.control('Locale').selectOption('de-DE');
  await app.control('Size').selectOption('tablet');
  await expect(app.app.locator('#context')).toHaveText('theme=dark mode=inline locale=de-DE width=768');

  // Picture-in-picture floats over the page: the app asks, the person's click switches.
  await app.app.getByRole('button', { name: 'Ask for pip' }).click();
  await expect(app.app.locator('#out')).toHaveText('pip ok {"mode":"inline"}');
  await app.view
    .getByRole('group', { name: 'App display request' })
    .getByRole('button', { name: 'Show it picture-in-picture' })
    .click();
  await expect(app.view).toHaveClass(/mode-pip/);
  await app.view.getByRole('button', { name: 'Back inline' }).click();

  // The app asks to be closed: it is told (ui/resource-teardown), then removed.
  await app.app.getByRole('button', { name: 'Close me' }).click();
  await expect(app.view.getByText('The app is closed.')).toBeVisible();
  await expect(app.log).toContainText('host: ui/resource-teardown');
  await app.view.getByRole('button', { name: 'Open the app again' }).click();
  await expect(app.app.locator('#result')).toHaveText(/result: /);
});

for (const era of ['modern', 'legacy'] as const) {
  test.describe(`under --era ${era}`, () => {
    test.use({ cliArgs: ['--era', era, ...APPS_SERVER] });

    test("an open app is told when the server's tool list changes", async ({ page, cli }) => {
      const { ui, app } = await openCallApp(page, cli.url, 'sdk_counter');
      await expect(app.status).toContainText('running');
      await expect(app.app.locator('#lists')).toHaveText('no list changes');
      await app.app.getByRole('button', { name: 'Add a tool' }).click();
      await expect(app.app.locator('#out')).toHaveText('add-tool ok "added added_1"');
      // The server's notifications/tools/list_changed reaches the app and the page's own list.
      await expect(app.app.locator('#lists')).toHaveText('tool list changed ×1');
      await expect(app.log).toContainText('host: notifications/tools/list_changed');
      await page.getByLabel('Filter tools').fill('added');
      await expect(ui.tools.getByRole('option', { name: /added_1/ })).toBeVisible();
    });
  });
}

test('a cancelled call is told to its app (ui/notifications/tool-cancelled)', async ({ page, cli }) => {
  const { ui, app } = await openCallApp(page, cli.url, 'slow_counter');
  await expect(app.app.locator('#input')).toHaveText('input: {}');
  await expect(app.app.locator('#result')).toHaveText('no result yet');
  await ui.call(1).getByRole('button', { name: 'Cancel call 1' }).click();
  await expect(app.app.locator('#result')).toHaveText(
    /^cancelled: Cancelled: the server was sent notifications\/cancelled/,
  );
  await expect(app.log).toContainText('host: ui/notifications/tool-cancelled');
});
