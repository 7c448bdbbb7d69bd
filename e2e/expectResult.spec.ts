import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Collection } from '../shared/collections/format.js';
import { expect, inspector, test } from './support/test.js';
import { scratchFolder } from './support/scratchFolder.js';

// "Expect this result" on a call card: the result as it is (a snapshot of the exact text), the
// looser checks offered to add, and one item per card: after "Save to collection" it sets the
// expectations of the item that made, rather than saving a second one beside it.

const folder = scratchFolder('mcp-inspect-e2e-expect-result-');
const file = join(folder, 'expect.collection.json');
test.use({ cliArgs: ['--collection', file] });

const savedFile = () => JSON.parse(readFileSync(file, 'utf8')) as Collection;

test('Save to collection, then Expect this result: one item, expecting the exact answer', async ({
  page,
  cli,
}) => {
  // A call, two saves, an option added and a run: on a loaded machine this outlasts 30 s.
  test.slow();
  const ui = inspector(page);
  await page.goto(cli.url);
  const echo = await ui.runTool('echo', { message: 'hello' });
  await expect(echo).toContainText('hello');
  const card = ui.calls.first();
  const said = card.locator('.save-to-collection').getByRole('status');
  await card.getByRole('button', { name: 'Save to collection' }).click();
  await expect(said).toHaveText(`Saved as "echo" in ${file}`);
  await card.getByRole('button', { name: 'Expect this result' }).click();
  await expect(said).toHaveText(`Expectations of "echo" set in ${file}`);

  await expect.poll(() => savedFile().items.map((item) => item.name)).toEqual(['echo']);
  const [item] = savedFile().items;
  expect(item?.expect[0]).toEqual({ type: 'succeeds' });
  expect(item?.expect[1]).toMatchObject({
    type: 'snapshot',
    value: { content: [{ type: 'text', text: 'hello' }] },
  });

  // The looser checks, to add as well (or instead, editing the item in the Collection tab).
  const looser = card.getByRole('group', { name: 'Looser checks' });
  await expect(looser.getByRole('button', { name: '+ text contains "hello"' })).toBeVisible();
  await looser.scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('expect-result.png') });
  await looser.getByRole('button', { name: '+ text contains "hello"' }).click();
  await expect(said).toHaveText(`Added to "echo": text contains "hello" in ${file}`);
  await expect
    .poll(() => savedFile().items[0]?.expect.at(-1))
    .toEqual({ type: 'textContains', text: 'hello' });
  expect(savedFile().items).toHaveLength(1);

  // The answer as it is holds on the next run.
  await ui.tab('Collection');
  await page.getByRole('button', { name: 'Run all' }).click();
  await expect(page.getByRole('status', { name: 'Run summary' })).toHaveText('1 passed, 0 failed');
  await expect(page.getByRole('region', { name: 'Item echo' }).getByLabel('Result of echo')).toContainText(
    '✓ matches the snapshot',
  );
  await page.screenshot({ path: test.info().outputPath('expect-result-run.png'), fullPage: true });
});
