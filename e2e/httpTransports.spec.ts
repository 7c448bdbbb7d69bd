import { startEverything, startHttpFixture } from './support/servers.js';
import { expect, inspector, serverForTests, test } from './support/test.js';
import { trafficPane } from './support/traffic.js';

// The same server nobody here wrote, reached by URL: server-everything in its Streamable HTTP
// and SSE modes, with mcp-inspect choosing the transport by itself.

for (const { mode, transport } of [
  { mode: 'streamableHttp', transport: 'Streamable HTTP' },
  { mode: 'sse', transport: 'SSE' },
] as const) {
  test.describe(`server-everything over ${transport}`, () => {
    const server = serverForTests(() => startEverything(mode));

    test('connects, says which transport, lists and calls tools, reads a resource', async ({ page, cli }) => {
      const ui = inspector(page);
      await page.goto(cli.url);
      await ui.connectToUrl(server.url());

      await expect(ui.connectionState).toHaveText('connected');
      await expect(page.getByRole('banner')).toContainText(transport);
      // How the transport was chosen is said once, on the connected line, never as an error. The
      // grid is virtualized and follows the newest rows: scroll back to where the run started.
      await ui.traffic.focus();
      await page.keyboard.press('Home');
      const connected = ui.traffic.getByRole('row').filter({ hasText: /run \d+: connected over/ });
      await expect(connected.last()).toContainText(
        mode === 'sse'
          ? /Streamable HTTP answered HTTP 4\d\d; connected over SSE/
          : 'Streamable HTTP answered',
      );
      await expect(ui.traffic.getByRole('row').filter({ hasText: 'transport error' })).toHaveCount(0);
      // The terminal: the legacy server's refusal of server/discover is information, then the era.
      await expect.poll(() => cli.output()).toMatch(/● legacy era: protocol 2025-11-25 with \S+/);
      expect(cli.output()).not.toMatch(/transport error|Error POSTing/);
      await ui.runTool('echo', { message: 'over the wire' });
      await expect(ui.result).toContainText('over the wire');

      await page.getByRole('tab', { name: 'Resources' }).click();
      await page
        .getByRole('listbox', { name: 'Resources' })
        .getByRole('option', { name: /architecture\.md/ })
        .click();
      await page.getByRole('button', { name: 'Read', exact: true }).click();
      await expect(page.getByRole('region', { name: 'Resource contents' })).toContainText(
        '# Everything Server',
      );
    });
  });
}

test.describe('a server that wants a bearer token', () => {
  const token = 'e2e-bearer-token-5f1c9a0d';
  const server = serverForTests(() => startHttpFixture('modernOnlyHttp.mjs', ['--token', token]));

  test('is refused without one; the Bearer token field sends it, and it is masked wherever shown', async ({
    page,
    cli,
  }) => {
    const ui = inspector(page);
    const traffic = trafficPane(page);
    await page.goto(cli.url);
    await ui.connectToUrl(server.url());
    // A 401 is a sign-in the server waits for, said in the one place (not also as a server problem).
    await expect(page.getByRole('alert', { name: 'Authorization needed' })).toContainText('answered 401');
    await expect(ui.serverProblem).toHaveCount(0);

    await ui.connectToUrl(server.url(), { bearer: token });
    await expect(ui.connectionState).toHaveText('connected');
    await expect(page.getByRole('banner')).toContainText(server.url());
    await ui.runTool('echo', { message: 'sent with the token' });
    await expect(ui.result).toContainText('sent with the token');

    // The exchange is in the traffic with its Authorization header, the value masked.
    await traffic.row('POST /mcp', 'tools/call').first().click();
    const authorization = traffic.detail
      .getByRole('region', { name: 'Request headers' })
      .getByRole('row', { name: /^authorization/ });
    await expect(authorization).toContainText('Bearer ••••••');
    await expect(authorization).toContainText('masked');
    await expect(traffic.detail).not.toContainText(token);
    await page.getByRole('tab', { name: 'Connection', exact: true }).click();
    await expect(ui.settings.getByLabel('Bearer token')).toHaveAttribute('type', 'password');
    await expect(page.getByLabel('Exported server entry')).not.toContainText(token);
    expect(cli.output()).not.toContain(token);
  });
});
