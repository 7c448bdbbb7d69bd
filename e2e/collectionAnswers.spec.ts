import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { collectionText, type Collection } from '../shared/collections/format.js';
import { EVERYTHING_STDIO } from './support/servers.js';
import { expect, inspector, test } from './support/test.js';
import { scratchFolder } from './support/scratchFolder.js';

// The answers a person gives the server during a call go into the item saved from its card, and a
// run in the page replays them without asking anyone: the demo's book_table (a form, then a
// sampling reply) in both eras (modern input rounds answered on the card; a legacy server's own
// requests answered in the Requests tab). A legacy server's requests during a page run are
// answered from the item; an item with no saved answer fails at once, naming what it lacked
// (server-everything, which nobody here wrote).

const folder = scratchFolder('mcp-inspect-e2e-collection-answers-');

const savedFile = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Collection;

/** Nothing waits for the person: the Requests tab's count is empty. */
async function nothingAsked(page: Page): Promise<void> {
  await expect(page.getByRole('tab', { name: /^Requests/ })).toHaveText('Requests');
}

const BOOKED = 'Booked a table for 2 at Chez MCP under the name Ada.';

for (const era of ['modern', 'legacy'] as const) {
  test.describe(`the demo server, ${era} era`, () => {
    const file = join(folder, `${era}.collection.json`);
    test.use({ cliArgs: ['--era', era, '--collection', file] });

    test('the answers given during a call are saved with it, and a run replays them without asking', async ({
      page,
      cli,
    }) => {
      const ui = inspector(page);
      await page.goto(cli.url);
      await ui.runTool('book_table', { restaurant: 'Chez MCP' });
      const call = ui.calls.first();
      // Modern: the input rounds are put on the call's card. Legacy: the server's own requests
      // belong to no call, and wait in the Requests tab.
      const asks = era === 'modern' ? call : page.getByRole('list', { name: 'Server requests' });
      if (era === 'legacy') await page.getByRole('tab', { name: /^Requests/ }).click();
      const form = asks.getByRole('article', { name: 'Elicitation request' });
      await form.getByLabel(/^name/i).fill('Ada');
      await form.getByLabel(/^seats/i).fill('2');
      await form.getByRole('button', { name: 'Accept' }).click();
      const sampling = asks.getByRole('article', { name: 'Sampling request' });
      await sampling.getByLabel('Reply text').fill('Welcome, Ada!');
      await sampling.getByRole('button', { name: 'Send reply' }).click();
      await ui.tab('Tools');
      await expect(ui.result).toContainText(BOOKED);

      await call.getByRole('button', { name: 'Expect this result' }).click();
      await expect(call.getByRole('status').filter({ hasText: 'Saved as' })).toHaveText(
        `Saved as "book_table" in ${file}`,
      );
      // The result as it is (a snapshot) is proposed; its first line is added from the looser checks.
      await call
        .getByRole('group', { name: 'Looser checks' })
        .getByRole('button', { name: `+ text contains ${JSON.stringify(BOOKED)}` })
        .click();
      await expect(call.getByRole('status').filter({ hasText: 'Added to' })).toBeVisible();
      const item = savedFile(file).items[0];
      expect(item).toMatchObject({
        kind: 'tool',
        tool: 'book_table',
        answers: {
          elicitation: { action: 'accept', content: { name: 'Ada', seats: 2 } },
          samplingReply: 'Welcome, Ada!',
        },
      });
      expect(item?.expect).toContainEqual({ type: 'textContains', text: BOOKED });
      expect(item?.expect).toContainEqual(expect.objectContaining({ type: 'snapshot' }));

      await ui.tab('Collection');
      await page.getByRole('button', { name: 'Run all' }).click();
      await expect(page.getByRole('status', { name: 'Run summary' })).toHaveText('1 passed, 0 failed');
      await expect(page.getByLabel('Result of book_table')).toContainText(`✓ text contains "${BOOKED}"`);
      await nothingAsked(page);
    });
  });
}

test.describe('server-everything (legacy): its own requests during a page run', () => {
  const file = join(folder, 'everything.collection.json');
  const collection: Collection = {
    formatVersion: 1,
    items: [
      {
        name: 'answered',
        kind: 'tool',
        tool: 'trigger-elicitation-request',
        answers: { elicitation: { action: 'accept', content: { name: 'Grace Hopper', check: true } } },
        expect: [{ type: 'textContains', text: '- Name: Grace Hopper' }],
      },
      { name: 'not answered', kind: 'tool', tool: 'trigger-elicitation-request', expect: [] },
      {
        name: 'sampled',
        kind: 'tool',
        tool: 'trigger-sampling-request',
        arguments: { prompt: 'hi' },
        answers: { samplingReply: 'a reply saved in the file' },
        expect: [{ type: 'textContains', text: 'a reply saved in the file' }],
      },
    ],
  };
  test.beforeAll(() => writeFileSync(file, collectionText(collection)));
  test.use({ cliArgs: ['--collection', file, ...EVERYTHING_STDIO] });

  test('are answered from the items; one with no saved answer fails at once, naming it', async ({
    page,
    cli,
  }) => {
    await page.goto(cli.url);
    await expect(page.getByLabel('Protocol era')).toHaveText(/^legacy · /);
    await inspector(page).tab('Collection');
    await page.getByRole('button', { name: 'Run all' }).click();
    await expect(page.getByRole('status', { name: 'Run summary' })).toHaveText('2 passed, 1 failed');
    await expect(page.getByRole('status', { name: 'Status of answered' })).toHaveText('passed');
    await expect(page.getByRole('status', { name: 'Status of sampled' })).toHaveText('passed');
    await expect(page.getByRole('status', { name: 'Status of not answered' })).toHaveText('error');
    await expect(page.getByLabel('Result of not answered')).toContainText(
      'no saved answer for elicitation/create',
    );
    await nothingAsked(page);
    expect(readFileSync(file, 'utf8')).toBe(collectionText(collection));
  });
});
