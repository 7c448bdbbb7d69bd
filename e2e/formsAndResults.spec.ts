import type { Locator, Page } from '@playwright/test';
import { expect, inspector, test } from './support/test.js';
import { fixtureStdio } from './support/servers.js';

// formsAndResults.mjs is shaped like the real servers a person inspects; its tools echo the
// arguments they received, so each test checks what reached the server as well as the page.
test.use({ cliArgs: fixtureStdio('formsAndResults.mjs') });

async function open(page: Page, url: string, title: string, name: string) {
  const ui = inspector(page);
  await page.goto(url);
  await filterTo(page, name);
  await ui.pickTool(title, name);
  return ui;
}

/** The list is virtualized: filter to a tool, as a person would, so it is drawn. */
async function filterTo(page: Page, name: string): Promise<void> {
  await page.getByRole('searchbox', { name: 'Filter tools' }).fill(name);
}

function preview(page: Page): Locator {
  return page.getByRole('region', { name: 'Arguments to send' });
}

async function expectSent(ui: ReturnType<typeof inspector>, json: unknown): Promise<void> {
  await ui.runButton.click();
  await expect(ui.result).toContainText(`received ${JSON.stringify(json)}`);
}

test('every field is described, booleans too; markdown lists without a blank line after each line', async ({
  page,
  cli,
}) => {
  const ui = await open(page, cli.url, 'File operations', 'file_ops');
  await expect(ui.form.getByRole('checkbox', { name: 'dryRun' })).toHaveAccessibleDescription(
    'Report what would change, change nothing.',
  );
  await expect(ui.form.getByRole('checkbox', { name: 'force' })).toHaveAccessibleDescription(
    'Overwrite files that already exist at the target.',
  );
  await expect(ui.form.getByRole('combobox', { name: 'mode' })).toHaveAccessibleDescription(
    'What to do with each file.',
  );
  // The tool's description: lists drawn as lists, one line apart, not two.
  const items = ui.toolPanel('file_ops').getByRole('listitem');
  await expect(items.filter({ hasText: 'allowed roots' })).toBeVisible();
  const first = await items.filter({ hasText: 'allowed roots' }).boundingBox();
  const second = await items.filter({ hasText: 'Symbolic links' }).boundingBox();
  expect((second?.y ?? 0) - (first?.y ?? 0)).toBeLessThan(32);
  await page.screenshot({ path: test.info().outputPath('file_ops-form.png'), fullPage: true });
});

test('required arrays and objects are marked, and sent even when left empty', async ({ page, cli }) => {
  const ui = await open(page, cli.url, 'File operations', 'file_ops');
  await expect(ui.form.getByRole('group', { name: 'paths' })).toContainText('paths *');
  await expect(ui.form.getByRole('group', { name: 'options' })).toContainText('options *');
  await expect(preview(page)).toContainText('{"paths":[],"options":{}}');
  await expectSent(ui, { paths: [], options: {} });
});

test('defaults are shown, not sent, unless "Send defaults" is switched on', async ({ page, cli }) => {
  const ui = await open(page, cli.url, 'Defaults', 'defaults');
  await expect(ui.form.getByRole('textbox', { name: 'greeting' })).toHaveAttribute(
    'placeholder',
    'default: hello',
  );
  await expect(ui.form).toContainText('default "hello"');
  await expect(ui.form).toContainText('default true');
  await expect(ui.form.getByRole('checkbox', { name: 'loud' })).not.toBeChecked();
  await expect(preview(page)).toContainText('{}');
  await expect(preview(page)).toContainText('the server applies its defaults');
  await expectSent(ui, {});

  await preview(page).getByRole('switch', { name: 'Send defaults' }).check();
  await expect(preview(page)).toContainText('{"greeting":"hello","copies":3,"loud":true,"lang":"en"}');
  await ui.form.getByRole('checkbox', { name: 'loud' }).check();
  await ui.form.getByRole('checkbox', { name: 'loud' }).uncheck();
  // The defaults come in the schema's order; what was set stays as set.
  await expectSent(ui, { greeting: 'hello', copies: 3, loud: false, lang: 'en' });

  // A boolean that was set can be unset again: left out, the server's default applies.
  await preview(page).getByRole('switch', { name: 'Send defaults' }).uncheck();
  await ui.form.getByRole('button', { name: 'Unset loud' }).click();
  await expect(preview(page)).toContainText('{}');
});

test('unions are named by title, const or type, keep what was typed, and several types are typed by what is entered', async ({
  page,
  cli,
}) => {
  const ui = await open(page, cli.url, 'Unions of types', 'unions');
  const typeOf = (name: string): Locator => ui.form.getByRole('combobox', { name: `Type of ${name}` });
  await expect(typeOf('id').getByRole('option')).toHaveText(['string', 'number']);
  await expect(typeOf('flag').getByRole('option')).toHaveText(['boolean', 'string']);
  await expect(typeOf('width').getByRole('option')).toHaveText(['Automatic', 'Pixels']);
  await expect(ui.form.getByRole('group', { name: 'id', exact: true })).toContainText(
    'A numeric id or a slug.',
  );

  // What was typed goes along to the branch where it still means the same.
  await ui.form.getByRole('textbox', { name: 'id', exact: true }).fill('42');
  await typeOf('id').selectOption({ label: 'number' });
  await expect(ui.form.getByRole('spinbutton', { name: 'id', exact: true })).toHaveValue('42');
  await expect(preview(page)).toContainText('{"id":42}');

  // A value of several JSON types: 2.75 is a number, unless the person says string.
  const value = ui.form.getByRole('textbox', { name: 'value' });
  await value.fill('2.75');
  await expect(ui.form.getByRole('group', { name: 'value', exact: true })).toContainText('sent as number');
  await expect(preview(page)).toContainText('"value":2.75');
  await typeOf('value').selectOption({ label: 'string' });
  await expect(preview(page)).toContainText('"value":"2.75"');
  await typeOf('value').selectOption({ label: 'by what is typed' });
  await value.fill('true');
  await expect(preview(page)).toContainText('"value":true');

  await typeOf('width').selectOption({ label: 'Automatic' });
  // A nullable field keeps its description.
  await expect(ui.form.getByRole('textbox', { name: 'note' })).toHaveAccessibleDescription(
    'A note, or null to clear it.',
  );
  await ui.form.getByRole('checkbox', { name: 'limit is null' }).check();
  await expectSent(ui, { id: 42, value: true, width: 'auto', limit: null });
  await page.screenshot({ path: test.info().outputPath('unions-form.png'), fullPage: true });
});

test('choices are labelled from enumNames and titles; multi-selects are checkbox lists with their limits', async ({
  page,
  cli,
}) => {
  const ui = await open(page, cli.url, 'Choices and multi-selects', 'choices');
  await expect(ui.form.getByRole('combobox', { name: 'pet' }).getByRole('option')).toHaveText([
    '',
    'Cats',
    'Dogs',
    'Birds',
  ]);
  await ui.form.getByRole('combobox', { name: 'pet' }).selectOption({ label: 'Dogs' });
  await ui.form.getByRole('combobox', { name: 'size' }).selectOption({ label: 'Large' });
  await ui.form.getByRole('combobox', { name: 'tone' }).selectOption({ label: 'Cold colours' });

  const toppings = ui.form.getByRole('group', { name: 'toppings' });
  await expect(toppings).toContainText('1 to 2 choices');
  for (const name of ['cheese', 'ham', 'olives']) await toppings.getByRole('checkbox', { name }).check();
  await expect(toppings).toContainText('1 to 2 choices · 3 now');
  const why = page.getByRole('region', { name: 'Why Run will not send' });
  await expect(why).toContainText('toppings must NOT have more than 2 items');
  await toppings.getByRole('checkbox', { name: 'cheese' }).uncheck();

  const colours = ui.form.getByRole('group', { name: 'Colours' });
  await colours.getByRole('checkbox', { name: 'Blue' }).check();
  await colours.getByRole('checkbox', { name: 'Red' }).check();
  await expectSent(ui, {
    pet: 'pet-2',
    size: 'l',
    tone: 'cold',
    toppings: ['ham', 'olives'],
    colours: ['#f00', '#00f'],
  });
  await page.screenshot({ path: test.info().outputPath('choices-form.png'), fullPage: true });
});

test('a wrong-typed value from the JSON editor is said in words, and can be sent anyway', async ({
  page,
  cli,
}) => {
  // Monaco loads, then the form and the JSON editor trade the value twice: ~28 s on a busy 2-core machine.
  test.slow();
  const ui = await open(page, cli.url, 'Defaults', 'defaults');
  await ui.typeJson('{"copies": "three"}');
  await page.getByRole('button', { name: 'Form', exact: true }).click();
  await expect(ui.form.getByRole('note')).toContainText(
    'Holds "three", a string, where this field takes a number',
  );
  const why = page.getByRole('region', { name: 'Why Run will not send' });
  await expect(why).toContainText('copies must be integer');
  await expect(ui.runButton).toBeDisabled();
  await why.getByRole('button', { name: 'Send anyway' }).click();
  await expect(ui.result).toContainText('received {"copies":"three"}');
  await ui.form.getByRole('note').getByRole('button', { name: 'Clear' }).click();
  await expect(why).toHaveCount(0);
});

test('a new result scrolls into view', async ({ page, cli }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  const ui = await open(page, cli.url, 'File operations', 'file_ops');
  await ui.runButton.click();
  await expect(ui.result).toBeInViewport();
});

test('a result does not pull the page back when the person scrolled away meanwhile', async ({
  page,
  cli,
}) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  const ui = await open(page, cli.url, 'Slow report', 'slow_report');
  await ui.form.getByRole('spinbutton', { name: 'delayMs' }).fill('2000');
  await ui.runButton.click();
  // The new call is brought into view at once, still running.
  await expect(ui.call(1)).toBeInViewport();
  await expect(ui.call(1).getByRole('status', { name: 'Call 1 status' })).toHaveText('running');
  // The person goes back up to read the description while it runs.
  await ui.toolPanel('slow_report').getByRole('heading', { name: 'Slow report' }).hover();
  await page.mouse.wheel(0, -5000);
  await expect(ui.toolPanel('slow_report').getByRole('heading', { name: 'Slow report' })).toBeInViewport();
  await expect(ui.call(1).getByRole('status', { name: 'Call 1 status' })).toHaveText('done');
  await expect(ui.result).toContainText('report after 2000 ms');
  await expect(ui.result).not.toBeInViewport();
  await expect(ui.toolPanel('slow_report').getByRole('heading', { name: 'Slow report' })).toBeInViewport();
});

test('another tool opens at its top, and a tool without a title is named once', async ({ page, cli }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  const ui = await open(page, cli.url, 'File operations', 'file_ops');
  await ui.runButton.scrollIntoViewIfNeeded();
  await filterTo(page, 'untitled_tool');
  await ui.pickTool('untitled_tool', 'untitled_tool');
  const panel = ui.toolPanel('untitled_tool');
  await expect(panel.getByRole('heading', { name: 'untitled_tool' })).toBeInViewport();
  await expect(panel.getByText('untitled_tool', { exact: true })).toHaveCount(1);
});

test('a call waiting on the person says what for, is answered on its card, and the elicitation form labels its choices', async ({
  page,
  cli,
}) => {
  const ui = await open(page, cli.url, 'Ask the person', 'ask_person');
  await ui.runButton.click();
  const waiting = ui.call(1).getByRole('region', { name: 'Call 1 waits for you' });
  await expect(waiting).toContainText('the server asked for input (elicitation): “Which pets and toppings?”');
  await page.screenshot({ path: test.info().outputPath('waiting.png') });
  // The Requests tab holds it too; its link opens it there, focused.
  await waiting.getByRole('link', { name: 'Show it in Requests' }).click();
  await expect(page.getByRole('tab', { name: 'Requests (1 waiting)' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  const inRequests = page.getByRole('article', { name: 'Elicitation request' });
  await expect(page.getByRole('listitem').filter({ has: inRequests })).toBeFocused();
  await page.getByRole('tab', { name: 'Tools' }).click();

  const request = waiting.getByRole('article', { name: 'Elicitation request' });
  const form = request.getByRole('group', { name: 'Elicitation form' });
  await expect(form.getByRole('combobox', { name: 'Pet' }).getByRole('option')).toHaveText([
    '',
    'Cats',
    'Dogs',
  ]);
  await expect(form.getByRole('checkbox', { name: 'Subscribe' })).toHaveAccessibleDescription(
    'Send me the newsletter.',
  );
  await expect(form.getByRole('group', { name: 'Toppings' })).toContainText('1 to 2 choices');
  await form.getByRole('combobox', { name: 'Pet' }).selectOption({ label: 'Cats' });
  await form.getByRole('group', { name: 'Toppings' }).getByRole('checkbox', { name: 'olives' }).check();
  await form.getByRole('group', { name: 'Colours' }).getByRole('checkbox', { name: 'Red' }).check();
  await page.screenshot({ path: test.info().outputPath('elicitation.png') });
  await request.getByRole('button', { name: 'Accept' }).click();
  await expect(ui.result).toContainText(
    'elicited {"action":"accept","content":{"pet":"pet-1","toppings":["olives"],"colours":["#f00"]}}',
  );
  await expect(page.getByRole('tab', { name: 'Requests', exact: true })).toBeVisible();
});

test('ANSI colours are drawn, not shown as codes; a text is folded only when that hides a real part of it', async ({
  page,
  cli,
}) => {
  const ui = await open(page, cli.url, 'Coloured error', 'coloured_error');
  await ui.runButton.click();
  await expect(ui.result).toContainText('Error: expected "visible" but got "hidden"');
  await expect(ui.result).not.toContainText('[31m');
  await expect(ui.result.getByText('Error:', { exact: true })).toHaveCSS('color', 'rgb(248, 113, 113)');

  await filterTo(page, 'texts');
  await ui.pickTool('Texts near the fold', 'texts');
  await ui.runButton.click();
  const texts = ui.result.getByRole('article', { name: 'Text', exact: true });
  // 3,028 characters: folding at 3,000 would hide 28; shown whole.
  await expect(texts.first()).toContainText('3,028 characters');
  await expect(texts.first().getByRole('button', { name: 'Show more' })).toHaveCount(0);
  await expect(texts.first()).toContainText('abbbb');
  // 200 lines: folded after 24.
  await expect(texts.nth(1).getByRole('button', { name: 'Show more' })).toBeVisible();
});

test('the tool list tells declared destructive from destructive by default; one "don’t ask again" covers the server', async ({
  page,
  cli,
}) => {
  const ui = inspector(page);
  await page.goto(cli.url);
  await expect(ui.tools.getByRole('option', { name: 'untitled_tool' })).toHaveAccessibleDescription(
    'Destructive by default (no destructiveHint given): asks before running',
  );
  await filterTo(page, 'destructive');
  await expect(
    ui.tools.getByRole('option', { name: 'Declared destructive declared_destructive' }),
  ).toHaveAccessibleDescription('Declared destructive: asks before running');
  await ui.pickTool('Read-only, claims destructive', 'read_only_claims_destructive');
  await expect(
    ui.toolPanel('read_only_claims_destructive').getByRole('list', { name: 'Hints' }),
  ).toContainText('destructive: n/a (declared yes)');

  await filterTo(page, 'untitled');
  await ui.pickTool('untitled_tool', 'untitled_tool');
  await ui.runButton.click();
  await expect(ui.confirmDialog).toContainText('does not say whether it is destructive');
  await ui.confirmDialog.getByRole('checkbox', { name: "Don't ask again for this server" }).check();
  await ui.confirmDialog.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(ui.result).toContainText('received {}');

  await filterTo(page, 'declared_destructive');
  await ui.pickTool('Declared destructive', 'declared_destructive');
  await ui.runButton.click();
  await expect(ui.result).toContainText('received {}');
  await expect(ui.confirmDialog).toHaveCount(0);
});

test('the filter puts the exact name first', async ({ page, cli }) => {
  const ui = inspector(page);
  await page.goto(cli.url);
  await filterTo(page, 'base');
  await expect(ui.tools.getByRole('option')).toHaveText(['base', 'base64']);
});

test('resource URIs wrap at their separators, not mid-word', async ({ page, cli }) => {
  await page.setViewportSize({ width: 1100, height: 800 });
  await page.goto(cli.url);
  await page.getByRole('tab', { name: 'Resources' }).click();
  const option = page
    .getByRole('listbox', { name: 'Resources' })
    .getByRole('option', { name: /Open issues/ });
  await expect(option).toBeVisible();
  // The character before each line break the person sees.
  const endsOfLines = await option.locator('code').evaluate((code) => {
    const text = code.textContent ?? '';
    const range = document.createRange();
    const ends: string[] = [];
    let offset = 0;
    let lastTop: number | undefined;
    const walker = document.createTreeWalker(code, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (let i = 0; i < (node.textContent ?? '').length; i += 1) {
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const top = range.getBoundingClientRect().top;
        if (lastTop !== undefined && top > lastTop + 2) ends.push(text[offset + i - 1] ?? '');
        lastTop = top;
      }
      offset += (node.textContent ?? '').length;
    }
    return ends;
  });
  expect(endsOfLines.length).toBeGreaterThan(0);
  for (const end of endsOfLines) expect('/?&=#-_.').toContain(end);
});

test('logs: a virtualized grid whose columns line up, filtered by level', async ({ page, cli }) => {
  const ui = await open(page, cli.url, 'Log lines', 'log_lines');
  await ui.form.getByRole('spinbutton', { name: 'count' }).fill('2000');
  await ui.runButton.click();
  await expect(ui.result).toContainText('logged 2000');
  await page.getByRole('tab', { name: 'Logs' }).click();
  const panel = page.getByRole('region', { name: 'Server logs' });
  await expect(panel.getByRole('status', { name: 'Log count' })).toHaveText('2,000 messages');
  const rows = panel.getByRole('grid', { name: 'Log messages' }).getByRole('rowgroup').getByRole('row');
  // Only what is in view is drawn.
  expect(await rows.count()).toBeLessThan(100);
  const messageLefts = await rows.evaluateAll((elements) =>
    elements.map((row) =>
      Math.round(row.querySelectorAll('[role=gridcell]')[3]?.getBoundingClientRect().left ?? 0),
    ),
  );
  expect(new Set(messageLefts).size).toBe(1);
  await page.screenshot({ path: test.info().outputPath('logs.png') });

  // "Show from" keeps a level and those above it: the rows in view are of those levels only.
  const levelsInView = () =>
    rows.evaluateAll((elements) =>
      [
        ...new Set(elements.map((row) => row.querySelectorAll('[role=gridcell]')[1]?.textContent?.trim())),
      ].sort(),
    );
  const count = panel.getByRole('status', { name: 'Log count' });
  await panel.getByLabel('Show from').selectOption('warning');
  await expect(count).toHaveText('800 of 2,000 messages');
  await expect.poll(levelsInView).toEqual(['error', 'warning']);
  await panel.getByLabel('Show from').selectOption('error');
  await expect(count).toHaveText('400 of 2,000 messages');
  await expect.poll(levelsInView).toEqual(['error']);
  await rows.filter({ hasText: 'structured' }).first().click();
  await expect(panel.getByRole('region', { name: 'Log message' })).toContainText('structured');
  await panel.getByLabel('Show from').selectOption('debug');
  await expect(count).toHaveText('2,000 messages');
});
