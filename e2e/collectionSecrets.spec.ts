import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Collection } from '../shared/collections/format.js';
import { fixtureStdio } from './support/servers.js';
import { expect, inspector, test } from './support/test.js';
import { scratchFolder } from './support/scratchFolder.js';

// A secret typed into a tool's arguments is never written to the collection: the call is saved
// with `${env:NAME}` in its place (the name, from the argument's name or the inputSchema's
// writeOnly), the person is told which variables to set, and a run in the page sends the real
// values, read from mcp-inspect's own environment.

const folder = scratchFolder('mcp-inspect-e2e-collection-secrets-');
const file = join(folder, 'secrets.collection.json');
const KEY = 'sk-e2e-typed-into-the-form';
const PIN = '271828';

test.use({
  cliArgs: [
    '--collection',
    file,
    '--env',
    `FIXTURE_EXPECTED_KEY=${KEY}`,
    ...fixtureStdio('secretArguments.mjs'),
  ],
});
// mcp-inspect inherits this worker's environment: the variables the saved item names.
test.beforeAll(() => {
  process.env.API_KEY = KEY;
  process.env.PIN = PIN;
});
test.afterAll(() => {
  delete process.env.API_KEY;
  delete process.env.PIN;
});

test('a secret argument is saved as ${env:NAME}, and a run in the page sends the real value', async ({
  page,
  cli,
}) => {
  const ui = inspector(page);
  await page.goto(cli.url);
  await ui.runTool('sign_in', { user: 'ada', apiKey: KEY, pin: PIN });
  await expect(ui.result).toContainText('ada: key accepted, PIN of 6 digits');
  await ui.calls.first().getByRole('button', { name: 'Expect this result' }).click();
  await expect(ui.calls.first().getByRole('status').filter({ hasText: 'Saved as' })).toHaveText(
    `Saved as "sign_in" in ${file}. Secret values were not written: apiKey as \${env:API_KEY}, pin as \${env:PIN}. Set API_KEY, PIN in the environment of mcp-inspect (the page's runs) and of \`mcp-inspect test\`.`,
  );
  const text = readFileSync(file, 'utf8');
  expect(text).not.toContain(KEY);
  expect(text).not.toContain(PIN);
  expect((JSON.parse(text) as Collection).items[0]).toMatchObject({
    arguments: { user: 'ada', apiKey: '${env:API_KEY}', pin: '${env:PIN}' },
  });

  await ui.tab('Collection');
  await page.getByRole('button', { name: 'Run all' }).click();
  await expect(page.getByRole('status', { name: 'Run summary' })).toHaveText('1 passed, 0 failed');
  await expect(page.getByLabel('Result of sign_in')).toContainText(
    '✓ text contains "ada: key accepted, PIN of 6 digits"',
  );
  expect(readFileSync(file, 'utf8')).toBe(text);
});
