import { afterEach, describe, expect, it } from 'vitest';
import { translateTools } from '../../shared/models/toolTranslation.js';
import {
  startAnthropicStandIn,
  startOpenAIStandIn,
  type ProviderStandIn,
  type ScriptedTurn,
} from '../testSupport/modelStandIns.js';
import { ModelFailure } from './modelFailure.js';
import { makeProvider, resolveProviderSettings, type ProviderSettings } from './providerSettings.js';

const KEY = 'sk-test-0123456789abcdefSECRET';
const standIns: ProviderStandIn[] = [];
afterEach(async () => {
  await Promise.all(standIns.splice(0).map((standIn) => standIn.close()));
});

const tools = translateTools('openai', [
  {
    name: 'echo',
    description: 'Echoes a message',
    inputSchema: { type: 'object', properties: { message: { type: 'string' } }, required: ['message'] },
  },
]).tools;

type Kind = 'openai' | 'anthropic';

async function providerOn(
  kind: Kind,
  script: ScriptedTurn[],
  options: { clientKey?: string; repeatLast?: boolean } = {},
) {
  const standIn = await (kind === 'openai' ? startOpenAIStandIn : startAnthropicStandIn)(script, {
    key: KEY,
    ...(options.repeatLast ? { repeatLast: true } : {}),
  });
  standIns.push(standIn);
  const env =
    kind === 'openai'
      ? { OPENAI_API_KEY: options.clientKey ?? KEY }
      : { ANTHROPIC_API_KEY: options.clientKey ?? KEY };
  const settings = resolveProviderSettings(
    { provider: kind, model: 'scripted', baseUrl: standIn.baseUrl },
    env,
  );
  if ('error' in settings) throw new Error(settings.error);
  return { standIn, provider: await makeProvider({ ...(settings as ProviderSettings), maxRetries: 2 }) };
}

async function failureOf(promise: Promise<unknown>): Promise<ModelFailure> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ModelFailure);
  return error as ModelFailure;
}

describe('an OpenAI-compatible router', () => {
  it('has the cost of a step read where it reports one (usage.cost)', async () => {
    const { provider } = await providerOn('openai', [
      { text: 'Hi.', usage: { input: 5, output: 2, cost: 0.0004 } },
    ]);
    const step = await provider.step({ turns: [{ role: 'user', text: 'Hi' }], tools: [] });
    expect(step.usage).toEqual({ input: 5, output: 2, cost: 0.0004 });
  });
});

describe.each<Kind>(['openai', 'anthropic'])('the %s provider through its official client', (kind) => {
  it('streams text and a tool call, and sends the key to the provider in its own header', async () => {
    const { standIn, provider } = await providerOn(kind, [
      {
        text: 'Let me echo that for you.',
        calls: [{ name: 'echo', arguments: { message: 'hi there' } }],
        usage: { input: 42, output: 7 },
      },
    ]);
    const streamed: string[] = [];
    const step = await provider.step({
      system: 'Be brief.',
      turns: [{ role: 'user', text: 'Echo hi there' }],
      tools,
      onText: (delta) => streamed.push(delta),
    });
    expect(step.text).toBe('Let me echo that for you.');
    expect(streamed.length).toBeGreaterThan(1);
    expect(streamed.join('')).toBe(step.text);
    expect(step.toolCalls).toHaveLength(1);
    expect(step.toolCalls[0]?.name).toBe('echo');
    expect(JSON.parse(step.toolCalls[0]?.argumentsText ?? '')).toEqual({ message: 'hi there' });
    expect(step.usage).toEqual({ input: 42, output: 7 });
    const sent = standIn.requests[0];
    expect(sent?.body.model).toBe('scripted');
    expect(sent?.body.stream).toBe(true);
    if (kind === 'openai') {
      expect(sent?.headers.authorization).toBe(`Bearer ${KEY}`);
      expect(sent?.body.tools).toEqual([
        {
          type: 'function',
          function: { name: 'echo', description: 'Echoes a message', parameters: tools[0]?.schema },
        },
      ]);
      expect((sent?.body.messages as unknown[])[0]).toEqual({ role: 'system', content: 'Be brief.' });
    } else {
      expect(sent?.headers['x-api-key'] ?? sent?.headers.authorization).toMatch(
        new RegExp(`^(Bearer )?${KEY}$`),
      );
      expect(sent?.body.system).toBe('Be brief.');
      expect(sent?.body.tools).toEqual([
        { name: 'echo', description: 'Echoes a message', input_schema: tools[0]?.schema },
      ]);
    }
  });

  it('gives a user turn’s image and sound in the provider’s own shape, and a sampling request’s settings', async () => {
    const { standIn, provider } = await providerOn(kind, [{ text: 'A red square.' }]);
    // Audio reaches only an OpenAI-compatible provider (samplingAsk leaves it out for Anthropic).
    const media = [
      { kind: 'image' as const, data: 'iVBORw0KGgo=', mimeType: 'image/png' },
      ...(kind === 'openai' ? [{ kind: 'audio' as const, data: 'UklGRg==', mimeType: 'audio/wav' }] : []),
    ];
    await provider.step({
      turns: [{ role: 'user', text: 'What is this?', media }],
      tools,
      settings: {
        model: 'other',
        maxTokens: 20,
        temperature: 0.5,
        stopSequences: ['END'],
        toolChoice: 'none',
      },
    });
    const body = standIn.requests[0]?.body;
    const content = (body?.messages as Array<{ content: unknown }>)[0]?.content;
    if (kind === 'openai') {
      expect(body).toMatchObject({
        model: 'other',
        max_tokens: 20,
        temperature: 0.5,
        stop: ['END'],
        tool_choice: 'none',
      });
      expect(content).toEqual([
        { type: 'text', text: 'What is this?' },
        { type: 'image_url', image_url: { url: 'data:image/png;base64,iVBORw0KGgo=' } },
        { type: 'input_audio', input_audio: { data: 'UklGRg==', format: 'wav' } },
      ]);
    } else {
      expect(body).toMatchObject({
        model: 'other',
        max_tokens: 20,
        temperature: 0.5,
        stop_sequences: ['END'],
        tool_choice: { type: 'none' },
      });
      expect(content).toEqual([
        { type: 'text', text: 'What is this?' },
        { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'iVBORw0KGgo=' } },
      ]);
    }
  });

  it("sends the tool's result back in the provider's own shape", async () => {
    const { standIn, provider } = await providerOn(kind, [{ text: 'It said hi.' }]);
    await provider.step({
      turns: [
        { role: 'user', text: 'Echo hi' },
        {
          role: 'assistant',
          text: '',
          toolCalls: [{ id: 'c1', name: 'echo', argumentsText: '{"message":"hi"}' }],
        },
        { role: 'tool', results: [{ callId: 'c1', name: 'echo', text: 'Echo: hi', isError: false }] },
      ],
      tools,
    });
    const messages = standIn.requests[0]?.body.messages as Record<string, unknown>[];
    if (kind === 'openai') {
      expect(messages[1]).toMatchObject({
        role: 'assistant',
        tool_calls: [{ id: 'c1', function: { name: 'echo' } }],
      });
      expect(messages[2]).toEqual({ role: 'tool', tool_call_id: 'c1', content: 'Echo: hi' });
    } else {
      expect(messages[1]).toMatchObject({
        role: 'assistant',
        content: [{ type: 'tool_use', id: 'c1', input: { message: 'hi' } }],
      });
      expect(messages[2]).toEqual({
        role: 'user',
        content: [{ type: 'tool_result', tool_use_id: 'c1', content: 'Echo: hi' }],
      });
    }
  });

  it('says a wrong key plainly, naming the variable, with the key nowhere in the words', async () => {
    const { provider } = await providerOn(kind, [{ text: 'never' }], { clientKey: `${KEY}-wrong` });
    const failure = await failureOf(provider.step({ turns: [{ role: 'user', text: 'hi' }], tools }));
    expect(failure.kind).toBe('auth');
    expect(failure.message).toContain(kind === 'openai' ? 'OPENAI_API_KEY' : 'ANTHROPIC_API_KEY');
    expect(failure.message).not.toContain(KEY);
  });

  it('says a rate limit once the bounded retries are spent', async () => {
    const limit = {
      status: 429,
      message: 'slow down',
      headers: { 'retry-after-ms': '5', 'retry-after': '1' },
    };
    const { standIn, provider } = await providerOn(kind, [limit, limit, limit, { text: 'not reached' }]);
    const failure = await failureOf(provider.step({ turns: [{ role: 'user', text: 'hi' }], tools }));
    expect(failure.kind).toBe('rate-limit');
    expect(failure.message).toContain('HTTP 429');
    // One request and the client's two retries: then said, not retried again.
    expect(standIn.requests).toHaveLength(3);
  });

  it('says an unreachable provider plainly', async () => {
    const { standIn, provider } = await providerOn(kind, []);
    await standIn.close();
    standIns.splice(standIns.indexOf(standIn), 1);
    const failure = await failureOf(provider.step({ turns: [{ role: 'user', text: 'hi' }], tools }));
    expect(failure.kind).toBe('unreachable');
    expect(failure.message).toContain('cannot reach');
    expect(failure.message).toContain(standIn.origin);
  });

  it('says a stream of garbage plainly', async () => {
    const { provider } = await providerOn(kind, [{ garbage: '<html>not an event</html>' }]);
    const failure = await failureOf(provider.step({ turns: [{ role: 'user', text: 'hi' }], tools }));
    expect(['garbage', 'provider-error']).toContain(failure.kind);
  });

  it('never follows a redirect: the key does not reach another origin', async () => {
    const elsewhere = await (kind === 'openai' ? startOpenAIStandIn : startAnthropicStandIn)([
      { text: 'stolen' },
    ]);
    standIns.push(elsewhere);
    const path = kind === 'openai' ? '/v1/chat/completions' : '/v1/messages';
    const { provider } = await providerOn(kind, [{ redirect: `${elsewhere.origin}${path}` }]);
    const failure = await failureOf(provider.step({ turns: [{ role: 'user', text: 'hi' }], tools }));
    expect(failure.kind).toBe('redirect');
    expect(elsewhere.requests).toHaveLength(0);
  });

  it('ends a step cancelled mid-request', async () => {
    const { provider } = await providerOn(kind, [{ text: 'hello' }]);
    const controller = new AbortController();
    controller.abort();
    const failure = await failureOf(
      provider.step({ turns: [{ role: 'user', text: 'hi' }], tools, signal: controller.signal }),
    );
    expect(failure.kind).toBe('cancelled');
  });
});

describe('provider settings', () => {
  it("honours the clients' variables, the flags over them", () => {
    const env = { OPENAI_API_KEY: KEY, OPENAI_BASE_URL: 'http://127.0.0.1:11434/v1' };
    expect(resolveProviderSettings({ model: 'llama3.2' }, env)).toMatchObject({
      kind: 'openai',
      baseUrl: 'http://127.0.0.1:11434/v1',
      apiKey: KEY,
    });
    expect(resolveProviderSettings({ model: 'm', baseUrl: 'http://127.0.0.1:8080/v1' }, env)).toMatchObject({
      baseUrl: 'http://127.0.0.1:8080/v1',
    });
    expect(resolveProviderSettings({ model: 'm' }, { ANTHROPIC_API_KEY: KEY })).toMatchObject({
      kind: 'anthropic',
      baseUrl: 'https://api.anthropic.com',
    });
  });

  it('a local server needs no key; the hosted APIs do, and a model is always named', () => {
    expect(
      resolveProviderSettings({ model: 'llama3.2' }, { OPENAI_BASE_URL: 'http://127.0.0.1:11434/v1' }),
    ).not.toHaveProperty('error');
    expect(resolveProviderSettings({ provider: 'openai', model: 'gpt' }, {})).toEqual({
      error: 'OPENAI_API_KEY is not set: OpenAI needs a key',
    });
    expect(resolveProviderSettings({}, { OPENAI_API_KEY: KEY })).toMatchObject({
      error: expect.stringContaining('--model'),
    });
    expect(resolveProviderSettings({ model: 'm' }, {})).toMatchObject({
      error: expect.stringContaining('no model provider'),
    });
    expect(resolveProviderSettings({ provider: 'gemini', model: 'm' }, {})).toMatchObject({
      error: expect.stringContaining('--provider gemini'),
    });
    expect(
      resolveProviderSettings({ provider: 'openai', model: 'm', baseUrl: 'http://user:pw@127.0.0.1/v1' }, {}),
    ).toMatchObject({ error: expect.stringContaining('credentials') });
  });
});
