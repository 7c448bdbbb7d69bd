import type { Page } from '@playwright/test';
import { expect, inspector, test } from './support/test.js';
import { fixtureStdio } from './support/servers.js';

// Each tool of schemaShapes.mjs echoes the arguments it received: every test fills the form as
// a person would and checks the exact JSON that reached the server.
test.use({ cliArgs: fixtureStdio('schemaShapes.mjs') });

async function open(page: Page, url: string, title: string, name: string) {
  const ui = inspector(page);
  await page.goto(url);
  await ui.pickTool(title, name);
  return ui;
}

async function expectSent(ui: ReturnType<typeof inspector>, json: unknown): Promise<void> {
  await ui.runButton.click();
  await expect(ui.result).toContainText(`received ${JSON.stringify(json)}`);
}

test('string, number, integer and boolean; unset optional fields are omitted', async ({ page, cli }) => {
  const ui = await open(page, cli.url, 'Primitives', 'primitives');
  await ui.form.getByRole('textbox', { name: 'text' }).fill('hi');
  await expectSent(ui, { text: 'hi' });

  await ui.form.getByRole('spinbutton', { name: 'ratio' }).fill('2.5');
  await ui.form.getByRole('spinbutton', { name: 'count' }).fill('42');
  await ui.form.getByRole('checkbox', { name: 'flag' }).check();
  await expectSent(ui, { text: 'hi', ratio: 2.5, count: 42, flag: true });
});

test('an invalid form does not send: the Run area says why, links to the field, offers Send anyway', async ({
  page,
  cli,
}) => {
  const ui = await open(page, cli.url, 'Primitives', 'primitives');
  const why = page.getByRole('region', { name: 'Why Run will not send' });
  await ui.form.getByRole('textbox', { name: 'text' }).fill('hi');
  await ui.form.getByRole('spinbutton', { name: 'count' }).fill('4.5');
  await expect(ui.form).toContainText('must be integer');
  await expect(ui.runButton).toBeDisabled();
  await expect(why).toContainText('count must be integer');
  await expect(ui.calls).toHaveCount(0);

  // A required field left empty is refused the same way; its link leads to it.
  await ui.form.getByRole('spinbutton', { name: 'count' }).fill('4');
  await ui.form.getByRole('textbox', { name: 'text' }).fill('');
  await expect(why).toContainText('text is required');
  await why.getByRole('link', { name: 'text' }).click();
  await expect(ui.form.getByRole('textbox', { name: 'text' })).toBeFocused();
  await expect(ui.calls).toHaveCount(0);

  // An author testing the server's own validation sends it anyway.
  await why.getByRole('button', { name: 'Send anyway' }).click();
  await expect(ui.result).toContainText('received {"count":4}');
});

test('enums of strings and numbers, and const+title choices, as labelled selects', async ({ page, cli }) => {
  const ui = await open(page, cli.url, 'Choices', 'choices');
  await expectSent(ui, {});
  await ui.form.getByRole('combobox', { name: 'color' }).selectOption('green');
  await ui.form.getByRole('combobox', { name: 'size' }).selectOption('2');
  await ui.form.getByRole('combobox', { name: 'level' }).selectOption({ label: 'High' });
  await ui.form.getByRole('combobox', { name: 'weight' }).selectOption({ label: 'Light' });
  await expectSent(ui, { color: 'green', size: 2, level: 'hi', weight: 0.5 });
});

test('nested objects, three levels deep', async ({ page, cli }) => {
  const ui = await open(page, cli.url, 'Nested objects', 'nested');
  const deep = ui.form
    .getByRole('group', { name: 'outer' })
    .getByRole('group', { name: 'inner' })
    .getByRole('group', { name: 'deep' });
  await deep.getByRole('textbox', { name: 'leaf' }).fill('bottom');
  await expectSent(ui, { outer: { inner: { deep: { leaf: 'bottom' } } } });
});

test('arrays of primitives and of objects: add, reorder, remove', async ({ page, cli }) => {
  const ui = await open(page, cli.url, 'Arrays', 'arrays');
  const tags = ui.form.getByRole('group', { name: 'tags' });
  for (const tag of ['a', 'b', 'c']) {
    await tags.getByRole('button', { name: 'Add item to tags' }).click();
    await tags
      .getByRole('group', { name: `Item ${tag.charCodeAt(0) - 96}` })
      .getByRole('textbox')
      .fill(tag);
  }
  await tags.getByRole('button', { name: 'Move item 2 up' }).click();
  await tags.getByRole('button', { name: 'Remove item 3' }).click();

  const points = ui.form.getByRole('group', { name: 'points' });
  await points.getByRole('button', { name: 'Add item to points' }).click();
  const point = points.getByRole('group', { name: 'Item 1' });
  await point.getByRole('spinbutton', { name: 'x' }).fill('1');
  await point.getByRole('spinbutton', { name: 'y' }).fill('2');
  await expectSent(ui, { tags: ['b', 'a'], points: [{ x: 1, y: 2 }] });
});

test('oneOf over object shapes has a branch picker', async ({ page, cli }) => {
  const ui = await open(page, cli.url, 'Union of shapes', 'union');
  await ui.form.getByRole('combobox').first().selectOption({ label: 'Rectangle' });
  await ui.form.getByRole('spinbutton', { name: 'width' }).fill('3');
  await ui.form.getByRole('spinbutton', { name: 'height' }).fill('4');
  await expectSent(ui, { shape: { kind: 'rectangle', width: 3, height: 4 } });
});

test('local $ref into $defs and definitions, and allOf', async ({ page, cli }) => {
  const ui = await open(page, cli.url, 'References and allOf', 'refs');
  await ui.form.getByRole('group', { name: 'home' }).getByRole('textbox', { name: 'city' }).fill('Lyon');
  await ui.form.getByRole('textbox', { name: 'owner' }).fill('A');
  await expect(ui.form).toContainText('must NOT have fewer than 2 characters');
  await ui.form.getByRole('textbox', { name: 'owner' }).fill('Al');
  const person = ui.form.getByRole('group', { name: 'person' });
  await person.getByRole('textbox', { name: 'first' }).fill('Ada');
  await person.getByRole('spinbutton', { name: 'age' }).fill('36');
  await expectSent(ui, { home: { city: 'Lyon' }, owner: 'Al', person: { first: 'Ada', age: 36 } });
});

test('nullable fields, both spellings, with an explicit null toggle', async ({ page, cli }) => {
  const ui = await open(page, cli.url, 'Nullable', 'nullable');
  await expectSent(ui, {});
  await ui.form.getByRole('checkbox', { name: 'note is null' }).check();
  await expect(ui.form.getByRole('textbox', { name: 'note' })).toHaveCount(0);
  await ui.form.getByRole('spinbutton', { name: 'limit' }).fill('5');
  await expectSent(ui, { note: null, limit: 5 });

  await ui.form.getByRole('checkbox', { name: 'note is null' }).uncheck();
  await ui.form.getByRole('checkbox', { name: 'limit is null' }).check();
  await ui.form.getByRole('textbox', { name: 'note' }).fill('text');
  await expectSent(ui, { note: 'text', limit: null });
});

test('formats and min/max, length and pattern checked inline; defaults shown, not sent', async ({
  page,
  cli,
}) => {
  const ui = await open(page, cli.url, 'Formats, defaults and constraints', 'formats');
  await expect(ui.form.getByRole('textbox', { name: 'greeting' })).toHaveValue('');
  await expect(ui.form.getByRole('textbox', { name: 'greeting' })).toHaveAttribute(
    'placeholder',
    'default: hello',
  );
  await expect(ui.form.getByRole('spinbutton', { name: 'copies' })).toHaveValue('');

  await ui.form.getByRole('textbox', { name: 'email' }).fill('not an email');
  await expect(ui.form).toContainText('must match format "email"');
  await ui.form.getByRole('spinbutton', { name: 'copies' }).fill('11');
  await expect(ui.form).toContainText('must be <= 10');
  await ui.form.getByRole('textbox', { name: 'code' }).fill('ab');
  await expect(ui.form).toContainText('must match pattern "^[A-Z]{3}$"');
  await expect(ui.runButton).toBeDisabled();
  await expect(ui.calls).toHaveCount(0);

  await ui.form.getByRole('textbox', { name: 'email' }).fill('ada@example.com');
  await ui.form.getByRole('spinbutton', { name: 'copies' }).fill('2');
  await ui.form.getByRole('textbox', { name: 'code' }).fill('ABC');
  await ui.form.getByRole('textbox', { name: 'site' }).fill('https://example.com/x');
  await ui.form.getByRole('textbox', { name: 'day' }).fill('2024-05-01');
  // In the order they were typed: nothing was prefilled.
  await expectSent(ui, {
    email: 'ada@example.com',
    copies: 2,
    code: 'ABC',
    site: 'https://example.com/x',
    day: '2024-05-01',
  });
});

test('an object with additionalProperties is a key/value editor', async ({ page, cli }) => {
  const ui = await open(page, cli.url, 'Key/value map', 'dictionary');
  const labels = ui.form.getByRole('group', { name: 'labels' });
  await labels.getByRole('button', { name: 'Add entry to labels' }).click();
  const entry = labels.getByRole('group', { name: /^Entry / });
  await entry.getByRole('textbox', { name: /^Key of entry/ }).fill('env');
  await entry.getByRole('textbox', { name: /^Key of entry/ }).blur();
  await labels
    .getByRole('group', { name: 'Entry env' })
    .getByRole('textbox', { name: 'env', exact: true })
    .fill('prod');
  await expectSent(ui, { labels: { env: 'prod' } });
});

test('a schema the form cannot draw opens the JSON editor with a note', async ({ page, cli }) => {
  const ui = await open(page, cli.url, 'Schema with a remote $ref', 'unrenderable');
  await expect(ui.toolPanel('unrenderable').getByRole('note')).toContainText(
    'No form for this tool: The schema refers to https://example.com/schemas/thing.json',
  );
  await expect(page.getByRole('button', { name: 'Form', exact: true })).toBeDisabled();
  await expect(ui.args).toBeAttached();
  await ui.typeJson('{"thing": {"any": 1}}');
  await expectSent(ui, { thing: { any: 1 } });
});

test('form and JSON keep every value when switching both ways', async ({ page, cli }) => {
  const ui = await open(page, cli.url, 'Arrays', 'arrays');
  const tags = ui.form.getByRole('group', { name: 'tags' });
  await tags.getByRole('button', { name: 'Add item to tags' }).click();
  await tags.getByRole('group', { name: 'Item 1' }).getByRole('textbox').fill('kept');

  await page.getByRole('button', { name: 'JSON', exact: true }).click();
  await expect(ui.toolPanel('arrays').locator('.monaco-editor')).toContainText('"kept"');
  await ui.typeJson('{"tags": ["kept", "added in json"], "points": [{"x": 7}]}');

  await page.getByRole('button', { name: 'Form', exact: true }).click();
  await expect(tags.getByRole('group', { name: 'Item 2' }).getByRole('textbox')).toHaveValue('added in json');
  const points = ui.form.getByRole('group', { name: 'points' });
  await expect(points.getByRole('spinbutton', { name: 'x' })).toHaveValue('7');
  await expectSent(ui, { tags: ['kept', 'added in json'], points: [{ x: 7 }] });

  // Broken JSON never reaches the form.
  await ui.typeJson('{"tags": nope}');
  await page.getByRole('button', { name: 'Form', exact: true }).click();
  await expect(ui.toolPanel('arrays').getByRole('alert').first()).toContainText(
    'Not valid JSON at line 1, column 11: unexpected "o"',
  );
  await expect(ui.runButton).toBeDisabled();
});
