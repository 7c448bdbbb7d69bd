import { expect, inspector, test } from './support/test.js';
import { fixtureStdio } from './support/servers.js';

test.describe('listing details', () => {
  test.use({ cliArgs: fixtureStdio('schemaShapes.mjs') });

  test('display names follow title, then annotations.title, then name, with the name visible', async ({
    page,
    cli,
  }) => {
    const ui = inspector(page);
    await page.goto(cli.url);
    await expect(page.getByText('12 tools', { exact: true })).toBeVisible();
    await expect(ui.toolOption('Primitives', 'primitives')).toBeVisible();
    await ui.pickTool('Described tool', 'described');
    await expect(ui.toolPanel('described').getByRole('heading', { level: 2 })).toHaveText('Described tool');
    await expect(ui.toolPanel('described').getByText('described', { exact: true })).toBeVisible();
  });

  test('hint badges show effective values, defaults marked, n/a when read-only', async ({ page, cli }) => {
    const ui = inspector(page);
    await page.goto(cli.url);
    const hints = (name: string) =>
      ui.toolPanel(name).getByRole('list', { name: 'Hints' }).getByRole('listitem');

    await ui.pickTool('Wipe', 'wipe');
    await expect(hints('wipe')).toHaveText([
      'read-only: no (default)',
      'destructive: yes (default)',
      'idempotent: no (default)',
      'open world: yes (default)',
    ]);
    await ui.pickTool('Described tool', 'described');
    await expect(hints('described')).toHaveText([
      'read-only: no',
      'destructive: no',
      'idempotent: yes',
      'open world: yes (default)',
    ]);
    await ui.pickTool('Primitives', 'primitives');
    await expect(hints('primitives')).toHaveText([
      'read-only: yes',
      'destructive: n/a (default)',
      'idempotent: n/a (default)',
      'open world: no',
    ]);
  });

  test('description as safe markdown; icons, outputSchema, taskSupport and _meta shown', async ({
    page,
    cli,
  }) => {
    const ui = inspector(page);
    await page.goto(cli.url);
    await ui.pickTool('Described tool', 'described');
    const panel = ui.toolPanel('described');

    await expect(panel.locator('strong', { hasText: 'markdown' })).toBeVisible();
    const link = panel.getByRole('link', { name: 'link' });
    await expect(link).toHaveAttribute('href', 'https://example.com/docs');
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', /noreferrer/);
    // Raw HTML is neither rendered nor run; an http image is not fetched.
    await expect(panel.locator('b, script')).toHaveCount(0);
    await expect(panel.getByRole('img', { name: 'pixel' })).toBeVisible();
    await expect(panel.getByRole('img', { name: 'tracker' })).toHaveCount(0);
    await expect(panel).toContainText('[image: tracker]');
    // Icons: the data: one is shown, the http one is not.
    await expect(panel.locator('img.tool-icon')).toHaveCount(1);

    const capabilities = panel.getByRole('list', { name: 'Capabilities' }).getByRole('listitem');
    await expect(capabilities).toHaveText(['output schema', 'task support: optional']);
    await panel.getByText('_meta', { exact: true }).click();
    await expect(panel.getByRole('tree', { name: 'Tool _meta' })).toContainText('team-e2e');
  });

  test('filter by name, title or description, and keyboard navigation', async ({ page, cli }) => {
    const ui = inspector(page);
    await page.goto(cli.url);
    const filter = page.getByRole('searchbox', { name: 'Filter tools' });

    await filter.fill('markdown');
    await expect(ui.tools.getByRole('option')).toHaveText(['Described tooldescribed']);
    await expect(page.getByText('1 of 12 tools')).toBeVisible();
    await filter.fill('key/value');
    await expect(ui.tools.getByRole('option')).toHaveCount(1);
    await filter.fill('UNION');
    await expect(ui.tools.getByRole('option')).toHaveCount(1);
    await filter.fill('');
    await expect(page.getByText('12 tools', { exact: true })).toBeVisible();

    await ui.tools.focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(ui.toolPanel('nested')).toBeVisible();
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    await expect(ui.toolPanel('described')).toBeVisible();
    await page.keyboard.press('Home');
    await page.keyboard.press('Enter');
    await expect(ui.toolPanel('primitives')).toBeVisible();
    await expect(ui.toolOption('Primitives', 'primitives')).toHaveAttribute('aria-selected', 'true');
  });
});

test.describe('5,000 tools', () => {
  test.use({ cliArgs: fixtureStdio('manyTools.mjs') });

  test('every page is listed, drawn virtually, filtered and reachable by keyboard', async ({ page, cli }) => {
    const ui = inspector(page);
    await page.goto(cli.url);
    await expect(page.getByText('5,000 tools', { exact: true })).toBeVisible();
    // Virtual: only the rows in view are in the page, each telling its place in the whole.
    expect(await ui.tools.getByRole('option').count()).toBeLessThan(100);
    await expect(ui.tools.getByRole('option').first()).toHaveAttribute('aria-setsize', '5000');

    await ui.tools.focus();
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    await expect(ui.toolPanel('tool_4999')).toBeVisible();
    await expect(ui.toolOption('Tool number 4999', 'tool_4999')).toBeInViewport();

    await page.getByRole('searchbox', { name: 'Filter tools' }).fill('tool_4321');
    await expect(page.getByText('1 of 5,000 tools')).toBeVisible();
    await ui.pickTool('Tool number 4321', 'tool_4321');
    await ui.form.getByRole('textbox', { name: 'value' }).fill('x');
    await ui.runButton.click();
    await expect(ui.result).toContainText('called tool_4321');
  });
});
