import { APP_TEST_TIMEOUT, appView, openCallApp } from './support/apps.js';
import { expect, inspector, test } from './support/test.js';
import { trafficPane } from './support/traffic.js';

// The demo server's MCP App (weather_dashboard), written with the ext-apps App SDK and shipped in
// the package: opened after a call, talking to the host, and reacting to the host context.

test.describe.configure({ timeout: APP_TEST_TIMEOUT });
test('a call opens the tool’s app with its input and result; the read and the handshake are in the traffic', async ({
  page,
  cli,
}) => {
  const ui = inspector(page);
  const traffic = trafficPane(page);
  await page.goto(cli.url);

  await page.getByLabel('Filter tools').fill('weather');
  await expect(
    ui.tools.getByRole('option', { name: /Weather dashboard \(MCP App\) has an MCP App/ }),
  ).toBeVisible();
  await ui.runTool('weather_dashboard', { city: 'Paris', days: 3 });
  await expect(
    ui.toolPanel('weather_dashboard').getByText('MCP App: ui://mcp-inspect-demo/weather-dashboard.html'),
  ).toBeVisible();

  const app = appView(page, ui.call(1));
  await expect(app.status).toContainText('mcp-inspect demo weather 1.0.0 · running');
  await expect(app.app.getByRole('heading', { name: 'Weather in Paris' })).toBeVisible();
  await expect(app.app.getByRole('list', { name: 'Forecast' }).getByRole('listitem')).toHaveCount(3);

  await expect(traffic.row('resources/read', 'request')).toHaveCount(1);
  await expect(traffic.row('app → host ui/initialize')).toHaveCount(1);
  await expect(traffic.row('host → app ui/notifications/tool-input')).toHaveCount(1);
  await expect(traffic.row('host → app ui/notifications/tool-result')).toHaveCount(1);
  await expect(app.log).toContainText('host: ui/notifications/tool-result');
});

test('the app calls the server, writes to the conversation, offers a link and changes size', async ({
  page,
  cli,
}) => {
  const traffic = trafficPane(page);
  const { app } = await openCallApp(page, cli.url, 'weather_dashboard', { city: 'Oslo', days: 2 });
  await expect(app.app.getByRole('heading', { name: 'Weather in Oslo' })).toBeVisible();

  // A tool call back to the server (the app-only weather_refresh), linked to the app's request.
  await app.app.getByRole('button', { name: 'Refresh' }).click();
  await expect(app.app.getByText('Refreshed by the app')).toBeVisible();
  await expect(app.log).toContainText('tools/call weather_refresh');
  // The app's request, the MCP request sent for it, its response and the app's answer.
  await traffic.search.fill('weather_refresh');
  await expect(traffic.row('tools/call', 'for app #')).toHaveCount(1);
  await traffic.row('app → host tools/call').click();
  await expect(traffic.detail.getByRole('region', { name: 'App message links' })).toContainText(
    'MCP requests sent for it',
  );
  await traffic.detail.getByRole('button', { name: /^tools\/call #\d+$/ }).click();
  await expect(traffic.detail.getByRole('region', { name: 'App message links' })).toContainText(
    'Sent by mcp-inspect for an MCP App',
  );

  // A message to the conversation: mcp-inspect has none, so it shows it.
  await app.app.getByRole('button', { name: 'Ask about it' }).click();
  await expect(app.log).toContainText('message to the conversation: What should I wear in Oslo?');

  // A size change: the frame follows the height the app reports.
  const before = (await app.outer.boundingBox())?.height ?? 0;
  await app.app.getByRole('button', { name: 'Details' }).click();
  await expect.poll(async () => (await app.outer.boundingBox())?.height ?? 0).toBeGreaterThan(before + 40);
  await expect(app.log).toContainText('size changed');

  // A link: shown, opened only when the person clicks.
  await app.app.getByRole('button', { name: 'Open on the web' }).click();
  await expect(app.log).toContainText('asks to open https://www.example.com/weather/Oslo');
  // No network here: the new tab is answered locally, so its address is the link's.
  await page.context().route('https://www.example.com/**', (route) => route.fulfill({ body: 'weather' }));
  const popup = page.waitForEvent('popup');
  await app.log.getByRole('button', { name: 'Open link' }).click();
  expect((await popup).url()).toContain('example.com/weather/Oslo');

  // A display mode request: the app declared fullscreen, and it covers the page, so the person
  // is asked; their click switches.
  await app.app.getByRole('button', { name: 'Fullscreen' }).click();
  await expect(app.log).toContainText('asks for fullscreen, which covers the page: offered to the person');
  await expect(app.view).toHaveClass(/mode-inline/);
  await app.view
    .getByRole('group', { name: 'App display request' })
    .getByRole('button', { name: 'Show it fullscreen' })
    .click();
  await expect(app.view).toHaveClass(/mode-fullscreen/);
  await expect(app.control('Display')).toHaveValue('fullscreen');
});

test('the person changes the host context and the app follows: theme, locale, size, display mode', async ({
  page,
  cli,
}) => {
  const { app } = await openCallApp(page, cli.url, 'weather_dashboard', { city: 'Tokyo', days: 1 });
  await expect(app.app.getByRole('heading', { name: 'Weather in Tokyo' })).toBeVisible();
  const root = app.app.locator('html');

  await app.control('Theme').selectOption('dark');
  await expect(root).toHaveAttribute('data-theme', 'dark');
  await app.control('Theme').selectOption('light');
  await expect(root).toHaveAttribute('data-theme', 'light');

  await app.control('Locale').selectOption('fr-FR');
  await app.app.getByRole('button', { name: 'Details' }).click();
  await expect(app.app.getByText('fr-FR')).toBeVisible();

  await app.control('Size').selectOption('phone');
  await expect.poll(async () => Math.round((await app.outer.boundingBox())?.width ?? 0)).toBe(375);

  await app.control('Display').selectOption('pip');
  await expect(app.view).toHaveClass(/mode-pip/);
  await app.app.getByRole('button', { name: 'Hide details' }).click();
  await app.view.getByRole('button', { name: 'Back inline' }).click();
  await expect(app.view).toHaveClass(/mode-inline/);
  await expect(app.log).toContainText('host: ui/notifications/host-context-changed');

  // The host's own buttons: a large view and back, closing the app (it is told) and opening it again.
  await app.view.getByRole('button', { name: 'Large view' }).click();
  await expect(app.view).toHaveClass(/mode-fullscreen/);
  await expect(app.control('Display')).toHaveValue('fullscreen');
  await app.view.getByRole('button', { name: 'Back inline' }).click();
  await expect(app.view).toHaveClass(/mode-inline/);
  await app.view.getByRole('button', { name: 'Close app' }).click();
  await expect(app.view.getByText('The app is closed.')).toBeVisible();
  await expect(app.log).toContainText('host: ui/resource-teardown');
  await app.view.getByRole('button', { name: 'Open the app again' }).click();
  await expect(app.app.getByRole('heading', { name: 'Weather in Tokyo' })).toBeVisible();
});

test('opened before the call, the app gets partial input as the arguments are typed, then the call', async ({
  page,
  cli,
}) => {
  const ui = inspector(page);
  await page.goto(cli.url);
  await page.getByLabel('Filter tools').fill('weather_dashboard');
  await ui.tools.getByRole('option', { name: /weather_dashboard/ }).click();
  await page.getByRole('button', { name: 'Open the app before running' }).click();
  const app = appView(page, ui.toolPanel('weather_dashboard'));
  await expect(app.status).toContainText('running');
  await expect(app.app.getByText('Waiting for the tool input…')).toBeVisible();

  await ui.typeJson('{"city": "Ber');
  await page.getByRole('button', { name: 'Stage partial input' }).click();
  await expect(app.app.getByRole('heading', { name: 'Weather in Ber' })).toBeVisible();
  await expect(app.app.getByText('The arguments are still being written…')).toBeVisible();

  await ui.typeJson('{"city": "Berlin", "days": 2}');
  await ui.runButton.click();
  await expect(app.app.getByRole('heading', { name: 'Weather in Berlin' })).toBeVisible();
  await expect(app.app.getByRole('list', { name: 'Forecast' }).getByRole('listitem')).toHaveCount(2);
  await expect(ui.call(1)).toContainText('This call is shown in the app opened above');
  await expect(app.log).toContainText('host: ui/notifications/tool-input-partial');

  // Another tool and back: the call's card shows its app again, with the same log.
  await page.getByLabel('Filter tools').fill('echo');
  await ui.tools.getByRole('option', { name: /echo/ }).first().click();
  await page.getByLabel('Filter tools').fill('weather_dashboard');
  await ui.tools.getByRole('option', { name: /weather_dashboard/ }).click();
  const again = appView(page, ui.call(1));
  await expect(again.app.getByRole('heading', { name: 'Weather in Berlin' })).toBeVisible();
  await expect(again.log).toContainText('host: ui/notifications/tool-input-partial');
});

test.describe('in the legacy era', () => {
  test.use({ cliArgs: ['--era', 'legacy'] });

  test('the same app works over the 2025-11-25 initialize handshake', async ({ page, cli }) => {
    const { app } = await openCallApp(page, cli.url, 'weather_dashboard', { city: 'Lima', days: 2 });
    await expect(app.app.getByRole('heading', { name: 'Weather in Lima' })).toBeVisible();
    await app.app.getByRole('button', { name: 'Refresh' }).click();
    await expect(app.app.getByText('Refreshed by the app')).toBeVisible();
    await expect(page.getByText('legacy · 2025-11-25')).toBeVisible();
  });
});

test('screenshots of the demo app in the light and the dark theme', async ({ page, cli }, testInfo) => {
  await page.setViewportSize({ width: 1400, height: 1000 });
  const { app } = await openCallApp(page, cli.url, 'weather_dashboard', { city: 'Lisbon', days: 5 });
  await expect(app.app.getByRole('list', { name: 'Forecast' }).getByRole('listitem')).toHaveCount(5);
  // Settled: the frame has the height the app reported. (Chromium runs no animation frames in a
  // cross-origin frame out of view, and the SDK measures in one: the app is scrolled to first.)
  await app.view.scrollIntoViewIfNeeded();
  await expect(app.log).toContainText('size changed');
  const background = () => app.app.locator('body').evaluate((body) => getComputedStyle(body).backgroundColor);
  for (const [theme, colour] of [
    ['light', 'rgb(255, 255, 255)'],
    ['dark', 'rgb(17, 24, 39)'],
  ] as const) {
    await app.control('Theme').selectOption(theme);
    await expect.poll(background).toBe(colour);
    const path = testInfo.outputPath(`weather-app-${theme}.png`);
    await app.view.screenshot({ path });
    await testInfo.attach(`weather app, ${theme} theme`, { path, contentType: 'image/png' });
  }
});
