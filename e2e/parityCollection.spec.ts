import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { collectionText } from '../shared/collections/format.js';
import { fixtureStdio } from './support/servers.js';
import { expect, test } from './support/test.js';
import { scratchFolder } from './support/scratchFolder.js';

// The Server tab's "Check era parity" with the bridge's collection file (issue 25): the file's
// calls are run in the legacy and the modern era too, and a call whose result differs by era is
// named beside its legacy and modern values (e2e/fixtures/eraSplit.mjs greets differently per era).

const folder = scratchFolder('mcp-inspect-e2e-parity-');
const file = join(folder, 'split.collection.json');
writeFileSync(
  file,
  collectionText({
    formatVersion: 1,
    items: [
      { name: 'add', kind: 'tool', tool: 'add', arguments: { a: 1, b: 2 }, expect: [] },
      { name: 'greet Ada', kind: 'tool', tool: 'greet', arguments: { name: 'Ada' }, expect: [] },
    ],
  }),
);
test.use({ cliArgs: ['--collection', file, ...fixtureStdio('eraSplit.mjs')] });

test("Check era parity runs the collection's calls in both eras and names the call that differs", async ({
  page,
  cli,
}, testInfo) => {
  await page.goto(cli.url);
  await page.getByRole('tab', { name: 'Server', exact: true }).click();
  await page.getByRole('button', { name: 'Check era parity' }).click();
  await expect(page.getByRole('status', { name: 'Era parity' })).toHaveText(
    'The eras differ: 4 differences',
    {
      timeout: 30_000,
    },
  );
  await expect(page.getByLabel('Collection calls compared')).toHaveText(
    `With the 2 calls of ${file}, run in both eras`,
  );
  const table = page.getByRole('table', { name: 'Era differences' });
  const greeting = table.getByRole('row', { name: 'call "greet Ada" (tool greet): the results differ' });
  await expect(greeting).toContainText('$.calls["greet Ada"].content[0].text');
  await expect(greeting.locator('td.value.before')).toHaveText('"Hello, Ada"');
  await expect(greeting.locator('td.value.after')).toHaveText('"Hi, Ada"');
  await expect(table.getByRole('row', { name: /call "add"/ })).toHaveCount(0);
  await table.screenshot({ path: testInfo.outputPath('parity-collection.png') });
});
