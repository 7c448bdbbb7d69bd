import { expect, inspector, test } from './support/test.js';

// "Load test" on a tool in the page, against the bundled demo server: N calls counted by outcome
// with a live histogram and throughput chart, and a run for a duration ended early by Stop.

test('a load test: every call counted, a histogram and a throughput chart; Stop ends a long one', async ({
  page,
  cli,
}) => {
  const ui = inspector(page);
  await page.goto(cli.url);
  await ui.pickTool('Echo', 'echo');
  await ui.fillArguments({ message: 'load' });
  const panel = ui.toolPanel('echo');
  await panel.getByText('Load test', { exact: true }).click();
  const settings = panel.getByRole('group', { name: 'Load test settings' });
  await settings.getByRole('spinbutton', { name: 'Concurrency' }).fill('3');
  await settings.getByRole('spinbutton', { name: 'Requests' }).fill('40');
  await settings.getByRole('button', { name: 'Start load test' }).click();
  const result = panel.getByRole('region', { name: 'Load test result' });
  await expect(result.getByRole('status', { name: 'Load test status' })).toContainText('done: 40 calls');
  await expect(result.getByLabel('Load test counts')).toHaveText(
    'ok 40 · isError 0 · JSON-RPC error 0 · timeout 0',
  );
  await expect(result.getByLabel('Latency histogram').locator('.bar-row')).not.toHaveCount(0);
  await expect(result.getByRole('img', { name: /seconds$/ })).toBeVisible();
  await result.screenshot({ path: test.info().outputPath('load-result.png') });

  await settings.getByRole('radio', { name: 'By duration' }).check();
  await settings.getByRole('spinbutton', { name: 'Duration (s)' }).fill('120');
  await settings.getByRole('spinbutton', { name: 'Rate (/s)' }).fill('20');
  await settings.getByRole('button', { name: 'Start load test' }).click();
  await expect(result.getByRole('status', { name: 'Load test status' })).toContainText(
    /running: [1-9]\d* calls/,
  );
  await page.screenshot({ path: test.info().outputPath('load-test.png') });
  await settings.getByRole('button', { name: 'Stop' }).click();
  await expect(result.getByRole('status', { name: 'Load test status' })).toContainText('stopped');
  await expect(settings.getByRole('button', { name: 'Start load test' })).toBeEnabled();
});
