import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Frame, Page } from '@playwright/test';
import { expect, inspector, serverForTests, test } from './support/test.js';
import { DEMO_SERVER_PATH, EVERYTHING_STDIO, startDemoHttp } from './support/servers.js';
import { scratchFolder } from './support/scratchFolder.js';

// Several servers in one page (`mcp-inspect --all`, issue 37): the demo in the modern era,
// server-everything (nobody here wrote it) in the legacy era, the demo over Streamable HTTP, and
// one that dies as it starts, side by side.

const demoHttp = serverForTests(() => startDemoHttp());
const folder = scratchFolder('mcp-inspect-e2e-workspace-');

test.use({
  // A fixture function (not a value): the HTTP server's URL is known only once it has started.
  // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a function asks for from its first parameter
  cliArgs: async ({}, use) => {
    const file = join(folder, 'mcp-inspect.workspace.json');
    const [everythingCommand = '', ...everythingArgs] = EVERYTHING_STDIO;
    writeFileSync(
      file,
      JSON.stringify({
        formatVersion: 1,
        servers: [
          { name: 'demo', command: process.execPath, args: [DEMO_SERVER_PATH], era: 'modern' },
          { name: 'everything', command: everythingCommand, args: everythingArgs, era: 'legacy' },
          { name: 'demo-http', url: demoHttp.url(), transport: 'streamable-http' },
          {
            name: 'broken',
            command: process.execPath,
            args: ['-e', "process.stderr.write('boom: no config file\\n'); process.exit(3)"],
          },
        ],
      }),
    );
    await use(['--all', '--workspace', file]);
  },
});

function workspace(page: Page) {
  const list = page.getByRole('navigation', { name: 'Servers' });
  const row = (name: string) => list.locator(`li[data-server="${name}"]`);
  return {
    list,
    row,
    status: (name: string) => row(name).locator('.ws-status'),
    open: (name: string) =>
      row(name)
        .getByRole('button', { name: new RegExp(`^${name}`) })
        .click(),
    frame: (index: number): Frame => {
      const frame = page.frames().find((each) => new URL(each.url()).pathname === `/s/${index}/`);
      if (!frame) throw new Error(`no frame for server ${index}`);
      return frame;
    },
  };
}

test('three servers at once: each kept while switching, merged traffic, collisions, a dying server beside them', async ({
  page,
  cli,
}) => {
  // Four servers start and four pages load in one browser tab, on a busy 2-core machine.
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1400, height: 900 });
  // Each server's frame opens one socket to its session: a second one takes the session over
  // (boot.ts once ran twice in a frame, and the frame at times never connected).
  const sockets: string[] = [];
  page.on('websocket', (socket) => sockets.push(new URL(socket.url()).pathname));
  await page.goto(cli.url);
  const ws = workspace(page);
  for (const name of ['demo', 'everything', 'demo-http'])
    await expect(ws.status(name)).toHaveText('connected', { timeout: 60_000 });
  const perPath = new Map<string, number>();
  for (const path of sockets) perPath.set(path, (perPath.get(path) ?? 0) + 1);
  expect([...perPath.values()].filter((count) => count > 1)).toEqual([]);
  expect(perPath.size).toBeGreaterThanOrEqual(3);
  await expect(ws.row('demo')).toContainText('modern');
  await expect(ws.row('everything')).toContainText('legacy');
  // The server that dies says so in its own row, with its last words; the others run on.
  await expect(ws.status('broken')).toHaveText('exited');
  await expect(ws.row('broken')).toContainText('boom: no config file');

  // A call on the demo, then one on server-everything; back on the demo, its form and result are there.
  const demo = inspector(page, ws.frame(0));
  await demo.runTool('echo', { message: 'kept while switching' });
  await expect(demo.result).toContainText('kept while switching');
  await ws.open('everything');
  const everything = inspector(page, ws.frame(1));
  await everything.runTool('echo', { message: 'from everything' });
  await expect(everything.result).toContainText('from everything');
  await ws.open('demo');
  await expect(demo.result).toBeVisible();
  await expect(demo.result).toContainText('kept while switching');
  await expect(demo.form.getByRole('textbox', { name: 'message', exact: true })).toHaveValue(
    'kept while switching',
  );

  // Every server's traffic in one list, each row naming its server; a server's rows hidden by its box.
  await page.getByRole('button', { name: 'All traffic' }).click();
  const traffic = page.getByRole('region', { name: "All servers' traffic" });
  const calls = traffic.locator('tbody tr', { hasText: 'tools/call' });
  await expect(calls.filter({ hasText: 'demo' }).first()).toBeVisible();
  await expect(calls.filter({ hasText: 'everything' }).first()).toBeVisible();
  await traffic.getByRole('checkbox', { name: 'everything' }).uncheck();
  await expect(calls.filter({ hasText: 'everything' })).toHaveCount(0);
  await expect(calls.filter({ hasText: 'demo' }).first()).toBeVisible();

  // What a host would see: the demo and the demo over HTTP offer the same tools, and all three an echo.
  await page.getByRole('button', { name: 'What a host sees' }).click();
  const together = page.getByRole('region', { name: 'What a host would see' });
  await expect(together).toContainText('3 servers listed 61 tools in all');
  await expect(together.locator('[data-host="openai"]')).toContainText(
    '"echo" is a tool of demo and everything and demo-http',
  );
  await expect(together.locator('[data-host="cursor"]')).toContainText('61 tools in all; the host takes 40');
  await expect(together.locator('[data-host="claude-code"]')).toContainText('mcp__demo__echo');

  // One server disconnected and connected again; the others stay connected throughout.
  await ws.row('demo-http').getByRole('button', { name: 'Disconnect demo-http' }).click();
  await expect(ws.status('demo-http')).toHaveText('disconnected');
  await expect(ws.status('demo')).toHaveText('connected');
  await ws.row('demo-http').getByRole('button', { name: 'Connect demo-http' }).click();
  await expect(ws.status('demo-http')).toHaveText('connected', { timeout: 30_000 });

  // Import from a host's config with comments: previewed (the key becomes a reference), then
  // written and started beside the others; the one that needs the key says so in its row.
  const hostConfig = join(folder, 'cursor-mcp.json');
  writeFileSync(
    hostConfig,
    `{
  // Cursor's servers, with a comment and a trailing comma
  "mcpServers": {
    "notes": { "command": ${JSON.stringify(process.execPath)}, "args": [${JSON.stringify(DEMO_SERVER_PATH)}] },
    "keyed": { "command": "node", "args": ["server.js"], "env": { "API_KEY": "sk-live-0123456789abcdef" } },
  },
}`,
  );
  await page.getByRole('button', { name: 'Import from…' }).click();
  const importer = page.getByRole('region', { name: 'Import servers' });
  await importer.getByLabel('Config file path').fill(hostConfig);
  await importer.getByRole('button', { name: 'Preview' }).click();
  const preview = page.getByRole('region', { name: 'What would be imported' });
  await expect(preview).toContainText('notes');
  await expect(preview).toContainText('${env:API_KEY}');
  await expect(preview).not.toContainText('sk-live-0123456789abcdef');
  await preview.getByRole('button', { name: 'Import 2 servers' }).click();
  await expect(importer.getByRole('status')).toContainText('Imported 2 servers');
  await expect(ws.status('notes')).toHaveText('connected', { timeout: 60_000 });
  await expect(ws.status('keyed')).toHaveText('cannot start');
  await expect(ws.row('keyed')).toContainText('API_KEY');
  await expect(ws.status('demo')).toHaveText('connected');
});
