import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { collectionText, type Collection } from '../shared/collections/format.js';
import { fixtureStdio } from './support/servers.js';
import { expect, inspector, test } from './support/test.js';
import { scratchFolder } from './support/scratchFolder.js';

// A secret typed into a tool's arguments is never written to the collection: the call is saved
// with `${env:MCPI_SECRET_NAME}` in its place (the name, from the argument's name or the
// inputSchema's writeOnly, behind a prefix of its own so a server cannot name the person's own
// variables), the person is told which variables to set, and a run in the page sends the real
// values, read from mcp-inspect's own environment, once the person gave them to that server.

const folder = scratchFolder('mcp-inspect-e2e-collection-secrets-');
const file = join(folder, 'secrets.collection.json');
const cloned = join(folder, 'cloned.collection.json');
const KEY = 'sk-e2e-typed-into-the-form';
const PIN = '271828';
const SERVER = `\`${fixtureStdio('secretArguments.mjs').join(' ')}\``;

// mcp-inspect inherits this worker's environment: the variables the saved items name.
test.beforeAll(() => {
  process.env.MCPI_SECRET_API_KEY = KEY;
  process.env.MCPI_SECRET_PIN = PIN;
  process.env.GITHUB_TOKEN = KEY;
});
test.afterAll(() => {
  delete process.env.MCPI_SECRET_API_KEY;
  delete process.env.MCPI_SECRET_PIN;
  delete process.env.GITHUB_TOKEN;
});

const cliArgs = (collection: string): string[] => [
  '--collection',
  collection,
  '--env',
  `FIXTURE_EXPECTED_KEY=${KEY}`,
  ...fixtureStdio('secretArguments.mjs'),
];

test.describe('a call saved from the page', () => {
  test.use({ cliArgs: cliArgs(file) });

  test('a secret argument is saved as ${env:MCPI_SECRET_NAME}, and a run in the page sends the real value once the person gives it', async ({
    page,
    cli,
  }) => {
    const ui = inspector(page);
    await page.goto(cli.url);
    await ui.runTool('sign_in', { user: 'ada', apiKey: KEY, pin: PIN });
    await expect(ui.result).toContainText('ada: key accepted, PIN of 6 digits');
    await ui.calls.first().getByRole('button', { name: 'Expect this result' }).click();
    await expect(ui.calls.first().getByRole('status').filter({ hasText: 'Saved as' })).toHaveText(
      `Saved as "sign_in" in ${file}. Secret values were not written: apiKey as \${env:MCPI_SECRET_API_KEY}, pin as \${env:MCPI_SECRET_PIN}. Set MCPI_SECRET_API_KEY, MCPI_SECRET_PIN in the environment of mcp-inspect (the page's runs) and of \`mcp-inspect test\`.`,
    );
    // The first line of the answer, from the looser checks, beside the snapshot proposed.
    await ui.calls
      .first()
      .getByRole('group', { name: 'Looser checks' })
      .getByRole('button', { name: '+ text contains "ada: key accepted, PIN of 6 digits"' })
      .click();
    await expect(ui.calls.first().getByRole('status').filter({ hasText: 'Added to' })).toBeVisible();
    const text = readFileSync(file, 'utf8');
    expect(text).not.toContain(KEY);
    expect(text).not.toContain(PIN);
    expect((JSON.parse(text) as Collection).items[0]).toMatchObject({
      arguments: { user: 'ada', apiKey: '${env:MCPI_SECRET_API_KEY}', pin: '${env:MCPI_SECRET_PIN}' },
    });

    await ui.tab('Collection');
    await page.getByRole('button', { name: 'Run all' }).click();
    // The run asks first, naming the variables and the server their values go to.
    const question = page.getByRole('alertdialog', { name: 'Give environment values?' });
    await expect(question).toContainText(
      `The items of ${file} use the variables MCPI_SECRET_API_KEY, MCPI_SECRET_PIN. The run would send their values, from the environment mcp-inspect was started in, to ${SERVER}.`,
    );
    await question.getByRole('button', { name: 'Give to this server' }).click();
    await expect(question).toBeHidden();
    await expect(page.getByRole('status', { name: 'Run summary' })).toHaveText('1 passed, 0 failed');
    await expect(page.getByLabel('Result of sign_in')).toContainText(
      '✓ text contains "ada: key accepted, PIN of 6 digits"',
    );
    // Given once, remembered for the file and the server: the next run does not ask.
    await page.getByRole('button', { name: 'Run sign_in' }).click();
    await expect(page.getByRole('status', { name: 'Status of sign_in' })).toHaveText('passed');
    await expect(question).toBeHidden();
    expect(readFileSync(file, 'utf8')).toBe(text);
  });
});

test.describe('a collection file someone else wrote', () => {
  // The file names the person's own GITHUB_TOKEN (an older name, or a hostile file's choice).
  test.beforeAll(() => {
    writeFileSync(
      cloned,
      collectionText({
        formatVersion: 1,
        items: [
          {
            name: 'sign in',
            kind: 'tool',
            tool: 'sign_in',
            arguments: { user: 'ada', apiKey: '${env:GITHUB_TOKEN}', pin: '1234' },
            expect: [{ type: 'textContains', text: 'key accepted' }],
          },
        ],
      }),
    );
  });
  test.use({ cliArgs: cliArgs(cloned) });

  test('a variable the file names is sent to no server until the person gives it; a no stops the run', async ({
    page,
    cli,
  }) => {
    const ui = inspector(page);
    await page.goto(cli.url);
    await ui.tab('Collection');
    await expect(page.getByRole('region', { name: 'Item sign in' })).toBeVisible();
    await page.getByRole('button', { name: 'Run all' }).click();
    const question = page.getByRole('alertdialog', { name: 'Give environment values?' });
    await expect(question).toContainText(`use the variable GITHUB_TOKEN. The run would send its value`);
    await expect(question).toContainText(`to ${SERVER}`);
    await question.getByRole('button', { name: "Don't give" }).click();
    await expect(page.getByRole('alert')).toHaveText(
      `the run stopped: GITHUB_TOKEN was not given to ${SERVER}`,
    );
    await expect(page.getByRole('status', { name: 'Run summary' })).toBeHidden();
    // Nothing reached the server: no tools/call in the traffic.
    await expect(ui.traffic.getByRole('row').filter({ hasText: 'tools/call' })).toHaveCount(0);

    // A no is not remembered: the next run asks again, and a yes lets the older name work.
    await page.getByRole('button', { name: 'Run all' }).click();
    await question.getByRole('button', { name: 'Give to this server' }).click();
    await expect(page.getByRole('status', { name: 'Run summary' })).toHaveText('1 passed, 0 failed');
    await expect(ui.traffic.getByRole('row').filter({ hasText: 'tools/call' })).toHaveCount(2);
  });
});
