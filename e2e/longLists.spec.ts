import type { Page } from '@playwright/test';
import { expect, test } from './support/test.js';
import { fixtureStdio } from './support/servers.js';

// 5,000 prompts and 5,000 resources, listed in pages of 500: the lists gather every page and
// draw only the rows in view, like the tool list (toolList.spec.ts).
test.use({ cliArgs: fixtureStdio('manyPromptsResources.mjs') });

/** Far below 5,000: the rows in view and a margin, whatever the window's height. */
const WINDOW_OF_ROWS = 100;

async function openTab(page: Page, name: string): Promise<void> {
  await page.getByRole('tab', { name, exact: true }).click();
}

test('5,000 prompts: every page listed, drawn virtually, scrolled to the end, filtered and picked', async ({
  page,
  cli,
}) => {
  await page.goto(cli.url);
  await openTab(page, 'Prompts');
  const list = page.getByRole('listbox', { name: 'Prompts' });
  await expect(page.getByText('5,000 prompts', { exact: true })).toBeVisible();
  await expect(list.getByRole('option').first()).toHaveAttribute('aria-setsize', '5000');
  expect(await list.getByRole('option').count()).toBeLessThan(WINDOW_OF_ROWS);

  // Scrolled to the bottom with the wheel, as a person would: the last prompt is drawn there.
  await list.hover();
  const last = list.getByRole('option', { name: 'Prompt number 4999 prompt_4999', exact: true });
  await expect(async () => {
    await page.mouse.wheel(0, 50_000);
    await expect(last).toBeInViewport({ timeout: 500 });
  }).toPass();
  expect(await list.getByRole('option').count()).toBeLessThan(WINDOW_OF_ROWS);
  await last.click();
  await expect(page.getByRole('region', { name: 'Prompt prompt_4999' })).toBeVisible();

  // The keyboard: Home, then the second one.
  await list.focus();
  await page.keyboard.press('Home');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('region', { name: 'Prompt prompt_0001' })).toBeVisible();

  await page.getByRole('searchbox', { name: 'Filter prompts' }).fill('prompt_4321');
  await expect(page.getByText('1 of 5,000 prompts')).toBeVisible();
  await list.getByRole('option', { name: 'Prompt number 4321 prompt_4321', exact: true }).click();
  const prompt = page.getByRole('region', { name: 'Prompt prompt_4321' });
  await prompt.getByRole('combobox', { name: 'topic', exact: true }).fill('lists');
  await prompt.getByRole('button', { name: 'Get prompt' }).click();
  await expect(page.getByRole('region', { name: 'Prompt messages' })).toContainText(
    'prompt_4321 about lists',
  );
});

test('5,000 resources: every page listed, drawn virtually, reached by End, filtered and read', async ({
  page,
  cli,
}) => {
  await page.goto(cli.url);
  await openTab(page, 'Resources');
  const list = page.getByRole('listbox', { name: 'Resources' });
  await expect(page.getByText('5,000 resources', { exact: true })).toBeVisible();
  await expect(list.getByRole('option').first()).toHaveAttribute('aria-setsize', '5000');
  expect(await list.getByRole('option').count()).toBeLessThan(WINDOW_OF_ROWS);
  // The templates keep their own list beside the long one.
  await expect(page.getByRole('listbox', { name: 'Resource templates' }).getByRole('option')).toHaveCount(2);

  await list.focus();
  await page.keyboard.press('End');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('region', { name: 'Resource resource_4999' })).toBeVisible();
  const last = list.getByRole('option', { name: /^Resource number 4999/ });
  await expect(last).toBeInViewport();
  await expect(last).toHaveAttribute('aria-selected', 'true');
  expect(await list.getByRole('option').count()).toBeLessThan(WINDOW_OF_ROWS);

  // By its URI, as well as its name.
  await page.getByRole('searchbox', { name: 'Filter resources' }).fill('many://resource/1234');
  await expect(page.getByText('1 of 5,000 resources')).toBeVisible();
  await page.getByRole('searchbox', { name: 'Filter resources' }).press('Enter');
  const detail = page.getByRole('region', { name: 'Resource resource_1234' });
  await detail.getByRole('button', { name: 'Read' }).click();
  await expect(page.getByRole('region', { name: 'Resource contents' })).toContainText(
    'contents of many://resource/1234',
  );
});
