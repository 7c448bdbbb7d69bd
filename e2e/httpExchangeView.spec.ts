import { startHttpFixture } from './support/servers.js';
import { expect, inspector, serverForTests, test } from './support/test.js';
import { trafficPane } from './support/traffic.js';

// An HTTP exchange of a URL target reads like a browser's network panel: request line, status,
// timing, header tables (masked values marked as masked, never shown), each body with its
// content type, and links to the JSON-RPC frames it carried.
test.describe('a Streamable HTTP server behind a bearer token', () => {
  const token = 'e2e-network-panel-token-7c2d';
  const server = serverForTests(() => startHttpFixture('modernOnlyHttp.mjs', ['--token', token]));

  test('shows a tools/call exchange as a network panel does, and links to its frames', async ({
    page,
    cli,
  }, testInfo) => {
    const ui = inspector(page);
    const traffic = trafficPane(page);
    await page.goto(cli.url);
    await ui.connectToUrl(server.url(), { bearer: token });
    await expect(ui.connectionState).toHaveText('connected');
    await ui.runTool('echo', { message: 'through the network panel' });
    await expect(ui.result).toContainText('through the network panel');

    await traffic.enlarge();
    await traffic.row('POST /mcp', 'tools/call').first().click();
    const detail = traffic.detail;
    await expect(detail.getByLabel('Request line')).toContainText('POST /mcp');
    await expect(detail.getByLabel('Status')).toHaveText('200 OK');
    await expect(detail.getByLabel('Timing')).toContainText('Response headers after');
    // No raw tree of the record any more.
    await expect(detail.getByRole('tree', { name: 'Selected event' })).toHaveCount(0);

    const requestHeaders = detail.getByRole('region', { name: 'Request headers' });
    const authorization = requestHeaders.getByRole('row', { name: /^authorization/ });
    await expect(authorization).toContainText('Bearer ••••••');
    await expect(authorization).toContainText('masked');
    await expect(requestHeaders.getByRole('row', { name: /^mcp-method/ })).toContainText('tools/call');
    await expect(requestHeaders.getByRole('row', { name: /^content-type/ })).not.toContainText('masked');
    const responseHeaders = detail.getByRole('region', { name: 'Response headers' });
    await expect(responseHeaders.getByRole('row', { name: /^content-type/ })).toBeVisible();

    const requestBody = detail.getByRole('region', { name: 'Request body' });
    await expect(requestBody.getByRole('heading')).toContainText('application/json');
    await expect(requestBody).toContainText('through the network panel');
    const responseBody = detail.getByRole('region', { name: 'Response body' });
    await expect(responseBody.getByRole('heading')).toContainText(/application\/json|text\/event-stream/);
    await expect(responseBody).toContainText('through the network panel');
    await page.screenshot({ path: testInfo.outputPath('http-exchange.png') });
    await expect(detail).not.toContainText(token);

    // The frames it carried are one click away.
    const frames = detail.getByRole('navigation', { name: 'JSON-RPC frames' });
    await frames.getByRole('button', { name: /request tools\/call/ }).click();
    await expect(detail.getByRole('heading', { level: 3 })).toContainText('request tools/call');
    await expect(detail.getByLabel('Request line')).toHaveCount(0);
  });
});
