import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { collectionText, parseCollection, type Collection } from '../shared/collections/format.js';
import { expect, inspector, test } from './support/test.js';
import { scratchFolder } from './support/scratchFolder.js';

// Collections in the page against the bundled demo server: a call saved from its card (plain,
// and with "Expect this result"), the file written as `test` reads it, an expectation edited and
// saved, Run all with a verdict per expectation (expected against actual), and a chained file
// (a value taken from an earlier item's result) run from the page, its calls in the traffic.

const folder = scratchFolder('mcp-inspect-e2e-collections-');

test.describe('saving and editing', () => {
  const file = join(folder, 'saved.collection.json');
  test.use({ cliArgs: ['--collection', file] });

  test('save calls from their cards, edit an expectation, run all', async ({ page, cli }) => {
    // Three saves, an option added, an edit and a run of three items: past 30 s on a loaded machine.
    test.slow();
    const ui = inspector(page);
    await page.goto(cli.url);
    const weather = await ui.runTool('get_weather', { city: 'Paris' });
    await expect(weather).toContainText('Paris');
    await ui.calls.first().getByRole('button', { name: 'Expect this result' }).click();
    await expect(ui.calls.first().getByRole('status').filter({ hasText: 'Saved as' })).toHaveText(
      `Saved as "get_weather" in ${file}`,
    );
    // The weather is made up anew on each call: a field that holds is added from the looser checks.
    await ui.calls
      .first()
      .getByRole('group', { name: 'Looser checks' })
      .getByRole('button', { name: '+ $.structuredContent.city equals "Paris"' })
      .click();
    await expect(ui.calls.first().locator('.save-to-collection').getByRole('status')).toHaveText(
      `Added to "get_weather": $.structuredContent.city equals "Paris" in ${file}`,
    );
    const echo = await ui.runTool('echo', { message: 'hello' });
    await expect(echo).toContainText('hello');
    await ui.calls.first().getByRole('button', { name: 'Save to collection' }).click();
    await expect(ui.calls.first().getByRole('status').filter({ hasText: 'Saved as' })).toHaveText(
      `Saved as "echo" in ${file}`,
    );

    // A prompt get is saved the same way, from under its messages.
    await ui.tab('Prompts');
    await page
      .getByRole('listbox', { name: 'Prompts' })
      .getByRole('option', { name: /greeting/ })
      .click();
    const prompt = page.getByRole('region', { name: 'Prompt greeting' });
    await prompt.getByRole('combobox', { name: 'name', exact: true }).fill('Ada');
    await prompt.getByRole('button', { name: 'Get prompt' }).click();
    await expect(page.getByRole('region', { name: 'Prompt messages' })).toContainText('Ada');
    await prompt.getByRole('button', { name: 'Expect this result' }).click();
    await expect(prompt.getByRole('status').filter({ hasText: 'Saved as' })).toHaveText(
      `Saved as "greeting" in ${file}`,
    );

    // The file: what `mcp-inspect test` reads, in the stable form (sorted keys, one item per block).
    const text = readFileSync(file, 'utf8');
    const parsed = parseCollection(text);
    expect('collection' in parsed).toBe(true);
    const saved = (parsed as { collection: Collection }).collection;
    expect(collectionText(saved)).toBe(text);
    expect(saved.items.map((item) => item.name)).toEqual(['get_weather', 'echo', 'greeting']);
    expect(saved.items[2]).toMatchObject({ kind: 'prompt', prompt: 'greeting', arguments: { name: 'Ada' } });
    expect(saved.items[2]?.expect).toContainEqual(expect.objectContaining({ type: 'snapshot' }));
    expect(saved.items[0]).toMatchObject({ kind: 'tool', tool: 'get_weather', arguments: { city: 'Paris' } });
    expect(saved.items[0]?.expect).toContainEqual({
      type: 'path',
      path: '$.structuredContent.city',
      op: 'equals',
      value: 'Paris',
    });
    expect(saved.items[1]?.expect).toEqual([{ type: 'succeeds' }]);

    await ui.tab('Collection');
    await expect(page.getByLabel('Collection file')).toHaveText(file);
    const weatherItem = page.getByRole('region', { name: 'Item get_weather' });
    const editor = weatherItem.getByRole('group', { name: 'Expectations of get_weather' });
    await editor.getByRole('combobox', { name: 'New expectation type for get_weather' }).selectOption('path');
    await editor.getByRole('button', { name: 'Add expectation' }).click();
    const added = editor.getByRole('listitem').last();
    await added.getByRole('textbox', { name: 'JSON path' }).fill('$.structuredContent.conditions');
    await added.getByRole('combobox', { name: 'Operator' }).selectOption('equals');
    await added.getByRole('textbox', { name: 'Value' }).fill('"sunny and warm"');
    await editor.getByRole('button', { name: 'Save expectations' }).click();
    await expect(editor.getByRole('button', { name: 'Save expectations' })).toBeDisabled();
    await expect
      .poll(() => (JSON.parse(readFileSync(file, 'utf8')) as Collection).items[0]?.expect.at(-1))
      .toEqual({
        type: 'path',
        path: '$.structuredContent.conditions',
        op: 'equals',
        value: 'sunny and warm',
      });

    await page.getByRole('button', { name: 'Run all' }).click();
    await expect(page.getByRole('status', { name: 'Run summary' })).toHaveText('2 passed, 1 failed');
    await expect(page.getByRole('status', { name: 'Status of greeting' })).toHaveText('passed');
    await expect(page.getByRole('status', { name: 'Status of get_weather' })).toHaveText('failed');
    await expect(page.getByRole('status', { name: 'Status of echo' })).toHaveText('passed');
    const result = weatherItem.getByLabel('Result of get_weather');
    await expect(result).toContainText('✗ $.structuredContent.conditions equals "sunny and warm"');
    await expect(result).toContainText('expected: "sunny and warm"');
    await expect(result).toContainText(/actual: "[a-z ]+"/);
    await expect(result).toContainText('✓ $.structuredContent.city equals "Paris"');
    await page.screenshot({ path: test.info().outputPath('collection.png'), fullPage: true });
  });
});

test.describe('a chained collection', () => {
  const file = join(folder, 'chained.collection.json');
  const chained: Collection = {
    formatVersion: 1,
    items: [
      {
        name: 'weather',
        kind: 'tool',
        tool: 'get_weather',
        arguments: { city: 'Oslo' },
        expect: [{ type: 'outputSchema' }],
      },
      {
        name: 'echo the city',
        kind: 'tool',
        tool: 'echo',
        arguments: {
          message:
            'it is ${item:weather.structuredContent.conditions} in ${item:weather.structuredContent.city}',
        },
        expect: [{ type: 'textContains', text: 'in Oslo' }],
      },
    ],
  };
  test.beforeAll(() => writeFileSync(file, collectionText(chained)));
  test.use({ cliArgs: ['--collection', file] });

  test('runs in the page, the value taken from the earlier result; its calls in the traffic; the file untouched', async ({
    page,
    cli,
  }) => {
    const ui = inspector(page);
    await page.goto(cli.url);
    await ui.tab('Collection');
    await expect(page.getByRole('region', { name: 'Item echo the city' })).toBeVisible();
    await page.getByRole('button', { name: 'Run all' }).click();
    await expect(page.getByRole('status', { name: 'Run summary' })).toHaveText('2 passed, 0 failed');
    await expect(page.getByLabel('Result of echo the city')).toContainText('✓ text contains "in Oslo"');
    // Both calls went through the page's client: in the traffic like any other (request and response each).
    await expect(ui.traffic.getByRole('row').filter({ hasText: 'tools/call' })).toHaveCount(4);
    // One item again, alone: its chain's source is not run, so it says why it cannot.
    await page.getByRole('button', { name: 'Run echo the city' }).click();
    await expect(page.getByRole('status', { name: 'Status of echo the city' })).toHaveText('error');
    await expect(page.getByLabel('Result of echo the city')).toContainText(
      'the item "weather" has no result',
    );
    expect(readFileSync(file, 'utf8')).toBe(collectionText(chained));
  });
});
