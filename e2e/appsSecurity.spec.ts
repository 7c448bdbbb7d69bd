import { APP_TEST_TIMEOUT, APPS_SERVER, appView, openCallApp } from './support/apps.js';
import { expect, inspector, test } from './support/test.js';

// An MCP App is untrusted code from a server. It runs in a frame of a second loopback origin
// that serves nothing else and holds no token; these tests run code inside it, as a hostile app
// would, and check that each way to the inspector's token, storage, DOM, WebSocket or API fails.

test.describe.configure({ timeout: APP_TEST_TIMEOUT });
test.use({ cliArgs: APPS_SERVER });

test("from inside the app, the inspector's token, storage, DOM, WebSocket and API are out of reach", async ({
  page,
  cli,
}) => {
  const { app } = await openCallApp(page, cli.url, 'sdk_counter');
  await expect(app.status).toContainText('running');

  // The frame is the spec's sandbox: scripts and its own origin, which is not the inspector's.
  await expect(app.outer).toHaveAttribute('sandbox', 'allow-scripts allow-same-origin allow-forms');
  const sandboxOrigin = new URL((await app.outer.getAttribute('src')) ?? '').origin;
  expect(sandboxOrigin).not.toBe(cli.origin);

  const frame = await app.appFrame();
  const results = await frame.evaluate(
    async ({ bridge, token }) => {
      const attempt = async (what: () => unknown): Promise<string> => {
        try {
          return `reached: ${String(await what()).slice(0, 60)}`;
        } catch (error) {
          return `refused: ${(error as Error).name}`;
        }
      };
      const socket = (protocols: string[]) =>
        new Promise<string>((resolve) => {
          try {
            const ws = new WebSocket(`${bridge.replace('http', 'ws')}/ws`, protocols);
            ws.onopen = () => resolve('reached: open');
            ws.onerror = () => resolve('refused: error');
            setTimeout(() => resolve('refused: no answer'), 3_000);
          } catch (error) {
            resolve(`refused: ${(error as Error).name}`);
          }
        });
      return {
        // The inspector's DOM, storage and address: another origin.
        topDocument: await attempt(() => window.top?.document.title),
        grandparentDocument: await attempt(() => window.parent.parent.document.body.innerHTML),
        topSessionStorage: await attempt(() => window.top?.sessionStorage.getItem('mcp-inspect.token')),
        topLocation: await attempt(() => window.top?.location.href),
        // Its own storage is the sandbox origin's, another site's: empty of anything of the
        // inspector's, or denied where the browser blocks third-party storage (as here).
        ownStorage: await attempt(() =>
          JSON.stringify([...Object.keys(sessionStorage), ...Object.keys(localStorage)]),
        ),
        tokenAnywhere: [
          location.href,
          window.parent.location.href,
          document.documentElement.outerHTML,
          window.parent.document.documentElement.outerHTML,
        ].some((text) => text.includes(token)),
        parentOrigin: window.parent.location.origin,
        // The API and the WebSocket, without the token and even with it.
        api: await attempt(() => fetch(`${bridge}/api/session`).then((response) => response.status)),
        apiWithToken: await attempt(() =>
          fetch(`${bridge}/api/session`, { headers: { authorization: `Bearer ${token}` } }).then(
            (r) => r.status,
          ),
        ),
        page: await attempt(() => fetch(`${bridge}/`).then((response) => response.status)),
        socket: await socket(['mcp-inspect.v1']),
        socketWithToken: await socket(['mcp-inspect.v1', `token.${token}`]),
        // Nor can it take the person elsewhere or open windows of its own.
        topNavigation: await attempt(() => {
          if (window.top) window.top.location.href = 'https://evil.example/';
          return 'navigated';
        }),
        popup: String(window.open('https://evil.example/')),
      };
    },
    { bridge: cli.origin, token: cli.token },
  );

  expect(results.topDocument).toBe('refused: SecurityError');
  expect(results.grandparentDocument).toBe('refused: SecurityError');
  expect(results.topSessionStorage).toBe('refused: SecurityError');
  expect(results.topLocation).toBe('refused: SecurityError');
  expect(results.ownStorage).toMatch(/^(reached: \[\]|refused: SecurityError)$/);
  expect(results.tokenAnywhere).toBe(false);
  expect(results.parentOrigin).toBe(sandboxOrigin);
  expect(results.api).toMatch(/^refused/);
  expect(results.apiWithToken).toMatch(/^refused/);
  expect(results.page).toMatch(/^refused/);
  expect(results.socket).toMatch(/^refused/);
  expect(results.socketWithToken).toMatch(/^refused/);
  expect(results.topNavigation).toMatch(/^refused/);
  expect(results.popup).toBe('null');
  await expect(page).toHaveURL(new RegExp(`^${cli.origin}/`));
  // What the CSP blocked is in the app's log, for the person to see.
  await expect(app.log).toContainText(
    `blocked: Blocked by the app's Content-Security-Policy (connect-src): ${cli.origin}`,
  );

  // The inspector's listener never serves the sandbox page; the sandbox's serves nothing else.
  expect((await page.request.get(`${cli.origin}/sandbox.html`)).status()).toBe(404);
  expect((await page.request.get(`${sandboxOrigin}/api/session`)).status()).toBe(404);
  expect((await page.request.get(`${sandboxOrigin}/`)).status()).toBe(404);
});

test('the sandbox CSP allows the domains the resource declares and nothing else', async ({ page, cli }) => {
  const ui = inspector(page);
  // No network here: both hosts are answered locally, so only the CSP decides who is reached.
  await page
    .context()
    .route(/https:\/\/(api\.example\.com|undeclared\.example\.net)\//, (route) =>
      route.fulfill({ body: 'data', headers: { 'access-control-allow-origin': '*' } }),
    );
  const sandboxPage = page.waitForResponse((response) => response.url().includes('/sandbox.html'));
  await page.goto(cli.url);
  await ui.runTool('csp_app');
  const csp = (await (await sandboxPage).headerValue('content-security-policy')) ?? '';
  expect(csp).toContain('connect-src https://api.example.com;');
  expect(csp).toContain("default-src 'none'");
  expect(csp).toContain("frame-src 'none'");
  expect(csp).toMatch(/frame-ancestors http:\/\/127\.0\.0\.1:\d+/);

  const app = appView(page, ui.call(1));
  const out = app.app.locator('#out');
  await expect(out).toContainText('https://api.example.com/data: reached');
  await expect(out).toContainText('https://undeclared.example.net/data: TypeError');
  await expect(app.log).toContainText('(connect-src): https://undeclared.example.net');
});

test('the sandbox is served under another site than the page, so Chromium runs apps in a process of their own', async ({
  page,
  cli,
  browser,
}) => {
  const { app } = await openCallApp(page, cli.url, 'sdk_counter');
  await expect(app.status).toContainText('running');
  const sandbox = new URL((await app.outer.getAttribute('src')) ?? '');
  expect(new URL(cli.origin).hostname).toBe('127.0.0.1');
  expect(sandbox.hostname).toBe('localhost');
  // An out-of-process frame is a target of its own in Chromium; a same-process one is not.
  const cdp = await browser.newBrowserCDPSession();
  const { targetInfos } = await cdp.send('Target.getTargets');
  await cdp.detach();
  expect(
    targetInfos.filter((target) => target.type === 'iframe' && target.url.startsWith(sandbox.origin)),
  ).toHaveLength(1);

  // The page opened at localhost gets its sandbox at 127.0.0.1: another site again.
  const ui = inspector(page);
  await page.goto(cli.url.replace('//127.0.0.1:', '//localhost:'));
  await ui.runTool('sdk_counter');
  const again = appView(page, ui.call(1));
  await expect(again.status).toContainText('running');
  expect(new URL((await again.outer.getAttribute('src')) ?? '').hostname).toBe('127.0.0.1');
});
