import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { collectionText, parseCollection, type Collection } from '../shared/collections/format.js';
import { fixtureStdio } from './support/servers.js';
import { expect, inspector, test } from './support/test.js';
import { scratchFolder } from './support/scratchFolder.js';

// An item's name and arguments edited in the page beside its expectations (the JSON checked as
// typed: syntax with line and column, then the tool's inputSchema), and a chain built by
// clicking: "Take from an earlier item…" on an argument, a path picked from that item's last
// result. Saved through the same route, in the stable form `test` reads; a run uses the chain.

const folder = scratchFolder('mcp-inspect-e2e-collection-editing-');
const file = join(folder, 'edited.collection.json');

const saved = (path = file): Collection => {
  const text = readFileSync(path, 'utf8');
  const parsed = parseCollection(text);
  if ('error' in parsed) throw new Error(parsed.error);
  expect(collectionText(parsed.collection)).toBe(text);
  return parsed.collection;
};

test.describe('the demo server', () => {
  test.use({ cliArgs: ['--collection', file] });
  test('rename an item, edit arguments, take one from an earlier result by clicking, and run the chain', async ({
    page,
    cli,
  }) => {
    const ui = inspector(page);
    await page.goto(cli.url);
    await ui.runTool('get_weather', { city: 'Oslo' });
    await expect(ui.result).toContainText('Oslo');
    await ui.calls.first().getByRole('button', { name: 'Save to collection' }).click();
    await expect(ui.calls.first().getByRole('status').filter({ hasText: 'Saved as' })).toBeVisible();
    await ui.runTool('echo', { message: 'hello' });
    await expect(ui.result).toContainText('hello');
    await ui.calls.first().getByRole('button', { name: 'Save to collection' }).click();
    await expect(ui.calls.first().getByRole('status').filter({ hasText: 'Saved as' })).toBeVisible();

    await ui.tab('Collection');
    // A run first: the chain is picked from the earlier item's last result.
    await page.getByRole('button', { name: 'Run all' }).click();
    await expect(page.getByRole('status', { name: 'Run summary' })).toHaveText('2 passed, 0 failed');

    // Rename get_weather.
    const weather = page.getByRole('region', { name: 'Item get_weather' });
    await weather.getByText('Name and arguments', { exact: true }).click();
    const weatherEdit = weather.getByRole('group', { name: 'Edit get_weather' });
    await weatherEdit.getByRole('textbox', { name: 'Name of get_weather' }).fill('echo');
    await expect(weatherEdit).toContainText('another item is named "echo"');
    await expect(weatherEdit.getByRole('button', { name: 'Save name and arguments' })).toBeDisabled();
    await weatherEdit.getByRole('textbox', { name: 'Name of get_weather' }).fill('weather in Oslo');
    await weatherEdit.getByRole('button', { name: 'Save name and arguments' }).click();
    await expect(page.getByRole('region', { name: 'Item weather in Oslo' })).toBeVisible();
    await expect.poll(() => saved().items.map((item) => item.name)).toEqual(['weather in Oslo', 'echo']);

    // The echo's arguments: checked as typed.
    const echo = page.getByRole('region', { name: 'Item echo' });
    await echo.getByText('Name and arguments', { exact: true }).click();
    const echoEdit = echo.getByRole('group', { name: 'Edit echo' });
    const args = echoEdit.getByRole('textbox', { name: 'Arguments of echo' });
    await expect(args).toHaveValue('{\n  "message": "hello"\n}');
    await args.fill('{\n  "message" "hello"\n}');
    await expect(echoEdit.getByRole('alert')).toContainText(/^line 2, column \d+: /);
    await expect(echoEdit.getByRole('button', { name: 'Save name and arguments' })).toBeDisabled();
    await args.fill('{ "message": 5 }');
    await expect(echoEdit.getByLabel('Schema problems of echo')).toContainText('message: must be string');

    // The chain, by clicking: the message taken from the weather's city.
    await echoEdit.getByRole('button', { name: 'Take message from an earlier item' }).click();
    const source = echoEdit.getByRole('group', { name: 'Source of message' });
    await expect(source.getByRole('combobox', { name: 'Earlier item' })).toHaveValue('weather in Oslo');
    await source
      .getByRole('combobox', { name: 'Path in its result' })
      .selectOption('$.structuredContent.city');
    await echo.screenshot({ path: test.info().outputPath('item-editor.png') });
    await source.getByRole('button', { name: 'Use' }).click();
    await expect(args).toHaveValue('{\n  "message": "${item:weather in Oslo.structuredContent.city}"\n}');
    await echoEdit.getByRole('button', { name: 'Save name and arguments' }).click();
    await expect
      .poll(() => saved().items[1])
      .toMatchObject({
        name: 'echo',
        tool: 'echo',
        arguments: { message: '${item:weather in Oslo.structuredContent.city}' },
      });
    // Nothing else in the file changed: the weather item is as it was saved, but for its name.
    expect(saved().items[0]).toMatchObject({
      kind: 'tool',
      tool: 'get_weather',
      arguments: { city: 'Oslo' },
    });

    // An expectation that only the chained value meets, then a run.
    const editor = echo.getByRole('group', { name: 'Expectations of echo' });
    await editor
      .getByRole('combobox', { name: 'New expectation type for echo' })
      .selectOption('textContains');
    await editor.getByRole('button', { name: 'Add expectation' }).click();
    await editor.getByRole('listitem').last().getByRole('textbox', { name: 'Text' }).fill('Oslo');
    await editor.getByRole('button', { name: 'Save expectations' }).click();
    await expect(editor.getByRole('button', { name: 'Save expectations' })).toBeDisabled();
    await page.getByRole('button', { name: 'Run all' }).click();
    await expect(page.getByRole('status', { name: 'Run summary' })).toHaveText('2 passed, 0 failed');
    await expect(page.getByLabel('Result of echo')).toContainText('✓ text contains "Oslo"');
    await page.screenshot({ path: test.info().outputPath('collection-editing.png'), fullPage: true });
  });
});

test.describe('a notes server with random ids', () => {
  const notesFile = join(folder, 'notes.collection.json');
  test.use({ cliArgs: ['--collection', notesFile, ...fixtureStdio('notesById.mjs')] });

  test('create, then read back with the created id: the chain built by clicking, proved after a restart', async ({
    page,
    cli,
  }) => {
    const ui = inspector(page);
    await page.goto(cli.url);
    const created = await ui.runTool('create_note', { text: 'milk' });
    await expect(created).toContainText(/created n-[0-9a-f]{8}/);
    const id = /n-[0-9a-f]{8}/.exec((await created.textContent()) ?? '')?.[0] ?? '';
    await ui.calls.first().getByRole('button', { name: 'Save to collection' }).click();
    await expect(ui.calls.first().getByRole('status').filter({ hasText: 'Saved as' })).toBeVisible();
    // The person reads it back by the id they see, and saves that too.
    await expect(await ui.runTool('get_note', { id })).toContainText(`note ${id}: milk`);
    await ui.calls.first().getByRole('button', { name: 'Save to collection' }).click();
    await expect(ui.calls.first().getByRole('status').filter({ hasText: 'Saved as' })).toBeVisible();

    // A fresh run of the server has no notes: the id typed by hand is gone.
    await ui.tab('Collection');
    await page.getByRole('banner').getByRole('button', { name: 'Restart' }).click();
    // The new run, not the old one still saying "connected".
    await expect(ui.traffic.getByRole('row').filter({ hasText: 'run 2: starting' })).toHaveCount(1);
    await expect(ui.connectionState).toHaveText('connected');
    await page.getByRole('button', { name: 'Run all' }).click();
    await expect(page.getByRole('status', { name: 'Run summary' })).toHaveText('1 passed, 1 failed');
    await expect(page.getByRole('status', { name: 'Status of get_note' })).toHaveText('failed');

    // The chain, by clicking: the id taken from create_note's last result.
    const read = page.getByRole('region', { name: 'Item get_note' });
    await read.getByText('Name and arguments', { exact: true }).click();
    const edit = read.getByRole('group', { name: 'Edit get_note' });
    await edit.getByRole('button', { name: 'Take id from an earlier item' }).click();
    const source = edit.getByRole('group', { name: 'Source of id' });
    await expect(source.getByRole('combobox', { name: 'Earlier item' })).toHaveValue('create_note');
    await source.getByRole('combobox', { name: 'Path in its result' }).selectOption('$.structuredContent.id');
    await source.getByRole('button', { name: 'Use' }).click();
    await expect(edit.getByRole('textbox', { name: 'Arguments of get_note' })).toHaveValue(
      '{\n  "id": "${item:create_note.structuredContent.id}"\n}',
    );
    await edit.getByRole('button', { name: 'Save name and arguments' }).click();
    await expect
      .poll(() => saved(notesFile).items[1])
      .toMatchObject({ arguments: { id: '${item:create_note.structuredContent.id}' } });
    // Its expectation: the text of whichever note it reads back.
    const editor = read.getByRole('group', { name: 'Expectations of get_note' });
    await editor
      .getByRole('combobox', { name: 'New expectation type for get_note' })
      .selectOption('textContains');
    await editor.getByRole('button', { name: 'Add expectation' }).click();
    await editor.getByRole('listitem').last().getByRole('textbox', { name: 'Text' }).fill(': milk');
    await editor.getByRole('button', { name: 'Save expectations' }).click();
    await expect(editor.getByRole('button', { name: 'Save expectations' })).toBeDisabled();

    // Now the chain reads back what the run created.
    await page.getByRole('button', { name: 'Run all' }).click();
    await expect(page.getByRole('status', { name: 'Run summary' })).toHaveText('2 passed, 0 failed');
    await expect(page.getByLabel('Result of get_note')).toContainText('✓ text contains ": milk"');
  });
});
