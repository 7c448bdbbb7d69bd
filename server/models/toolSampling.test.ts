// Tool-enabled sampling answered by a model: a real SDK server (e2e/fixtures/toolSampling.mjs, in
// a child process, both eras) sends `sampling/createMessage` with `tools` to the core's client;
// the answerer drafts the reply through the official client of each provider against its
// scripted stand-in (the model picked by the request's preferences from the provider's list),
// the draft is approved as the person would, and the server runs the model's call and sends its
// tool_result back for the model's final answer.
import { afterEach, describe, expect, it } from 'vitest';
import type { CreateMessageRequest, Tool } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import type { Answerer } from '../../shared/core/answerer.js';
import { connectClient, createCoreClient } from '../../shared/core/clientSession.js';
import { callTool, type ToolCallEnd } from '../../shared/core/toolCall.js';
import { chooseModel, type ModelChoice } from '../../shared/models/modelChoice.js';
import { draftSampling, replyOf, type SamplingDraft } from '../../shared/models/samplingDraft.js';
import type { EraChoice } from '../../shared/eras.js';
import {
  startAnthropicStandIn,
  startOpenAIStandIn,
  type ProviderStandIn,
} from '../testSupport/modelStandIns.js';
import { fixturePath } from '../testSupport/targets.js';
import { makeProvider, resolveProviderSettings, type ProviderSettings } from './providerSettings.js';

const KEY = 'sk-tool-sampling-0123456789';
type Kind = 'openai' | 'anthropic';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()));
});

const PLAN_OUTING: Tool = { name: 'plan_outing', inputSchema: { type: 'object' } };

/** The stand-in of one provider, with the models it lists and a model that calls the weather tool. */
async function standIn(kind: Kind): Promise<ProviderStandIn> {
  const start = kind === 'openai' ? startOpenAIStandIn : startAnthropicStandIn;
  const started = await start(
    [
      { text: 'Let me check the weather.', calls: [{ name: 'weather_lookup', arguments: { city: 'Oslo' } }] },
      { text: 'Walk along the harbour: it is 18°C and clear.' },
    ],
    {
      key: KEY,
      models:
        kind === 'openai'
          ? ['gpt-4o-mini', 'local-sonnet-7b', 'local-sonnet-13b']
          : ['claude-opus-4', 'claude-sonnet-4', 'claude-haiku-4'],
    },
  );
  cleanups.push(() => started.close());
  return started;
}

/**
 * The page's way, headless: the model chosen by the preferences, the draft written by the
 * model, then approved as it stands (the person pressed Send reply), every ask recorded.
 */
async function modelAnswerer(kind: Kind, baseUrl: string) {
  const settings = resolveProviderSettings(
    { provider: kind, model: kind === 'openai' ? 'gpt-4o-mini' : 'claude-haiku-4', baseUrl },
    kind === 'openai' ? { OPENAI_API_KEY: KEY } : { ANTHROPIC_API_KEY: KEY },
  );
  if ('error' in settings) throw new Error(settings.error);
  const provider = await makeProvider({ ...(settings as ProviderSettings), maxRetries: 0 });
  const asked: Array<{ params: CreateMessageRequest['params']; choice: ModelChoice; draft: SamplingDraft }> =
    [];
  const answerer: Answerer = {
    samplingTools: true,
    elicit: () => Promise.reject(new Error('no elicitation here')),
    roots: () => [],
    sample: async (params) => {
      const choice = chooseModel({
        preferences: params.modelPreferences,
        configured: provider.model,
        listed: await provider.listModels(),
        candidates: [],
      });
      const { draft } = await draftSampling(params, {
        provider: kind,
        model: choice.model,
        step: (request) => provider.step(request),
      });
      asked.push({ params, choice, draft });
      const built = replyOf(draft);
      if ('problem' in built) throw new Error(built.problem);
      return built.reply;
    },
  };
  return { answerer, asked };
}

async function connectedFixture(era: EraChoice, answerer: Answerer) {
  const core = createCoreClient({ era, clientInfo: { name: 'tool-sampling-test', version: '0' }, answerer });
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [fixturePath('toolSampling.mjs')],
    stderr: 'pipe',
  });
  cleanups.push(() => core.client.close());
  await connectClient(core.client, transport);
  return core;
}

function textOf(end: ToolCallEnd): string {
  if (end.status !== 'done' || end.outcome.kind !== 'result')
    throw new Error(`the call did not end with a result: ${JSON.stringify(end)}`);
  return (end.outcome.result.content[0] as { text?: string } | undefined)?.text ?? '';
}

describe.each<Kind>(['openai', 'anthropic'])('tool-enabled sampling answered by the %s provider', (kind) => {
  it.each<EraChoice>(['legacy', 'modern'])(
    '%s era: the model’s tool_use goes back under the server’s name, its tool_result reaches the model in the provider’s format',
    async (era) => {
      const model = await standIn(kind);
      const { answerer, asked } = await modelAnswerer(kind, model.baseUrl);
      const { client, answerer: watched } = await connectedFixture(era, answerer);
      expect(client.getProtocolEra()).toBe(era);

      const end = await callTool({
        client,
        tool: PLAN_OUTING,
        args: { city: 'Oslo' },
        timeoutMs: 20_000,
        answerer: watched,
        owner: 'call:1',
      });
      const chosen = kind === 'openai' ? 'local-sonnet-7b' : 'claude-sonnet-4';
      // The server saw the model's call under its own tool name, with stopReason toolUse, and the
      // final answer from the model its hint chose.
      expect(textOf(end)).toBe(
        `Asked weather.lookup {"city":"Oslo"} (stopReason toolUse)\nFinal (from ${chosen}): Walk along the harbour: it is 18°C and clear.`,
      );
      expect(asked.map(({ choice }) => choice.model)).toEqual([chosen, chosen]);
      expect(asked[0]?.choice.why).toContain(
        `Hint "sonnet" matches ${kind === 'openai' ? 'local-sonnet-7b, local-sonnet-13b' : 'claude-sonnet-4'}.`,
      );
      expect(asked[0]?.draft).toMatchObject({
        text: 'Let me check the weather.',
        toolUses: [{ name: 'weather.lookup', argumentsText: '{"city":"Oslo"}' }],
        stopReason: 'toolUse',
      });

      // What each provider received: the chosen model, the request's settings, the tool renamed
      // as the provider allows, and in the second request the call and its result in its format.
      const [first, second] = model.requests.filter((request) => request.method === 'POST');
      expect(first?.body.model).toBe(chosen);
      expect(first?.body.temperature).toBe(0.2);
      if (kind === 'openai') {
        expect(first?.body).toMatchObject({
          max_tokens: 300,
          stop: ['THE END'],
          tool_choice: 'auto',
          tools: [{ type: 'function', function: { name: 'weather_lookup' } }],
        });
        const messages = second?.body.messages as Array<Record<string, unknown>>;
        expect(messages.map((message) => message.role)).toEqual(['system', 'user', 'assistant', 'tool']);
        expect(messages[2]).toMatchObject({
          tool_calls: [{ function: { name: 'weather_lookup', arguments: '{"city":"Oslo"}' } }],
        });
        expect(messages[3]).toMatchObject({ content: 'Oslo: 18°C, clear skies' });
        expect(messages[3]?.tool_call_id).toBe((messages[2]?.tool_calls as Array<{ id: string }>)[0]?.id);
      } else {
        expect(first?.body).toMatchObject({
          max_tokens: 300,
          stop_sequences: ['THE END'],
          system: 'You plan outings. Use the tools you are given.',
          tool_choice: { type: 'auto' },
          tools: [{ name: 'weather_lookup' }],
        });
        const messages = second?.body.messages as Array<{ role: string; content: unknown }>;
        expect(messages.map((message) => message.role)).toEqual(['user', 'assistant', 'user']);
        expect(messages[1]?.content).toEqual([
          { type: 'text', text: 'Let me check the weather.' },
          { type: 'tool_use', id: 'toolu_1_0', name: 'weather_lookup', input: { city: 'Oslo' } },
        ]);
        expect(messages[2]?.content).toEqual([
          { type: 'tool_result', tool_use_id: 'toolu_1_0', content: 'Oslo: 18°C, clear skies' },
        ]);
      }
      // The key went to the stand-in's listing and steps, and nowhere in what the server saw.
      expect(JSON.stringify(asked.map(({ draft }) => draft))).not.toContain(KEY);
    },
  );
});

describe('the sampling.tools capability', () => {
  it.each<EraChoice>(['legacy', 'modern'])(
    '%s era: an answerer that cannot answer with tool_use does not declare it, and the server may not send tools',
    async (era) => {
      let sampled = 0;
      const textOnly: Answerer = {
        elicit: () => Promise.reject(new Error('no elicitation here')),
        roots: () => [],
        sample: () => {
          sampled += 1;
          return Promise.resolve({ role: 'assistant', content: { type: 'text', text: 'hi' }, model: 'm' });
        },
      };
      const { client, answerer } = await connectedFixture(era, textOnly);
      const end = await callTool({
        client,
        tool: PLAN_OUTING,
        args: { city: 'Oslo' },
        timeoutMs: 20_000,
        answerer,
        owner: 'call:1',
      });
      expect(sampled).toBe(0);
      // The server's SDK refuses to send the request: the client did not declare sampling.tools.
      expect(JSON.stringify(end)).toMatch(
        /sampling\/createMessage.*did not declare|do not declare the required capability/,
      );
      if (era === 'modern')
        expect(JSON.stringify(end)).toContain('"requiredCapabilities":{"sampling":{"tools":{}}}');
    },
  );
});
