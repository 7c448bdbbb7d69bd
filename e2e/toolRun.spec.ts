import { expect, inspector, test } from './support/test.js';

// Running calls against the bundled demo server: confirmation, progress, cancel, timeout,
// several calls at once, and the arguments remembered per server and tool.

test('a tool that may be destructive asks first, until told not to for this tool', async ({ page, cli }) => {
  const ui = inspector(page);
  await page.goto(cli.url);
  await ui.pickTool('No annotations', 'annotations_absent');

  await ui.runButton.click();
  await expect(ui.confirmDialog).toBeVisible();
  await ui.confirmDialog.getByRole('button', { name: "Don't run" }).click();
  await expect(ui.confirmDialog).toHaveCount(0);
  await expect(ui.calls).toHaveCount(0);

  await ui.runButton.click();
  await ui.confirmDialog.getByRole('checkbox', { name: "Don't ask again for this tool" }).check();
  await ui.confirmDialog.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(ui.result).toContainText('ok');

  await ui.runButton.click();
  await expect(ui.calls).toHaveCount(2);
  await expect(ui.confirmDialog).toHaveCount(0);

  // A read-only tool never asks.
  await ui.pickTool('Echo', 'echo');
  await ui.form.getByRole('textbox', { name: 'message' }).fill('no question');
  await ui.runButton.click();
  await expect(ui.result).toContainText('no question');
});

test('progress shows while a call runs, and Cancel sends notifications/cancelled', async ({ page, cli }) => {
  const ui = inspector(page);
  const sent: string[] = [];
  page.on('websocket', (socket) => socket.on('framesent', ({ payload }) => sent.push(String(payload))));
  await page.goto(cli.url);
  await ui.pickTool('Slow count', 'slow_count');
  await ui.form.getByRole('spinbutton', { name: 'steps' }).fill('50');
  await ui.runButton.click();

  const call = ui.call(1);
  await expect(call.getByRole('status')).toHaveText('running');
  const progress = call.getByRole('progressbar', { name: 'Progress of call 1' });
  // Steps come every 200 ms: any step is proof that progress is shown.
  await expect(call).toContainText(/Step \d+\/50/);
  await expect(progress).toHaveAttribute('max', '50');
  expect(Number(await progress.getAttribute('value'))).toBeGreaterThanOrEqual(1);
  await expect(call).toContainText(/\d+(\.\d)? (ms|s)/);

  await call.getByRole('button', { name: 'Cancel call 1' }).click();
  await expect(call.getByRole('status')).toHaveText('cancelled');
  await expect(progress).toHaveCount(0);
  await expect.poll(() => sent.some((text) => text.includes('notifications/cancelled'))).toBe(true);
  const request = sent.find((text) => text.includes('"tools/call"'));
  expect(request).toContain('progressToken');
});

test('two calls in flight at once, each with its own result', async ({ page, cli }) => {
  const ui = inspector(page);
  await page.goto(cli.url);
  await ui.pickTool('Slow count', 'slow_count');
  // 60 steps of 200 ms: 12 s, room for a busy machine to send the second call and see it end.
  await ui.form.getByRole('spinbutton', { name: 'steps' }).fill('60');
  await ui.runButton.click();
  await ui.form.getByRole('spinbutton', { name: 'steps' }).fill('2');
  await ui.runButton.click();

  // The short call ends while the long one, sent first, still runs.
  await expect(ui.call(2).getByRole('status')).toHaveText('done');
  await expect(ui.call(2)).toContainText('Counted to 2');
  await expect(ui.call(1).getByRole('status')).toHaveText('running');
  await expect(ui.call(1).getByRole('status')).toHaveText('done', { timeout: 25_000 });
  await expect(ui.call(1)).toContainText('Counted to 60');
  // Newest first.
  await expect(ui.calls.first()).toHaveAccessibleName('Call 2');
});

test('a configurable timeout ends a silent call, and restarts on progress', async ({ page, cli }) => {
  const ui = inspector(page);
  await page.goto(cli.url);
  await ui.pickTool('Slow count', 'slow_count');
  await page.getByRole('spinbutton', { name: 'Timeout (s)' }).fill('1');

  await ui.form.getByRole('spinbutton', { name: 'steps' }).fill('1');
  await ui.form.getByRole('spinbutton', { name: 'delayMs' }).fill('3000');
  await ui.runButton.click();
  await expect(ui.call(1).getByRole('status')).toHaveText('timed out');
  // Said as the inspector's own timeout, not as the server's error.
  await expect(ui.call(1).getByRole('alert')).toContainText(
    "mcp-inspect stopped waiting after 1 s without an answer (the inspector's own timeout",
  );
  await expect(
    ui.traffic.getByRole('row').filter({ hasText: 'tools/call' }).filter({ hasText: 'timed out' }),
  ).toHaveCount(1);

  // Each step's progress comes within the second: the timeout keeps restarting.
  await ui.form.getByRole('spinbutton', { name: 'steps' }).fill('4');
  await ui.form.getByRole('spinbutton', { name: 'delayMs' }).fill('600');
  await ui.runButton.click();
  await expect(ui.call(2).getByRole('status')).toHaveText('done', { timeout: 10_000 });
  await expect(ui.call(2)).toContainText('Counted to 4');
});

test('arguments are remembered per tool, across a reload, and Reset clears them back to the defaults', async ({
  page,
  cli,
}) => {
  const ui = inspector(page);
  await page.goto(cli.url);
  await ui.pickTool('Slow count', 'slow_count');
  // The schema's default is shown, not filled in: the server applies it.
  const steps = ui.form.getByRole('spinbutton', { name: 'steps' });
  await expect(steps).toHaveValue('');
  await expect(steps).toHaveAttribute('placeholder', 'default: 5');
  await steps.fill('9');
  await ui.pickTool('Echo', 'echo');
  await ui.form.getByRole('textbox', { name: 'message' }).fill('remember me');

  await ui.pickTool('Slow count', 'slow_count');
  await expect(steps).toHaveValue('9');
  await page.reload();
  await ui.pickTool('Echo', 'echo');
  await expect(ui.form.getByRole('textbox', { name: 'message' })).toHaveValue('remember me');

  await ui.pickTool('Slow count', 'slow_count');
  await page.getByRole('button', { name: 'Reset' }).click();
  await expect(steps).toHaveValue('');
  await expect(ui.form.getByRole('spinbutton', { name: 'delayMs' })).toHaveAttribute(
    'placeholder',
    'default: 200',
  );
});
