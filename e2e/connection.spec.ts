import { realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { fixturePath } from './support/cli.js';
import { expect, inspector, test } from './support/test.js';
import { freePort } from './support/servers.js';

// Which server to inspect, chosen from the page: the bridge stops the current one and starts
// the new one, and secrets typed in the page never come back to it.

test('connects to another server from the connection settings', async ({ page, cli }) => {
  const ui = inspector(page);
  await page.goto(cli.url);
  await expect(ui.connectionState).toHaveText('connected');
  await page.getByRole('tab', { name: 'Connection' }).click();
  const settings = page.getByRole('region', { name: 'Connection settings' });
  await settings.getByLabel('Command', { exact: true }).fill('node');
  await settings.getByLabel('Arguments').fill(fixturePath('crashOnCall.mjs'));
  await settings.getByRole('button', { name: 'Add variable' }).click();
  await settings.getByLabel('Environment variables: name 1').fill('SECRET_TOKEN');
  const secret = settings.getByLabel('Environment variables: value of SECRET_TOKEN');
  await secret.fill('s3cr3t-value');
  // Masked as typed; shown only on asking, one row at a time.
  await expect(secret).toHaveAttribute('type', 'password');
  await settings.getByRole('button', { name: 'Show the value of SECRET_TOKEN' }).click();
  await expect(secret).toHaveAttribute('type', 'text');
  await settings.getByRole('button', { name: 'Hide the value of SECRET_TOKEN' }).click();
  await expect(secret).toHaveAttribute('type', 'password');
  await settings.getByRole('button', { name: 'Connect' }).click();

  await page.getByRole('tab', { name: 'Tools' }).click();
  await expect(ui.toolOption('Crash', 'crash')).toBeVisible();
  await expect(ui.connectionState).toHaveText('connected');
  await expect(page.getByRole('banner')).toContainText('crashOnCall.mjs');
  expect(cli.output()).toContain('now inspecting node');
  expect(cli.output()).not.toContain('s3cr3t-value');
});

test('a pasted server entry fills the form, and the export masks secrets', async ({ page, cli }) => {
  const port = await freePort();
  await page.goto(cli.url);
  await page.getByRole('tab', { name: 'Connection' }).click();
  await page
    .getByLabel('Server entry JSON')
    .fill(
      `{"mcpServers":{"web":{"type":"sse","url":"http://127.0.0.1:${port}/sse","headers":{"X-Api-Key":"k-123"}}}}`,
    );
  await page.getByRole('button', { name: 'Use this entry' }).click();
  const settings = page.getByRole('region', { name: 'Connection settings' });
  await expect(settings.getByLabel('URL', { exact: true })).toHaveValue(`http://127.0.0.1:${port}/sse`);
  await expect(settings.getByLabel('HTTP transport')).toHaveValue('sse');
  const exported = page.getByLabel('Exported server entry');
  await expect(exported).toContainText('"X-Api-Key": "********"');
  await page.getByLabel('include secret values I typed').check();
  await expect(exported).toContainText('"X-Api-Key": "k-123"');

  // Nothing listens there: the page says so instead of hanging.
  await settings.getByRole('button', { name: 'Connect' }).click();
  await expect(page.getByRole('alert', { name: 'Server problem' })).toContainText(
    `connection refused: nothing is listening at http://127.0.0.1:${port}/sse`,
  );
});

test('the working directory and the protocol era chosen in the form are used', async ({ page, cli }) => {
  const ui = inspector(page);
  await page.goto(cli.url);
  await expect(page.getByRole('banner').getByLabel('Protocol era')).toHaveText('modern · 2026-07-28');

  // The same demo server, asked for the legacy era.
  await page.getByRole('tab', { name: 'Connection' }).click();
  await ui.settings
    .getByLabel('Protocol era')
    .selectOption({ label: 'Legacy (2025-11-25 and earlier): initialize' });
  await ui.settings.getByRole('button', { name: 'Connect' }).click();
  await expect(page.getByRole('banner').getByLabel('Protocol era')).toHaveText(/^legacy · 2025-/);

  // A command run in another folder: it says where it runs, then exits.
  const folder = tmpdir();
  await ui.settings.getByLabel('Command', { exact: true }).fill('sh');
  await ui.settings.getByLabel('Arguments').fill(`-c 'echo "running in $(pwd)" >&2; exit 4'`);
  await ui.settings.getByLabel('Working directory').fill(folder);
  await ui.settings.getByRole('button', { name: 'Connect' }).click();
  await expect(ui.serverProblem).toContainText('exited with code 4');
  await expect(ui.serverProblem).toContainText(`running in ${realpathSync(folder)}`);
});

test('Stop ends the server and Connect starts it again; Restart starts a fresh run', async ({
  page,
  cli,
}) => {
  const ui = inspector(page);
  const bar = page.getByRole('banner');
  await page.goto(cli.url);
  await ui.pickTool('Echo', 'echo');

  // The tool stays open while the server is down; running it does not.
  await bar.getByRole('button', { name: 'Stop' }).click();
  await expect(ui.connectionState).toHaveText('stopped');
  await expect(bar.getByRole('button', { name: 'Stop' })).toBeDisabled();
  await expect(ui.toolPanel('echo')).toBeVisible();
  await expect(ui.runButton).toBeDisabled();

  await bar.getByRole('button', { name: 'Connect' }).click();
  await expect(ui.connectionState).toHaveText('connected');
  await ui.run({ message: 'after Connect' });
  await expect(ui.result).toContainText('after Connect');

  await bar.getByRole('button', { name: 'Restart' }).click();
  await expect(ui.traffic.getByRole('row').filter({ hasText: 'run 3: starting' })).toHaveCount(1);
  await expect(ui.connectionState).toHaveText('connected');
  await ui.run({ message: 'after Restart' });
  await expect(ui.result).toContainText('after Restart');
});
