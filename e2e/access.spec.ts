import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, inspector, test } from './support/test.js';

// The bridge can run commands as the user, so the page and its API need the printed token.

test('without a token the page asks for the link printed in the terminal', async ({ page, cli }) => {
  const ui = inspector(page);
  await page.goto(cli.origin);

  const access = page.getByRole('alert', { name: 'Access' });
  await expect(access).toContainText('Open the link that mcp-inspect printed in your terminal');
  await expect(ui.tools).toHaveCount(0);
  await expect(ui.connectionState).toHaveCount(0);
});

test('a wrong token is said to be not valid', async ({ page, cli }) => {
  const ui = inspector(page);
  await page.goto(`${cli.origin}/#token=wrong`);

  const access = page.getByRole('alert', { name: 'Access' });
  await expect(access).toContainText('token is not valid');
  await expect(access).toContainText('Open the link printed in your terminal');
  await expect(ui.tools).toHaveCount(0);
});

test('the HTTP API answers only with the token', async ({ request, cli }) => {
  const url = `${cli.origin}/api/session`;

  expect((await request.get(url)).status()).toBe(401);
  expect((await request.get(url, { headers: { Authorization: 'Bearer wrong' } })).status()).toBe(401);

  const response = await request.get(url, { headers: { Authorization: `Bearer ${cli.token}` } });
  expect(response.status()).toBe(200);
  expect(await response.json()).toMatchObject({ target: { kind: 'stdio', demo: true } });
  // The WebSocket upgrade cannot be made from `request`; the bridge's unit tests cover it.
});

test.describe('another site', () => {
  /** A page of another site (localhost, where the bridge is 127.0.0.1), as an attacker serves it. */
  let foreign: Server;
  let foreignHtml = '';
  test.beforeAll(async () => {
    foreign = createServer((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      res.end(foreignHtml);
    });
    await new Promise<void>((resolve) => foreign.listen(0, '127.0.0.1', resolve));
  });
  test.afterAll(async () => {
    await new Promise((resolve) => foreign.close(resolve));
  });

  test('cannot tell a bridge runs here: its favicon and the sandbox script fail to load there', async ({
    page,
    cli,
    request,
  }) => {
    const session = await request.get(`${cli.origin}/api/session`, {
      headers: { Authorization: `Bearer ${cli.token}` },
    });
    const { appSandboxPort } = (await session.json()) as { appSandboxPort: number };
    // The sandbox page is served only at an address the bridge issues to its page.
    const issued = await request.get(`${cli.origin}/api/app-sandbox`, {
      headers: { Authorization: `Bearer ${cli.token}` },
    });
    const sandboxPage = await request.get(((await issued.json()) as { url: string }).url);
    const sandboxScript = /src="\.\/(assets\/[^"]+\.js)"/.exec(await sandboxPage.text())?.[1];
    expect(sandboxScript).toBeDefined();
    // A port where nothing listens, to compare with.
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    // What a site may try: an image, a script and no-cors fetches, watching which way each goes.
    foreignHtml = `<!doctype html><title>elsewhere</title>
      <script>window.outcome = {}; function done(what, how) { window.outcome[what] = how; }</script>
      <img src="${cli.origin}/favicon.svg" onload="done('favicon','load')" onerror="done('favicon','error')">
      <script src="http://127.0.0.1:${appSandboxPort}/${sandboxScript}"
        onload="done('sandbox','load')" onerror="done('sandbox','error')"></script>
      <script>
        for (const [what, url] of [['fetch', '${cli.origin}/favicon.svg'], ['nothing', 'http://127.0.0.1:${closedPort}/']])
          fetch(url, { mode: 'no-cors' }).then(() => done(what, 'answered'), () => done(what, 'failed'));
      </script>`;
    const failures: string[] = [];
    page.on('requestfailed', (failed) => {
      if (new URL(failed.url()).hostname === '127.0.0.1') failures.push(failed.failure()?.errorText ?? '');
    });
    const { port } = foreign.address() as AddressInfo;
    await page.goto(`http://localhost:${port}/`);
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { outcome: object }).outcome))
      .toEqual({ favicon: 'error', sandbox: 'error', fetch: 'failed', nothing: 'failed' });
    // The browser withheld each answer (Cross-Origin-Resource-Policy); the bridge refused them
    // too (server/http/bridgeServer.test.ts): a no-cors fetch fails as it does where nothing listens.
    expect(failures.filter((text) => text.includes('BLOCKED_BY_RESPONSE'))).toHaveLength(3);
  });
});
