import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import {
  startOpenAIStandIn,
  type ProviderStandIn,
  type ScriptedTurn,
} from '../server/testSupport/modelStandIns.js';
import { fixtureStdio } from './support/servers.js';
import { expect, inspector, test } from './support/test.js';
import { trafficPane } from './support/traffic.js';

/** The person's own key: typed once into the page, and then found nowhere the page keeps things. */
const KEY = 'sk-playground-e2e-5f0c1d9a7b';

let standIn: ProviderStandIn | undefined;
test.afterEach(async () => {
  await standIn?.close();
  standIn = undefined;
});

async function modelStandIn(script: ScriptedTurn[], models?: string[]): Promise<ProviderStandIn> {
  standIn = await startOpenAIStandIn(script, { key: KEY, ...(models ? { models } : {}) });
  return standIn;
}

/** Sets the OpenAI-compatible stand-in as the model, in the Playground's form, key included. */
async function useModel(page: Page, baseUrl: string): Promise<void> {
  await page.getByRole('tab', { name: 'Playground', exact: true }).click();
  const form = page.getByRole('form', { name: 'Model provider' });
  await form.getByLabel('Model', { exact: true }).fill('scripted');
  await form.getByLabel('Base URL').fill(baseUrl);
  await form.getByLabel('API key').fill(KEY);
  await form.getByRole('button', { name: 'Use this model' }).click();
  await expect(page.getByRole('status', { name: 'Model in use' })).toHaveText(
    `In use: openai · scripted · ${baseUrl} · a key is held`,
  );
  // The field is emptied once sent: the page does not have the key any more.
  await expect(form.getByLabel('API key')).toHaveValue('');
}

/** Everything the page keeps or shows: its storage and its document. */
async function pageHoldings(page: Page): Promise<string> {
  const storage = await page.evaluate(() => JSON.stringify([{ ...localStorage }, { ...sessionStorage }]));
  return storage + (await page.content());
}

test.describe('the Playground', () => {
  test('the model calls the demo’s tools: a destructive one after the person’s approval, a mismatched argument flagged, the result back to the model, its answer shown; the key nowhere', async ({
    page,
    cli,
  }, testInfo) => {
    const model = await modelStandIn([
      {
        text: 'I will delete note 1.',
        calls: [{ name: 'delete_note', arguments: { id: '1' } }],
        usage: { input: 100, output: 12 },
      },
      {
        text: 'And note 2.',
        calls: [{ name: 'delete_note', arguments: { id: 2 } }],
        usage: { input: 150, output: 8 },
      },
      { text: 'Note 1 is gone; note 2 needs a string id.', usage: { input: 200, output: 10 } },
    ]);
    const ui = inspector(page);
    await page.goto(cli.url);
    await expect(ui.connectionState).toHaveText('connected');
    await useModel(page, model.baseUrl);

    // What the model receives: the tools, each change named.
    await page.getByText(/^What the model receives \(/).click();
    const translation = page.getByRole('region', { name: 'What the model receives' });
    await expect(translation.getByRole('listitem', { name: 'Translated delete_note' })).toContainText(
      'as the server defines it',
    );

    await page.getByRole('textbox', { name: 'Message' }).fill('Delete notes 1 and 2');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    const chat = page.getByRole('list', { name: 'Chat' });
    await expect(chat.getByLabel('Model text, step 1')).toContainText('I will delete note 1.');
    // delete_note is destructive: the page asks, as it does for the person's own call.
    await expect(ui.confirmDialog).toBeVisible();
    await expect(ui.confirmDialog).toContainText('The model asks to run this tool.');
    await expect(chat.getByRole('status', { name: 'Check of delete_note' }).first()).toHaveText(
      'Waiting for your approval',
    );
    expect(model.requests).toHaveLength(1);
    await ui.confirmDialog.getByRole('button', { name: 'Run', exact: true }).click();

    const firstCall = chat.getByRole('region', { name: 'Model call delete_note' }).first();
    await expect(firstCall.getByRole('region', { name: 'Result', exact: true })).toContainText('note 1');
    // The mismatched argument is flagged and not sent.
    const second = chat.getByRole('region', { name: 'Model call delete_note' }).nth(1);
    await expect(second.getByRole('alert', { name: 'Problem with delete_note' })).toContainText(
      'id: must be string',
    );
    await expect(second.getByRole('status', { name: 'Check of delete_note' })).toHaveText(
      'Flagged, not sent: the arguments do not fit the inputSchema',
    );
    await expect(chat.getByLabel('Model text, step 3')).toContainText('Note 1 is gone');
    await expect(chat.getByLabel('Turn summary')).toContainText(
      'answered · 3 steps · tokens: 450 in, 30 out',
    );

    // The call went through the page's call path: one tools/call in the traffic, not two.
    const traffic = trafficPane(page);
    await expect(traffic.row('request', 'tools/call')).toHaveCount(1);
    // The result reached the model, and the flagged call came back to it as an error.
    const toolMessages = (index: number) =>
      (model.requests[index]?.body.messages as Array<{ role: string; content: string }>).filter(
        (message) => message.role === 'tool',
      );
    expect(toolMessages(1).at(-1)?.content).toMatch(/note 1/);
    expect(toolMessages(2).at(-1)?.content).toMatch(/^Not called: the arguments do not fit/);
    // The key went to the provider, and only there.
    expect(model.requests[0]?.headers.authorization).toBe(`Bearer ${KEY}`);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export' }).click(),
    ]);
    const file = testInfo.outputPath('traffic.jsonl');
    await download.saveAs(file);
    const exported = readFileSync(file, 'utf8');
    expect(exported).toContain('tools/call');
    const held = exported + (await pageHoldings(page)) + cli.output();
    expect(held).not.toContain(KEY);
    // A reload asks the bridge again: it says a key is held, never the key.
    await page.reload();
    await page.getByRole('tab', { name: 'Playground', exact: true }).click();
    await expect(page.getByRole('status', { name: 'Model in use' })).toContainText('a key is held');
    expect(await pageHoldings(page)).not.toContain(KEY);
  });

  test('Stop aborts the model’s request mid-stream, the provider sees it closed, the chat goes on', async ({
    page,
    cli,
  }) => {
    // A provider that streams its first words and then nothing: chat completions' SSE, held open.
    let closed = false;
    const slow = createServer((request, response) => {
      request.resume();
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      const chunk = {
        id: 'c',
        object: 'chat.completion.chunk',
        created: 0,
        model: 'slow',
        choices: [{ index: 0, delta: { role: 'assistant', content: 'Thinking hard' }, finish_reason: null }],
      };
      response.write(`data: ${JSON.stringify(chunk)}\n\n`);
      response.on('close', () => {
        closed = true;
      });
    });
    await new Promise<void>((resolve) => slow.listen(0, '127.0.0.1', resolve));
    const baseUrl = `http://127.0.0.1:${(slow.address() as AddressInfo).port}/v1`;
    try {
      const ui = inspector(page);
      await page.goto(cli.url);
      await expect(ui.connectionState).toHaveText('connected');
      await useModel(page, baseUrl);
      await page.getByRole('textbox', { name: 'Message' }).fill('Hi');
      await page.getByRole('button', { name: 'Send', exact: true }).click();
      await expect(page.getByLabel('Model text, step 1')).toContainText('Thinking hard');
      await page.getByRole('button', { name: 'Stop the model' }).click();
      await expect(page.getByLabel('Turn summary')).toContainText('stopped by you · 1 step');
      await expect.poll(() => closed, { message: 'the provider saw its request closed' }).toBe(true);
      await expect(page.getByRole('button', { name: 'Send', exact: true })).toBeDisabled();
      await page.getByRole('textbox', { name: 'Message' }).fill('Again');
      await expect(page.getByRole('button', { name: 'Send', exact: true })).toBeEnabled();
    } finally {
      slow.closeAllConnections();
      await new Promise((resolve) => slow.close(resolve));
    }
  });

  test('a sampling request answered by the model, after the person read and sent it', async ({
    page,
    cli,
  }) => {
    const model = await modelStandIn([{ text: 'Welcome, Ada: your table awaits!' }]);
    const ui = inspector(page);
    await page.goto(cli.url);
    await expect(ui.connectionState).toHaveText('connected');
    await useModel(page, model.baseUrl);

    await ui.runTool('book_table', { restaurant: 'Chez MCP' });
    const call = ui.calls.first();
    const form = call.getByRole('article', { name: 'Elicitation request' });
    await form.getByLabel(/^name/i).fill('Ada');
    await form.getByLabel(/^seats/i).fill('2');
    await form.getByRole('button', { name: 'Accept' }).click();
    const sampling = call.getByRole('article', { name: 'Sampling request' });
    await sampling.getByRole('button', { name: 'Draft with model' }).click();
    await expect(sampling.getByLabel('Reply text')).toHaveValue('Welcome, Ada: your table awaits!');
    await expect(sampling.getByRole('status', { name: 'Draft status' })).toContainText(
      'Drafted by openai · scripted',
    );
    // Nothing went to the server yet: the person edits, then sends.
    await expect(ui.result).toHaveCount(0);
    await sampling.getByLabel('Reply text').fill('Welcome, Ada: your table for two awaits!');
    await sampling.getByRole('button', { name: 'Send reply' }).click();
    await expect(ui.result).toContainText(
      'Welcome line (from scripted): Welcome, Ada: your table for two awaits!',
    );
    // The model was given the server's messages (after the page asked for its list of models).
    const asked = JSON.stringify(model.requests.find((request) => request.method === 'POST')?.body.messages);
    expect(asked).toContain('Ada');
    expect(await pageHoldings(page)).not.toContain(KEY);
  });
});

test.describe('tool-enabled sampling drafted by the model', () => {
  test.use({ cliArgs: fixtureStdio('toolSampling.mjs') });

  test('the model chosen by the hint drafts a tool_use call; the person edits it and sends it, then the tool_result goes back to the model', async ({
    page,
    cli,
  }) => {
    // Two input rounds, each drafted by the model, on a machine that may be busy.
    test.slow();
    const model = await modelStandIn(
      [
        {
          text: 'Let me check the weather.',
          calls: [{ name: 'weather_lookup', arguments: { city: 'Oslo' } }],
        },
        { text: 'Walk along the harbour.' },
      ],
      ['gpt-4o-mini', 'local-sonnet-7b'],
    );
    const ui = inspector(page);
    await page.goto(cli.url);
    await expect(ui.connectionState).toHaveText('connected');
    await useModel(page, model.baseUrl);

    await ui.runTool('plan_outing', { city: 'Oslo' });
    const call = ui.calls.first();
    const sampling = call.getByRole('article', { name: 'Sampling request' });
    // The request's preferences pick the model from the provider's list, said; the person may change it.
    await expect(sampling.getByLabel('Why this model')).toContainText(
      'Hint "sonnet" matches local-sonnet-7b.',
    );
    await expect(sampling.getByLabel('Model to ask')).toHaveValue('local-sonnet-7b');
    await expect(sampling.getByLabel('Given to the model')).toContainText(
      'max tokens 300; temperature 0.2; stop sequences "THE END"; tools weather.lookup (as weather_lookup); tool choice auto',
    );

    await sampling.getByRole('button', { name: 'Draft with model' }).click();
    await expect(sampling.getByRole('status', { name: 'Draft status' })).toContainText(
      'Drafted by openai · local-sonnet-7b (1 tool call)',
    );
    const toolCall = sampling.getByRole('listitem', { name: 'Tool call weather.lookup' });
    await expect(toolCall.getByLabel('Arguments (JSON)')).toHaveValue('{"city":"Oslo"}');
    await expect(sampling.getByLabel('Stop reason')).toHaveValue('toolUse');
    await expect(sampling.getByLabel('Reply text')).toHaveValue('Let me check the weather.');
    // Nothing went to the server yet: the person edits the call, then sends it.
    await expect(ui.result).toHaveCount(0);
    // An edit that does not fit the tool's inputSchema is flagged before anything is sent.
    await toolCall.getByLabel('Arguments (JSON)').fill('{"town": "Bergen"}');
    await expect(toolCall.getByRole('alert', { name: 'Problem with weather.lookup' })).toContainText(
      'does not fit its inputSchema',
    );
    await toolCall.getByLabel('Arguments (JSON)').fill('{"city": "Bergen"}');
    await expect(toolCall.getByRole('alert', { name: 'Problem with weather.lookup' })).toHaveCount(0);
    await sampling.getByRole('button', { name: 'Send reply' }).click();

    // The server ran the call and asks again with its tool_result: the model drafts its answer.
    const again = call
      .getByRole('article', { name: 'Sampling request' })
      .filter({ hasText: 'Bergen: 18°C, clear skies' });
    await expect(again.getByRole('list', { name: 'Messages' })).toContainText('Bergen: 18°C, clear skies');
    await expect(call.getByRole('article', { name: 'Sampling request' })).toHaveCount(1);
    await again.getByRole('button', { name: 'Draft with model' }).click();
    await expect(again.getByLabel('Reply text')).toHaveValue('Walk along the harbour.');
    await expect(again.getByLabel('Stop reason')).toHaveValue('endTurn');
    await again.getByRole('button', { name: 'Send reply' }).click();

    await expect(ui.result).toContainText('Asked weather.lookup {"city":"Bergen"} (stopReason toolUse)');
    await expect(ui.result).toContainText('Final (from local-sonnet-7b): Walk along the harbour.');
    // The model got the edited call and its result in its own format.
    const steps = model.requests.filter((request) => request.method === 'POST');
    const messages = steps[1]?.body.messages as Array<{
      role: string;
      content: unknown;
      tool_calls?: unknown;
    }>;
    expect(messages.map((message) => message.role)).toEqual(['system', 'user', 'assistant', 'tool']);
    expect(JSON.stringify(messages[2]?.tool_calls)).toContain('{\\"city\\":\\"Bergen\\"}');
    expect(messages[3]?.content).toBe('Bergen: 18°C, clear skies');
    expect(await pageHoldings(page)).not.toContain(KEY);
  });
});
