import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { APP_TEST_TIMEOUT, appView, openCallApp } from './support/apps.js';
import { fixtureStdio } from './support/servers.js';
import { expect, inspector, test } from './support/test.js';

// Apps that attack their host (issue 22), each played by an app of e2e/fixtures/hostileApps.mjs:
// picking their own CSP by navigating their sandbox page, flooding the page with messages,
// speaking in the inspector's voice, putting themselves over the page.

test.describe.configure({ timeout: APP_TEST_TIMEOUT });
test.use({ cliArgs: fixtureStdio('hostileApps.mjs') });

/** A server on this machine that no app declares: it counts who reaches it. */
async function countingServer(): Promise<{ url: string; hits: () => number; server: Server }> {
  let hits = 0;
  const server = createServer((_req, res) => {
    hits += 1;
    res.writeHead(200, { 'access-control-allow-origin': '*', 'content-type': 'text/plain' });
    res.end('reached');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/`, hits: () => hits, server };
}

test('an app that navigates its sandbox page to pick its own CSP is stopped, and reaches nothing it did not declare', async ({
  page,
  cli,
}) => {
  const target = await countingServer();
  try {
    const { app } = await openCallApp(page, cli.url, 'escape_csp', { target: target.url });
    const issued = (await app.outer.getAttribute('src')) ?? '';
    // Its first try is blocked by the CSP its resource gave it (it declares nothing)…
    await expect(app.log).toContainText(
      `app: blocked: Blocked by the app's Content-Security-Policy (connect-src)`,
    );
    // …then it clicks a link it put into its sandbox page, to that page with a CSP of its own.
    await expect(app.problem).toContainText('The sandbox page was navigated away or reloaded');
    await expect(app.problem).toContainText('mcp-inspect stopped the app');
    await expect(app.view.getByText('The app is closed.')).toBeVisible();
    expect(target.hits()).toBe(0);

    // The address it made is not one the sandbox listener serves; the one the bridge issued is.
    const crafted = new URL(issued);
    crafted.searchParams.set('csp', JSON.stringify({ connectDomains: [new URL(target.url).origin] }));
    const refused = await page.request.get(crafted.href);
    expect(refused.status()).toBe(403);
    expect(await refused.text()).toContain('did not issue this sandbox address');
    expect((await page.request.get(issued)).status()).toBe(200);
  } finally {
    target.server.close();
  }
});

test('an app flooding the page around its sandbox proxy is held to its budget: the page answers, the log says what was dropped', async ({
  page,
  cli,
}) => {
  // 20,000 messages to a page on a busy 2-core machine: more time than an app test, not asserted.
  test.slow();
  const ui = inspector(page);
  await page.goto(cli.url);
  await ui.runTool('flood_app', { count: 20000, bytes: 16, via: 'sandbox' });
  const app = appView(page, ui.call(1));
  // The app starts (its SDK is 500 KB of inline script), then sends all at once.
  await expect(app.app.locator('#out')).toContainText('sent 20000 x 16 via sandbox', { timeout: 30_000 });
  // The page answers while what the app sent is still arriving: a control of the host's works.
  await app.control('Theme').selectOption('dark');
  await expect(app.control('Theme')).toHaveValue('dark');
  await expect(app.log).toContainText(/mcp-inspect dropped \d+ messages from the app: \d+ past 200 a second/);
  await expect(app.status).toContainText('running');
});

test('an app flooding through its sandbox proxy is cut there first, and the proxy says so in the app’s log', async ({
  page,
  cli,
}) => {
  test.slow();
  const ui = inspector(page);
  await page.goto(cli.url);
  // A burst the app sends within the proxy's first second: it passes on its share, drops the rest
  // and says so a second later, when the page has room to read that report.
  await ui.runTool('flood_app', { count: 2000, bytes: 16, via: 'proxy' });
  const app = appView(page, ui.call(1));
  await expect(app.app.locator('#out')).toContainText('sent 2000 x 16 via proxy', { timeout: 30_000 });
  await expect(app.log).toContainText(
    /app: sandbox limit: the sandbox proxy dropped \d+ messages from the app: \d+ past 99 a second/,
  );
  await expect(app.log).toContainText('log info (flood): 0 xxxx');
  await app.control('Theme').selectOption('dark');
  await expect(app.control('Theme')).toHaveValue('dark');
});

test('large messages past the budget are dropped with a note, and the page stays usable', async ({
  page,
  cli,
}) => {
  test.slow();
  const ui = inspector(page);
  await page.goto(cli.url);
  await ui.runTool('flood_app', { count: 200, bytes: 250000, via: 'sandbox' });
  const app = appView(page, ui.call(1));
  await expect(app.app.locator('#out')).toContainText('sent 200 x 250000 via sandbox', { timeout: 30_000 });
  await app.control('Theme').selectOption('dark');
  await expect(app.control('Theme')).toHaveValue('dark');
  // Past 16 MB a second, or once reading them took the page's 250 ms of a second: whichever
  // comes first on this machine. Those taken are in the log.
  await expect(app.log).toContainText(
    /mcp-inspect dropped \d+ messages? from the app: \d+ (past 16 MB|once reading)/,
  );
  await expect(app.log).toContainText('log info (flood): 0 xxxx');
});

test('an app cannot speak as the inspector, nor cover the page without the person’s click', async ({
  page,
  cli,
}) => {
  const { app } = await openCallApp(page, cli.url, 'forge_app');
  const out = app.app.locator('#out');
  // Asked for fullscreen at once, with no click: it stays where it is, and the person is asked.
  await expect(out).toContainText('display mode after asking: inline');
  await expect(app.view).toHaveClass(/mode-inline/);
  const offer = app.view.getByRole('group', { name: 'App display request' });
  await expect(offer).toContainText('The app asks to be shown fullscreen, over the page.');

  // Its forged "sandbox refused" report is a line of its own log, marked as the app's: never
  // the red problem line the inspector speaks in.
  await expect(app.log).toContainText('app: sandbox refused: Your mcp-inspect session expired');
  await expect(page.getByRole('alert').filter({ hasText: 'session expired' })).toHaveCount(0);
  await expect(app.problem).toHaveCount(0);

  await offer.getByRole('button', { name: 'Show it fullscreen' }).click();
  await expect(app.view).toHaveClass(/mode-fullscreen/);
  await expect(out).toContainText('display mode now: fullscreen');
  await expect(offer).toHaveCount(0);
});

test('a display request the person turns down leaves the app where it is', async ({ page, cli }) => {
  const { app } = await openCallApp(page, cli.url, 'forge_app');
  const offer = app.view.getByRole('group', { name: 'App display request' });
  await offer.getByRole('button', { name: 'Keep it here' }).click();
  await expect(offer).toHaveCount(0);
  await expect(app.view).toHaveClass(/mode-inline/);
  await expect(app.log).toContainText('did not switch to fullscreen: the person declined');
});
