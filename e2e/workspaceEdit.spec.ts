import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, inspector, test } from './support/test.js';
import { DEMO_SERVER_PATH } from './support/servers.js';
import { scratchFolder } from './support/scratchFolder.js';

// The workspace page edits its file (issue 37, point 1): a server added from the connection form
// connects beside the others; one renamed keeps its session; one moved; one removed, its server
// stopped. The file on disk is read after each, as a reviewer would read it.

const folder = scratchFolder('mcp-inspect-e2e-workspace-edit-');
const file = join(folder, 'mcp-inspect.workspace.json');
// The one variable the run gives servers added from the page (as an import's).
process.env.WS_EDIT_GREETING = 'hello from the environment';

test.use({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a function asks for from its first parameter
  cliArgs: async ({}, use) => {
    const entry = (name: string) => ({ name, command: process.execPath, args: [DEMO_SERVER_PATH] });
    writeFileSync(
      file,
      `${JSON.stringify({ formatVersion: 1, servers: [entry('first'), entry('second')] }, null, 2)}\n`,
    );
    await use(['--all', '--workspace', file, '--allow-env', 'WS_EDIT_GREETING']);
  },
});

/** The servers' entries as the file on disk has them, in order. */
function onDisk(): { name: string; [key: string]: unknown }[] {
  return (JSON.parse(readFileSync(file, 'utf8')) as { servers: { name: string }[] }).servers;
}

function workspace(page: Page) {
  const list = page.getByRole('navigation', { name: 'Servers' });
  const row = (name: string) => list.locator(`li[data-server="${name}"]`);
  return {
    list,
    row,
    names: () => list.locator('li[data-server]').evaluateAll((rows) => rows.map((r) => r.dataset.server)),
    status: (name: string) => row(name).locator('.ws-status'),
    open: (name: string) =>
      row(name)
        .getByRole('button', { name: new RegExp(`^${name}`) })
        .click(),
  };
}

test('add a server from the form, rename, move and remove servers: the page and the file agree', async ({
  page,
  cli,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto(cli.url);
  const ws = workspace(page);
  for (const name of ['first', 'second'])
    await expect(ws.status(name)).toHaveText('connected', { timeout: 60_000 });

  // Add: the demo again, with a variable the run allows and one typed in clear.
  await page.getByRole('button', { name: 'Add a server' }).click();
  const form = page.getByRole('region', { name: 'Add a server' });
  await form.getByLabel('Name').fill('third');
  await form.getByLabel('Command', { exact: true }).fill(process.execPath);
  await form.getByLabel('Arguments').fill(DEMO_SERVER_PATH);
  await form.getByRole('button', { name: 'Add variable' }).click();
  await form.getByRole('textbox', { name: 'Environment variables: name 1' }).fill('GREETING');
  await form.getByLabel('Environment variables: value of GREETING').fill('${env:WS_EDIT_GREETING}');
  await form.getByRole('button', { name: 'Add variable' }).click();
  await form.getByRole('textbox', { name: 'Environment variables: name 2' }).fill('SERVICE_TOKEN');
  await form.getByLabel('Environment variables: value of SERVICE_TOKEN').fill('tok-typed-in-clear');
  await page.screenshot({ path: test.info().outputPath('add-form.png') });
  await form.getByRole('button', { name: 'Add to the workspace' }).click();
  await expect(form.getByRole('status')).toContainText('Added "third"');
  await expect(form.getByRole('status')).toContainText('set SERVICE_TOKEN');
  // Written as `workspace add` writes it: the secret a reference, never its value.
  expect(onDisk().map((server) => server.name)).toEqual(['first', 'second', 'third']);
  expect(onDisk()[2]).toEqual({
    name: 'third',
    args: [DEMO_SERVER_PATH],
    command: process.execPath,
    env: { GREETING: '${env:WS_EDIT_GREETING}', SERVICE_TOKEN: '${env:SERVICE_TOKEN}' },
  });
  expect(readFileSync(file, 'utf8')).not.toContain('tok-typed-in-clear');
  // SERVICE_TOKEN is not given to this run: the server says so in its row, the others run on.
  await expect(ws.status('third')).toHaveText('cannot start');
  await expect(ws.row('third')).toContainText('SERVICE_TOKEN');

  // A server added with only what the run allows connects, and its page works.
  await form.getByLabel('Name').fill('fourth');
  await form.getByLabel('Command', { exact: true }).fill(process.execPath);
  await form.getByLabel('Arguments').fill(DEMO_SERVER_PATH);
  await form.getByRole('button', { name: 'Add to the workspace' }).click();
  await expect(form.getByRole('status')).toContainText('Added "fourth"');
  await expect(ws.status('fourth')).toHaveText('connected', { timeout: 60_000 });
  await ws.open('fourth');
  const fourthFrame = page.frames().find((frame) => new URL(frame.url()).pathname === '/s/3/');
  if (!fourthFrame) throw new Error('no frame for the added server');
  const fourth = inspector(page, fourthFrame);
  await fourth.runTool('echo', { message: 'from the added server' });
  await expect(fourth.result).toContainText('from the added server');

  // Rename: the session is kept (its result still shown, still connected).
  const edits = (name: string) => ws.row(name).getByRole('group', { name: `Edit ${name}` });
  await edits('fourth').getByRole('button', { name: 'Rename' }).click();
  await edits('fourth').getByLabel('New name for fourth').fill('added');
  await edits('fourth').getByRole('button', { name: 'Save' }).click();
  await expect(ws.list.getByRole('status')).toHaveText('renamed "fourth" to "added": its session is kept');
  await expect(ws.status('added')).toHaveText('connected');
  await expect(fourth.result).toContainText('from the added server');
  expect(onDisk().map((server) => server.name)).toEqual(['first', 'second', 'third', 'added']);

  // Move: up one, to third place, in the list and in the file.
  await edits('added').getByRole('button', { name: 'Move added up' }).click();
  await expect.poll(ws.names).toEqual(['first', 'second', 'added', 'third']);
  expect(onDisk().map((server) => server.name)).toEqual(['first', 'second', 'added', 'third']);
  // Or dragged: the last row onto the first's place.
  await ws.row('third').dragTo(ws.row('first'));
  await expect.poll(ws.names).toEqual(['third', 'first', 'second', 'added']);
  expect(onDisk().map((server) => server.name)).toEqual(['third', 'first', 'second', 'added']);
  await expect(ws.list.getByRole('status')).toHaveText('moved "third" to position 1');
  await page.screenshot({ path: test.info().outputPath('after-move.png') });

  // Remove: asked once, the server stopped, gone from the list and the file; the others run on.
  await ws.open('second');
  await edits('second').getByRole('button', { name: 'Remove' }).click();
  await edits('second').getByRole('button', { name: 'Remove second from the workspace' }).click();
  await expect(ws.row('second')).toHaveCount(0);
  await expect(ws.list.getByRole('status')).toContainText('removed "second"');
  expect(onDisk().map((server) => server.name)).toEqual(['third', 'first', 'added']);
  await expect(ws.status('first')).toHaveText('connected');
  await expect(ws.status('added')).toHaveText('connected');

  // The terminal changes the file meanwhile: the page refuses to write over it, and says so.
  const changed = readFileSync(file, 'utf8').replace('"name": "third"', '"name": "third-renamed"');
  writeFileSync(file, changed);
  await ws.open('first');
  await edits('first').getByRole('button', { name: 'Move first down' }).click();
  await expect(edits('first').getByRole('alert')).toContainText('changed on disk since this page read it');
  expect(readFileSync(file, 'utf8')).toBe(changed);

  // A file that does not parse is left as it is; the page says where the mistake is.
  const broken = changed.replace('"name": "added",', '"name": "added"');
  writeFileSync(file, broken);
  await edits('first').getByRole('button', { name: 'Move first down' }).click();
  await expect(edits('first').getByRole('alert')).toContainText(/line \d+, column \d+/);
  await expect(edits('first').getByRole('alert')).toContainText('nothing written');
  expect(readFileSync(file, 'utf8')).toBe(broken);
});
