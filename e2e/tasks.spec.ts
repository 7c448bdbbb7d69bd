import { expect, inspector, test } from './support/test.js';
import { trafficPane } from './support/traffic.js';
import { EVERYTHING_STDIO } from './support/servers.js';

// Tasks in both forms (issue 8, point 9): the 2026-07-28 extension (the demo decides to answer
// with a task when the page declares the extension), 2025-11-25 core tasks asked for per call
// ("Run as task"), and server-everything's task-required tool, which nobody here wrote.

test.describe('the demo under auto (modern tasks extension)', () => {
  test('a call answered with a task is followed to its result and listed in Tasks', async ({ page, cli }) => {
    const ui = inspector(page);
    await page.goto(cli.url);
    await expect(page.getByLabel('Protocol era')).toHaveText('modern · 2026-07-28');
    await ui.runTool('long_task', { steps: 3, stepMs: 200 });
    await expect(ui.result).toContainText('Counted all 3 steps.');
    await expect(ui.calls.first()).toContainText('The server ran this call as task');
    await page.getByRole('tab', { name: 'Tasks', exact: true }).click();
    const tasks = page.getByRole('table', { name: 'Tasks' });
    await expect(tasks.getByRole('row').filter({ hasText: 'long_task' })).toContainText('completed');
    await expect(tasks).toContainText('tasks extension');
  });

  test('Cancel in the Tasks tab cancels a running task, and its call says so', async ({ page, cli }) => {
    const ui = inspector(page);
    await page.goto(cli.url);
    await ui.runTool('long_task', { steps: 50, stepMs: 200 });
    await ui.tab('Tasks');
    const row = page.getByRole('table', { name: 'Tasks' }).getByRole('row').filter({ hasText: 'long_task' });
    await expect(row).toContainText('working');
    await row.getByRole('button', { name: 'Cancel' }).click();
    await expect(row).toContainText('cancelled');
    await expect(row.getByRole('button', { name: 'Cancel' })).toHaveCount(0);
    await expect(trafficPane(page).row('request', 'tasks/cancel')).toHaveCount(1);
    await ui.tab('Tools');
    await expect(ui.calls.first().getByRole('status', { name: /^Call \d+ status$/ })).toHaveText('cancelled');
  });

  test('a task that needs input asks on its call, and tasks/update carries the answer', async ({
    page,
    cli,
  }) => {
    const ui = inspector(page);
    await page.goto(cli.url);
    await ui.runTool('long_task', { steps: 2, stepMs: 100, askHalfway: true });
    const input = ui.calls.first().getByRole('region', { name: /^Input for call \d+$/ });
    const form = input.getByRole('article', { name: 'Elicitation request' });
    await expect(form).toContainText('Go on counting?');
    await form.getByRole('checkbox').first().check();
    await form.getByRole('button', { name: 'Accept' }).click();
    await expect(ui.result).toContainText('Counted all 2 steps.');
    await expect(trafficPane(page).row('request', 'tasks/update')).toHaveCount(1);
  });
});

test.describe('the demo under --era legacy (2025-11-25 core tasks)', () => {
  test.use({ cliArgs: ['--era', 'legacy'] });
  test('Run as task sends params.task and follows tasks/get and tasks/result', async ({ page, cli }) => {
    const ui = inspector(page);
    await page.goto(cli.url);
    await ui.pickTool('Long task', 'long_task');
    await page.getByRole('checkbox', { name: 'Run as task' }).check();
    await ui.form.getByRole('spinbutton', { name: 'steps' }).fill('2');
    await ui.form.getByRole('spinbutton', { name: 'stepMs' }).fill('200');
    await ui.runButton.click();
    await expect(ui.result).toContainText('Counted all 2 steps.');
    await page.getByRole('tab', { name: 'Tasks', exact: true }).click();
    const row = page.getByRole('table', { name: 'Tasks' }).getByRole('row').filter({ hasText: 'long_task' });
    await expect(row).toContainText('completed');
    await expect(row).toContainText('2025-11-25');
  });
});

test.describe('server-everything (legacy): a tool that requires a task', () => {
  test.use({ cliArgs: EVERYTHING_STDIO });
  test('runs as a task and ends with its report', async ({ page, cli }) => {
    const ui = inspector(page);
    await page.goto(cli.url);
    await ui.pickTool('Simulate Research Query', 'simulate-research-query');
    await expect(page.getByText('runs as a task (the tool requires it)')).toBeVisible();
    await ui.form.getByRole('textbox', { name: 'topic' }).fill('tides');
    await ui.runButton.click();
    await expect(ui.result).toContainText('Research Report: tides', { timeout: 30_000 });
    await page.getByRole('tab', { name: 'Tasks', exact: true }).click();
    await expect(
      page
        .getByRole('table', { name: 'Tasks' })
        .getByRole('row')
        .filter({ hasText: 'simulate-research-query' }),
    ).toContainText('completed');
  });
});
