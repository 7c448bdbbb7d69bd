import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Frame, Page } from '@playwright/test';
import { expect, inspector, test } from './support/test.js';
import { DEMO_SERVER_PATH, EVERYTHING_STDIO } from './support/servers.js';
import { scratchFolder } from './support/scratchFolder.js';

// The workspace's timeline (`mcp-inspect --all`, issue 37): every server's traffic on one time
// axis, a lane group per server; the demo beside server-everything (which nobody here wrote).

const folder = scratchFolder('mcp-inspect-e2e-workspace-timeline-');

test.use({
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
        ],
      }),
    );
    await use(['--all', '--workspace', file]);
  },
});

function serverFrame(page: Page, index: number): Frame {
  const frame = page.frames().find((each) => new URL(each.url()).pathname === `/s/${index}/`);
  if (!frame) throw new Error(`no frame for server ${index}`);
  return frame;
}

test('all traffic as a timeline: a lane group per server, a click names the server, a hidden server goes', async ({
  page,
  cli,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto(cli.url);
  const list = page.getByRole('navigation', { name: 'Servers' });
  for (const name of ['demo', 'everything'])
    await expect(list.locator(`li[data-server="${name}"] .ws-status`)).toHaveText('connected', {
      timeout: 60_000,
    });

  // A call on each, so each group has a tools/call beside its handshake.
  const demo = inspector(page, serverFrame(page, 0));
  await demo.runTool('echo', { message: 'on the demo' });
  await expect(demo.result).toContainText('on the demo');
  await list
    .locator('li[data-server="everything"]')
    .getByRole('button', { name: /^everything/ })
    .click();
  const everything = inspector(page, serverFrame(page, 1));
  await everything.runTool('echo', { message: 'on everything' });
  await expect(everything.result).toContainText('on everything');

  await page.getByRole('button', { name: 'All traffic' }).click();
  const traffic = page.getByRole('region', { name: "All servers' traffic" });
  await traffic.getByRole('group', { name: 'Show as' }).getByRole('button', { name: 'Timeline' }).click();
  const timeline = page.getByRole('region', { name: "All servers' timeline" });
  const group = (name: string) => timeline.locator(`.mt-group[data-server="${name}"]`);
  // One group per server, named, each with calls in its lanes.
  await expect(timeline.locator('.mt-group')).toHaveCount(2);
  for (const name of ['demo', 'everything']) {
    await expect(group(name).getByRole('button', { name })).toBeVisible();
    await expect(group(name)).toHaveAttribute('data-calls', /^[1-9]\d*$/);
    await expect(group(name)).toContainText(/\d+ calls · \d+ events/);
  }
  const demoTop = await group('demo').boundingBox();
  const everythingTop = await group('everything').boundingBox();
  expect(demoTop && everythingTop && everythingTop.y > demoTop.y).toBe(true);

  // ] selects the first call of all (the demo started first or not: a server is named either way).
  const canvas = timeline.locator('canvas');
  await canvas.focus();
  await page.keyboard.press(']');
  const picked = timeline.getByRole('region', { name: 'Selected frame' });
  await expect(picked).toHaveAttribute('data-server', /^(demo|everything)$/);
  const firstServer = await picked.getAttribute('data-server');
  const firstLine = await picked.locator('.mt-picked-line').textContent();
  await expect(canvas).toHaveAttribute('data-selected-box', /,/);
  const [x = 0, y = 0, width = 0] = ((await canvas.getAttribute('data-selected-box')) ?? '')
    .split(',')
    .map(Number);
  // Another call, then a click where the first was drawn: the first again, its server named, its frame shown.
  await page.keyboard.press(']');
  await expect(picked.locator('.mt-picked-line')).not.toHaveText(firstLine ?? '');
  await canvas.click({ position: { x: x + Math.min(2, width / 2), y: y + 8 } });
  await expect(picked).toHaveAttribute('data-server', firstServer ?? '');
  await expect(picked.locator('.mt-picked-line')).toHaveText(firstLine ?? '');
  await expect(picked.getByRole('tree', { name: new RegExp(`^${firstServer}: frame #\\d+`) })).toBeVisible();
  await expect(picked).toContainText('jsonrpc');

  // A group folds to its header and opens again.
  const fold = group('demo').getByRole('button', { name: 'demo' });
  await fold.click();
  await expect(fold).toHaveAttribute('aria-expanded', 'false');
  await fold.click();
  await expect(fold).toHaveAttribute('aria-expanded', 'true');

  await page.screenshot({ path: '/tmp/workspace-timeline.png' });

  // Hiding a server by its box takes its group away; the other stays, with its calls.
  await traffic.getByRole('checkbox', { name: 'everything' }).uncheck();
  await expect(group('everything')).toHaveCount(0);
  await expect(group('demo')).toHaveAttribute('data-calls', /^[1-9]\d*$/);
  await traffic.getByRole('checkbox', { name: 'everything' }).check();
  await expect(group('everything')).toHaveCount(1);

  // Back to the list: the rows are there, from the same servers.
  await traffic.getByRole('group', { name: 'Show as' }).getByRole('button', { name: 'List' }).click();
  await expect(traffic.locator('tbody tr', { hasText: 'tools/call' }).first()).toBeVisible();
});
