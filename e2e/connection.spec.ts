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
  await settings.getByLabel('Environment variables: value of SECRET_TOKEN').fill('s3cr3t-value');
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
