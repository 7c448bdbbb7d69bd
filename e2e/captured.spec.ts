import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { Client as V1Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport as V1StdioTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { CLI_PATH, startCli } from './support/cli.js';
import { expect, test } from './support/test.js';

// The Captured tab: a real SDK client stands in for the host and spawns `mcp-inspect proxy --
// node demoServer.js` while the page is open; the page lists the session live under the host's
// own name, opening it shows the host's tools/call with its result rendered and its traffic
// read-only, it turns to ended when the host closes, and its calls save to the collection. A
// session that ran before any page was open is listed from its capture file.

const DEMO = fileURLToPath(new URL('../dist/server/demo/demoServer.js', import.meta.url));

function proxied(stateDir: string) {
  return {
    command: process.execPath,
    args: [CLI_PATH, 'proxy', '--', process.execPath, DEMO],
    env: { ...(process.env as Record<string, string>), MCP_INSPECT_STATE_DIR: stateDir },
    stderr: 'ignore' as const,
  };
}

test('lists a host’s proxied session live, opens it read-only, and saves its calls', async ({ page }) => {
  test.setTimeout(90_000);
  const home = mkdtempSync(join(tmpdir(), 'mcp-inspect-captured-e2e-'));
  const stateDir = join(home, 'state');
  const collection = join(home, 'calls.collection.json');
  // Before any page: this session is known from its capture file alone.
  const earlier = new V1Client({ name: 'earlier-host', version: '0.9' });
  await earlier.connect(new V1StdioTransport(proxied(stateDir)));
  await earlier.callTool({ name: 'echo', arguments: { message: 'before the page' } });
  await earlier.close();

  const cli = await startCli(['--collection', collection], { env: { MCP_INSPECT_STATE_DIR: stateDir } });
  const host = new Client({ name: 'e2e-live-host', version: '2.0' });
  try {
    await page.goto(cli.url);
    await page.getByRole('tab', { name: 'Captured' }).click();
    const list = page.getByRole('table', { name: 'Captured session list' });
    await expect(list.getByRole('row', { name: /earlier-host 0\.9/ })).toBeVisible();

    await host.connect(new StdioClientTransport(proxied(stateDir)));
    const row = list.getByRole('row', { name: /e2e-live-host 2\.0/ });
    const state = row.getByRole('cell').nth(4);
    await expect(state).toHaveText('live');
    await expect(row).toContainText('demoServer.js');
    await host.callTool({ name: 'echo', arguments: { message: 'hello from the host' } });

    await row.getByRole('button', { name: /^Open e2e-live-host 2\.0/ }).click();
    const opened = page.getByRole('region', { name: /^Captured session e2e-live-host/ });
    await expect(opened.getByRole('note')).toContainText('Read-only: the host drives this session');
    const call = opened.getByRole('listitem', { name: 'tools/call echo' });
    await expect(call.getByRole('region', { name: 'Result' })).toContainText('hello from the host');
    // Nothing in it calls the server: no form, no Run.
    await expect(opened.getByRole('button', { name: /^Run/ })).toHaveCount(0);

    const traffic = page.getByRole('region', { name: 'Traffic pane' });
    await expect(traffic.getByRole('status').filter({ hasText: 'Captured session' })).toContainText(
      'read-only: the host drives it',
    );
    await expect(traffic.getByRole('grid')).toContainText('tools/call');
    await page.screenshot({ path: test.info().outputPath('captured-live.png') });

    // A second call arrives while it is open.
    await host.callTool({ name: 'echo', arguments: { message: 'and once more' } });
    await expect(opened.getByRole('listitem', { name: 'tools/call echo' })).toHaveCount(2);

    await host.close();
    await expect(opened.getByLabel('Session state')).not.toHaveText('live', { timeout: 15_000 });
    await expect(state).toHaveText(/^(exited|ended|stopped)/);

    await opened.getByRole('button', { name: "Save the host's calls to collection" }).click();
    await expect(opened.getByRole('status')).toContainText('Saved 2 items to the collection');
    const saved = JSON.parse(readFileSync(collection, 'utf8')) as {
      items: { name: string; tool: string; arguments: Record<string, unknown>; expect: { type: string }[] }[];
    };
    expect(saved.items.map((item) => [item.name, item.tool, item.arguments])).toEqual([
      ['echo', 'echo', { message: 'hello from the host' }],
      ['echo 2', 'echo', { message: 'and once more' }],
    ]);
    expect(saved.items[0]?.expect.map((expectation) => expectation.type)).toContain('succeeds');

    // The earlier one opens from its file.
    await list.getByRole('button', { name: /^Open earlier-host/ }).click();
    await expect(
      page
        .getByRole('region', { name: /^Captured session earlier-host/ })
        .getByRole('listitem', { name: 'tools/call echo' }),
    ).toContainText('before the page');
    await page.screenshot({ path: test.info().outputPath('captured-file.png') });
  } finally {
    await host.close().catch(() => undefined);
    await cli.stop();
    rmSync(home, { recursive: true, force: true });
  }
});
