import { expect, inspector, test } from './support/test.js';
import { EVERYTHING_STDIO, fixtureStdio } from './support/servers.js';
import { trafficPane } from './support/traffic.js';

test.describe('against server-everything', () => {
  test.use({
    cliArgs: EVERYTHING_STDIO,
  });

  test('lists resources and reads one with the result views', async ({ page, cli }) => {
    await page.goto(cli.url);
    await page.getByRole('tab', { name: 'Resources' }).click();
    const list = page.getByRole('listbox', { name: 'Resources' });
    await list.getByRole('option', { name: /architecture\.md/ }).click();
    const detail = page.getByRole('region', { name: 'Resource architecture.md' });
    await expect(detail).toContainText('text/markdown');
    await detail.getByRole('button', { name: 'Read' }).click();
    await expect(page.getByRole('region', { name: 'Resource contents' })).toContainText(
      '# Everything Server',
    );
  });

  test('fills a template from its variables, with the server’s completions', async ({ page, cli }) => {
    await page.goto(cli.url);
    await page.getByRole('tab', { name: 'Resources' }).click();
    await page
      .getByRole('listbox', { name: 'Resource templates' })
      .getByRole('option', { name: /Dynamic Text Resource/ })
      .click();
    const template = page.getByRole('region', { name: /^Template / });
    await template.getByRole('combobox', { name: 'resourceId' }).fill('1');
    await expect(template.getByLabel('Suggestions for resourceId')).toBeVisible();
    await expect(template.getByLabel('Expanded URI')).toHaveText('demo://resource/dynamic/text/1');
    await template.getByRole('button', { name: 'Read' }).click();
    await expect(page.getByRole('region', { name: 'Resource contents' })).toContainText(
      'demo://resource/dynamic/text/1',
    );
  });

  test('a subscribed resource shows the server’s update notifications, and re-reads', async ({
    page,
    cli,
  }) => {
    test.setTimeout(45_000);
    await page.goto(cli.url);
    await inspector(page).runTool('toggle-subscriber-updates');
    await expect(inspector(page).result).toContainText('Started');
    await page.getByRole('tab', { name: 'Resources' }).click();
    await page
      .getByRole('listbox', { name: 'Resources' })
      .getByRole('option', { name: /features\.md/ })
      .click();
    const detail = page.getByRole('region', { name: 'Resource features.md' });
    await detail.getByRole('button', { name: 'Subscribe' }).click();
    await expect(detail.getByRole('button', { name: 'Unsubscribe' })).toBeVisible();
    await expect(detail.getByRole('status', { name: 'Resource updated' })).toBeVisible({ timeout: 15_000 });
    await detail.getByRole('button', { name: 'Re-read' }).click();
    await expect(page.getByRole('region', { name: 'Resource contents' })).toContainText('features');

    await detail.getByRole('button', { name: 'Unsubscribe' }).click();
    await expect(detail.getByRole('button', { name: 'Subscribe' })).toBeVisible();
    await expect(trafficPane(page).row('request', 'resources/unsubscribe')).toHaveCount(1);
  });

  test('prompts take arguments with completions and show their messages', async ({ page, cli }) => {
    await page.goto(cli.url);
    await page.getByRole('tab', { name: 'Prompts' }).click();
    await page
      .getByRole('listbox', { name: 'Prompts' })
      .getByRole('option', { name: /completable-prompt/ })
      .click();
    const prompt = page.getByRole('region', { name: 'Prompt completable-prompt' });
    await prompt.getByRole('combobox', { name: 'department', exact: true }).fill('E');
    await expect(prompt.getByLabel('Suggestions for department')).toContainText('Engineering');
    await prompt.getByRole('combobox', { name: 'department', exact: true }).fill('Engineering');
    await prompt.getByRole('combobox', { name: 'name', exact: true }).fill('A');
    await expect(prompt.getByLabel('Suggestions for name')).toBeVisible();
    await prompt.getByRole('button', { name: 'Get prompt' }).click();
    const messages = page.getByRole('region', { name: 'Prompt messages' });
    await expect(messages.getByRole('listitem').first()).toContainText('user');
    await expect(messages).toContainText('Engineering');
  });
});

test('a list_changed notification refetches the list and highlights what was added', async ({
  page,
  cli,
}) => {
  // The demo's add_note adds a note, which is a resource: the server sends resources/list_changed.
  await page.goto(cli.url);
  await page.getByRole('tab', { name: 'Resources' }).click();
  const list = page.getByRole('listbox', { name: 'Resources' });
  await expect(list.getByRole('option')).not.toHaveCount(0);
  const before = await list.getByRole('option').count();
  await inspector(page).runTool('add_note', { text: 'from e2e' });
  await page.getByRole('tab', { name: 'Resources' }).click();
  await expect(list.getByRole('option')).toHaveCount(before + 1);
  await expect(list.locator('[role=option].added')).toHaveCount(1);
});

test('tools/list_changed refetches the tools and highlights the one added', async ({ page, cli }) => {
  const ui = inspector(page);
  await page.goto(cli.url);
  await expect(ui.tools.getByRole('option')).not.toHaveCount(0);
  await ui.runTool('toggle_bonus_tool');
  await expect(ui.result).toContainText('bonus is now listed');
  await page
    .getByRole('searchbox', { name: 'Filter tools' })
    .or(page.getByLabel('Filter tools'))
    .first()
    .fill('bonus');
  await expect(ui.tools.locator('[role=option].added')).toHaveCount(1);
  await ui.runTool('toggle_bonus_tool');
  await expect(page.getByRole('status', { name: 'Tools removed' })).toContainText('bonus');
});

test.describe('a server whose prompts change', () => {
  test.use({ cliArgs: fixtureStdio('listChanges.mjs') });

  test('prompts/list_changed refetches the prompts: the one added is highlighted and usable, the one removed is marked', async ({
    page,
    cli,
  }) => {
    const ui = inspector(page);
    await page.goto(cli.url);
    await ui.tab('Prompts');
    const prompts = page.getByRole('listbox', { name: 'Prompts' });
    await expect(prompts.getByRole('option')).toHaveText(['greeting']);

    await ui.runTool('add_prompt', { name: 'farewell' });
    await expect(ui.result).toContainText('added farewell');
    await expect(trafficPane(page).row('notifications/prompts/list_changed')).toHaveCount(1);
    await ui.tab('Prompts');
    await expect(prompts.getByRole('option')).toHaveText(['greeting', 'farewell']);
    await expect(prompts.getByRole('option', { name: 'farewell' })).toHaveClass(/added/);
    await prompts.getByRole('option', { name: 'farewell' }).click();
    await page.getByRole('button', { name: 'Get prompt' }).click();
    await expect(page.getByRole('region', { name: 'Prompt messages' })).toContainText('Say farewell.');

    await ui.runTool('remove_prompt', { name: 'greeting' });
    await expect(ui.result).toContainText('removed greeting');
    await ui.tab('Prompts');
    await expect(prompts.getByRole('option')).toHaveText(['farewell']);
    await expect(page.getByRole('status', { name: 'Prompts removed' })).toContainText('greeting');
  });
});
