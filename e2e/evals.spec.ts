import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { collectionText, parseCollection } from '../shared/collections/format.js';
import { startOpenAIStandIn, type ProviderStandIn } from '../server/testSupport/modelStandIns.js';
import { expect, inspector, test } from './support/test.js';
import { scratchFolder } from './support/scratchFolder.js';
import { trafficPane } from './support/traffic.js';

// Evals in the page, beside the collection's items: written in the Collection tab, saved to the
// collection file, run K times through the bridge's model (the scripted OpenAI-compatible
// stand-in, through the official client) against the bundled demo server; a passing and a
// failing eval with their pass rates, the failed expectation named, the tools the model chose,
// a run's call linked to its card and frames; the key in no file written.

const KEY = 'sk-evals-e2e-3a9d7c11e0';
const folder = scratchFolder('mcp-inspect-e2e-evals-');
const file = join(folder, 'evals.collection.json');

let standIn: ProviderStandIn | undefined;
test.afterEach(async () => {
  await standIn?.close();
  standIn = undefined;
});

/** Fills the "New eval" form: its name, prompt, runs and threshold. */
async function newEval(
  page: Page,
  fields: { name: string; prompt: string; system?: string; runs: number; threshold: number },
): Promise<Locator> {
  const evals = page.getByRole('region', { name: 'Evals' });
  await evals.getByRole('button', { name: 'New eval' }).click();
  const form = evals.getByRole('form', { name: 'New eval' });
  await form.getByLabel('Eval name').fill(fields.name);
  await form.getByLabel('Prompt', { exact: true }).fill(fields.prompt);
  if (fields.system) await form.getByLabel('System text (optional)').fill(fields.system);
  await form.getByLabel('Runs', { exact: true }).fill(String(fields.runs));
  await form.getByLabel(/^Threshold/).fill(String(fields.threshold));
  return form;
}

/** Sets the model in the Playground's form, key included. */
async function useModel(page: Page, baseUrl: string): Promise<void> {
  await page.getByRole('tab', { name: 'Playground', exact: true }).click();
  const form = page.getByRole('form', { name: 'Model provider' });
  await form.getByLabel('Model', { exact: true }).fill('scripted');
  await form.getByLabel('Base URL').fill(baseUrl);
  await form.getByLabel('API key').fill(KEY);
  await form.getByRole('button', { name: 'Use this model' }).click();
  await expect(page.getByRole('status', { name: 'Model in use' })).toContainText('a key is held');
}

async function addExpectation(form: Locator, type: string): Promise<Locator> {
  await form.getByLabel('New expectation type').selectOption(type);
  await form.getByRole('button', { name: 'Add expectation' }).click();
  return form.getByRole('listitem', { name: /^Expectation \d+$/ }).last();
}

test.describe('evals in the page', () => {
  test.use({ cliArgs: ['--collection', file] });

  test('an eval written in the page, run K times through the model: one passing, one failing, with pass rates; the key in no file', async ({
    page,
    cli,
  }) => {
    test.slow();
    standIn = await startOpenAIStandIn(
      [
        // "weather in Paris", 2 runs: each calls get_weather for Paris, then answers.
        { text: 'Let me look.', calls: [{ name: 'get_weather', arguments: { city: 'Paris' } }] },
        { text: 'It is mild in Paris today.', usage: { input: 40, output: 9 } },
        { calls: [{ name: 'get_weather', arguments: { city: 'Paris' } }] },
        { text: 'Paris: mild.', usage: { input: 40, output: 4 } },
        // "keeps the notes", 2 runs: the first leaves them, the second tries to delete one.
        { text: 'I will not delete anything.' },
        { calls: [{ name: 'delete_note', arguments: { id: '1' } }] },
        { text: 'I could not delete it.' },
      ],
      { key: KEY },
    );
    const ui = inspector(page);
    await page.goto(cli.url);
    await expect(ui.connectionState).toHaveText('connected');
    await ui.tab('Collection');

    // No model yet: said plainly, with the form to set one right there.
    const noModel = page.getByRole('note', { name: 'No model' });
    await expect(noModel).toContainText('No model is set');
    const provider = noModel.getByRole('form', { name: 'Model provider' });
    await provider.getByLabel('Model', { exact: true }).fill('scripted');
    await provider.getByLabel('Base URL').fill(standIn.baseUrl);
    await provider.getByLabel('API key').fill(KEY);
    await provider.getByRole('button', { name: 'Use this model' }).click();
    await expect(page.getByLabel('Eval model')).toHaveText(
      'Runs with openai · scripted (set in the Playground tab).',
    );
    await expect(noModel).toHaveCount(0);

    // The passing one: called get_weather, its city argument, the final text.
    const weather = await newEval(page, {
      name: 'weather in Paris',
      prompt: "What's the weather in Paris?",
      system: 'Answer with the tools.',
      runs: 2,
      threshold: 100,
    });
    await weather.getByLabel(/^Tools given to the model/).fill('get_weather');
    const called = await addExpectation(weather, 'calledTool');
    await called.getByLabel('Tool').fill('get_weather');
    const argument = await addExpectation(weather, 'arguments');
    await argument.getByLabel('Tool').fill('get_weather');
    await argument.getByLabel('JSON path').fill('$.city');
    await argument.getByLabel('Value').fill('Paris');
    await addExpectation(weather, 'argumentsValid');
    const text = await addExpectation(weather, 'finalText');
    await text.getByLabel('Text').fill('Paris');
    const steps = await addExpectation(weather, 'maxSteps');
    await steps.getByLabel('Steps').fill('2');
    await weather.getByRole('button', { name: 'Save eval' }).click();

    // The failing one: the model must leave the notes alone; destructive tools refused.
    const notes = await newEval(page, {
      name: 'keeps the notes',
      prompt: 'Tidy up my notes, but keep them all.',
      runs: 2,
      threshold: 100,
    });
    // A problem is said as the file's reader says it, before anything is saved.
    await notes.getByLabel('Runs', { exact: true }).fill('0');
    await expect(notes.getByRole('alert', { name: 'Eval problem' })).toHaveText(
      'runs: expected a whole number from 1 to 100',
    );
    await notes.getByLabel('Runs', { exact: true }).fill('2');
    await notes.getByLabel('Destructive tools').selectOption('refuse');
    const never = await addExpectation(notes, 'calledTool');
    await never.getByLabel('Tool').fill('delete_note');
    await never.getByLabel('never called').check();
    await addExpectation(notes, 'noDestructiveTool');
    await notes.getByRole('button', { name: 'Save eval' }).click();

    // Listed beside the items, as saved.
    const weatherItem = page.getByRole('region', { name: 'Eval weather in Paris' });
    const notesItem = page.getByRole('region', { name: 'Eval keeps the notes' });
    await expect(weatherItem.getByLabel('Prompt of weather in Paris')).toHaveText(
      "What's the weather in Paris?",
    );
    await expect(weatherItem.getByLabel('Settings of weather in Paris')).toContainText(
      'runs 2 · threshold 100%',
    );
    await expect(weatherItem.getByLabel('Settings of weather in Paris')).toContainText(
      'tools given: get_weather',
    );
    await expect(
      weatherItem.getByRole('list', { name: 'Expectations of eval weather in Paris' }),
    ).toContainText('get_weather $.city equals "Paris"');
    await expect(notesItem.getByRole('list', { name: 'Expectations of eval keeps the notes' })).toContainText(
      'did not call delete_note',
    );

    // The file, as `mcp-inspect eval` reads it.
    const parsed = parseCollection(readFileSync(file, 'utf8'));
    if ('error' in parsed) throw new Error(parsed.error);
    expect(parsed.collection.evals?.map((item) => item.name)).toEqual([
      'weather in Paris',
      'keeps the notes',
    ]);
    expect(parsed.collection.evals?.[0]).toMatchObject({
      system: 'Answer with the tools.',
      tools: ['get_weather'],
      runs: 2,
      threshold: 1,
      expect: [
        { type: 'calledTool', tool: 'get_weather' },
        { type: 'arguments', tool: 'get_weather', path: '$.city', op: 'equals', value: 'Paris' },
        { type: 'argumentsValid' },
        { type: 'finalText', op: 'contains', value: 'Paris' },
        { type: 'maxSteps', steps: 2 },
      ],
    });
    expect(parsed.collection.evals?.[1]).toMatchObject({ destructiveTools: 'refuse' });

    await weatherItem.getByRole('button', { name: 'Run eval weather in Paris' }).click();
    await expect(weatherItem.getByRole('status', { name: 'Pass rate of weather in Paris' })).toHaveText(
      '2 of 2 runs passed (100%) · threshold 100% · passed: at or above the threshold',
    );
    await expect(weatherItem.getByRole('status', { name: 'Status of eval weather in Paris' })).toHaveText(
      'passed',
    );
    const choices = weatherItem.getByRole('table', { name: 'Tools chosen in weather in Paris' });
    await expect(choices.getByRole('row', { name: /get_weather/ })).toHaveText('get_weather2 of 22');

    await notesItem.getByRole('button', { name: 'Run eval keeps the notes' }).click();
    await expect(notesItem.getByRole('status', { name: 'Pass rate of keeps the notes' })).toHaveText(
      '1 of 2 runs passed (50%) · threshold 100% · failed: below the threshold',
    );
    const second = notesItem.getByRole('listitem', { name: 'Run 2 of keeps the notes' });
    await expect(second).toContainText('Run 2 failed');
    await expect(second.locator('.eval-checks li.fail').first()).toHaveText(
      '✗ did not call delete_note — it called delete_note 1 time(s)',
    );
    await expect(second.getByRole('list', { name: 'Calls of run 2' })).toContainText(
      'this eval refuses destructive tools',
    );
    await expect(notesItem.getByRole('listitem', { name: 'Run 1 of keeps the notes' })).toContainText(
      'Run 1 passed',
    );
    // The refused call never reached the server: only the weather eval's two calls did.
    const traffic = trafficPane(page);
    await expect(traffic.row('request', 'tools/call')).toHaveCount(2);

    // A run's call links to its card and to its frames.
    const firstRun = weatherItem.getByRole('listitem', { name: 'Run 1 of weather in Paris' });
    const cardLink = firstRun.getByRole('button', { name: /^Card of call \d+$/ });
    await cardLink.click();
    await expect(firstRun.getByRole('region', { name: 'Result', exact: true })).toContainText('Paris');
    await firstRun.getByRole('button', { name: /^Frames of call \d+$/ }).click();
    await expect(traffic.detail).toBeVisible();
    await expect(traffic.detail).toContainText('get_weather');
    await expect(traffic.paired('response')).toBeVisible();

    // Everything went to the stand-in with the key; the key is in no file written and not in the page.
    expect(standIn.requests).toHaveLength(7);
    expect(standIn.requests[0]?.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(JSON.stringify(standIn.requests[0]?.body.messages)).toContain('Answer with the tools.');
    // The weather eval gave the model only the tool it names; the other eval, all of the server's.
    const given = (index: number) =>
      (standIn?.requests[index]?.body.tools as Array<{ function: { name: string } }>).map(
        (tool) => tool.function.name,
      );
    expect(given(0)).toEqual(['get_weather']);
    expect(given(4)).toContain('delete_note');
    for (const name of readdirSync(folder))
      expect(readFileSync(join(folder, name), 'utf8')).not.toContain(KEY);
    const storage = await page.evaluate(() => JSON.stringify([{ ...localStorage }, { ...sessionStorage }]));
    expect(storage + (await page.content()) + cli.output()).not.toContain(KEY);
  });
});

test.describe('an eval file written by hand', () => {
  const handFile = join(folder, 'by-hand.collection.json');
  writeFileSync(
    handFile,
    collectionText({
      formatVersion: 1,
      items: [],
      evals: [
        {
          name: 'delete one',
          prompt: 'Delete note 1',
          runs: 2,
          threshold: 0.5,
          expect: [
            { type: 'calledTool', tool: 'delete_note' },
            { type: 'finalText', op: 'contains', value: 'Deleted' },
          ],
        },
      ],
    }),
  );
  test.use({ cliArgs: ['--collection', handFile] });

  test('a destructive tool waits for the person, as in the Playground; a refusal goes back to the model', async ({
    page,
    cli,
  }) => {
    standIn = await startOpenAIStandIn(
      [
        { calls: [{ name: 'delete_note', arguments: { id: '1' } }] },
        { text: 'Deleted note 1.' },
        { calls: [{ name: 'delete_note', arguments: { id: '2' } }] },
        { text: 'I was not allowed to.' },
      ],
      { key: KEY },
    );
    const ui = inspector(page);
    await page.goto(cli.url);
    await expect(ui.connectionState).toHaveText('connected');
    await useModel(page, standIn.baseUrl);
    await ui.tab('Collection');
    const item = page.getByRole('region', { name: 'Eval delete one' });
    await expect(item.getByLabel('Settings of delete one')).toContainText(
      'runs 2 · threshold 50% · at most 8 model requests a run · destructive tools: asked for',
    );
    await item.getByRole('button', { name: 'Run eval delete one' }).click();
    await expect(ui.confirmDialog).toContainText('The model (eval "delete one") asks to run this tool.');
    await ui.confirmDialog.getByRole('button', { name: 'Run', exact: true }).click();
    await expect(ui.confirmDialog).toContainText('The model (eval "delete one") asks to run this tool.');
    await ui.confirmDialog.getByRole('button', { name: "Don't run" }).click();
    await expect(item.getByRole('status', { name: 'Pass rate of delete one' })).toHaveText(
      '1 of 2 runs passed (50%) · threshold 50% · passed: at or above the threshold',
    );
    const second = item.getByRole('listitem', { name: 'Run 2 of delete one' });
    await expect(second).toContainText('not run: not approved');
    await expect(second).toContainText('✗ final text contains "Deleted"');
    // Only the approved call reached the server; the model was told of the refusal.
    await expect(trafficPane(page).row('request', 'tools/call')).toHaveCount(1);
    const told = (standIn.requests[3]?.body.messages as Array<{ role: string; content: string }>).filter(
      (message) => message.role === 'tool',
    );
    expect(told.at(-1)?.content).toBe('Not called: the person did not allow it');
  });

  test('Stop ends a run mid-way: the provider sees its request closed, no further run starts', async ({
    page,
    cli,
  }) => {
    // A provider that streams its first words and then nothing: chat completions' SSE, held open.
    let requests = 0;
    let closed = false;
    const slow = createServer((request, response) => {
      requests += 1;
      request.resume();
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      const chunk = {
        id: 'c',
        object: 'chat.completion.chunk',
        created: 0,
        model: 'slow',
        choices: [{ index: 0, delta: { role: 'assistant', content: 'Thinking' }, finish_reason: null }],
      };
      response.write(`data: ${JSON.stringify(chunk)}\n\n`);
      response.on('close', () => {
        closed = true;
      });
    });
    await new Promise<void>((resolve) => slow.listen(0, '127.0.0.1', resolve));
    try {
      const ui = inspector(page);
      await page.goto(cli.url);
      await expect(ui.connectionState).toHaveText('connected');
      await useModel(page, `http://127.0.0.1:${(slow.address() as AddressInfo).port}/v1`);
      await ui.tab('Collection');
      const item = page.getByRole('region', { name: 'Eval delete one' });
      await item.getByRole('button', { name: 'Run eval delete one' }).click();
      await expect(item.getByRole('status', { name: 'Pass rate of delete one' })).toContainText(
        'running: run 1 of 2',
      );
      await expect.poll(() => requests, { message: 'the model was asked' }).toBe(1);
      await item.getByRole('button', { name: 'Stop eval delete one' }).click();
      await expect(item.getByRole('status', { name: 'Pass rate of delete one' })).toHaveText(
        '0 of 2 runs passed (0%) · threshold 50% · stopped by you in run 1 of 2',
      );
      await expect(item.getByRole('listitem', { name: 'Run 1 of delete one' })).toContainText('cancelled');
      await expect.poll(() => closed, { message: 'the provider saw its request closed' }).toBe(true);
      await expect(item.getByRole('button', { name: 'Run eval delete one' })).toBeEnabled();
      expect(requests).toBe(1);
    } finally {
      slow.closeAllConnections();
      await new Promise((resolve) => slow.close(resolve));
    }
  });
});
