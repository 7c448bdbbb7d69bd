// The bridge's model routes, on a real bridge: the token required; the key held in the bridge and
// never answered back; a step streamed from the provider stand-in through the official client; a
// key bound to its provider's origin (settings moved elsewhere without the key given anew do not
// carry it there); the environment's key used only for its own origin; failures said in the stream.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { API_MODEL_PATH } from '../../shared/http.js';
import type { RunningBridge } from '../http/bridgeServer.js';
import { TEST_TOKEN, startTestBridge } from '../testSupport/bridges.js';
import {
  startAnthropicStandIn,
  startOpenAIStandIn,
  type ProviderStandIn,
} from '../testSupport/modelStandIns.js';
import { demoTarget } from '../testSupport/targets.js';

const KEY = 'sk-page-typed-0123456789abcdef';
const ENV_KEY = 'sk-ant-from-env-0123456789abcdef';
let bridge: RunningBridge;
let envStandIn: ProviderStandIn;
const standIns: ProviderStandIn[] = [];
beforeAll(async () => {
  envStandIn = await startAnthropicStandIn([{ text: 'from the environment' }], { key: ENV_KEY });
  bridge = await startTestBridge(demoTarget(), {
    modelEnv: { ANTHROPIC_API_KEY: ENV_KEY, ANTHROPIC_BASE_URL: envStandIn.baseUrl },
  });
});
afterAll(async () => {
  await bridge.close();
  await envStandIn.close();
});
afterEach(async () => {
  await Promise.all(standIns.splice(0).map((standIn) => standIn.close()));
});

const api = (path: string, init: RequestInit & { token?: string | null } = {}) =>
  fetch(`http://127.0.0.1:${bridge.port}${API_MODEL_PATH}${path}`, {
    ...init,
    headers: {
      'content-type': 'application/json',
      ...(init.token === null ? {} : { authorization: `Bearer ${init.token ?? TEST_TOKEN}` }),
    },
  });

const put = (body: unknown) => api('', { method: 'PUT', body: JSON.stringify(body) });
const step = async (text = 'hi') => {
  const response = await api('/step', {
    method: 'POST',
    body: JSON.stringify({ turns: [{ role: 'user', text }], tools: [] }),
  });
  return {
    status: response.status,
    lines: (await response.text())
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>),
  };
};

describe('the model routes', () => {
  it('need the token', async () => {
    expect((await api('', { token: null })).status).toBe(401);
    expect(
      (await put({ provider: 'openai', model: 'm', apiKey: KEY }).then(() => api('', { token: 'wrong' })))
        .status,
    ).toBe(401);
    expect((await api('/step', { method: 'POST', token: null, body: '{}' })).status).toBe(401);
  });

  it('hold the key and never answer it back; a step streams text, then the step', async () => {
    const standIn = await startOpenAIStandIn([{ text: 'Hello from the model', calls: [] }], { key: KEY });
    standIns.push(standIn);
    const set = await put({ provider: 'openai', model: 'scripted', baseUrl: standIn.baseUrl, apiKey: KEY });
    const answer = await set.text();
    expect(set.status).toBe(200);
    expect(answer).not.toContain(KEY);
    expect(JSON.parse(answer)).toMatchObject({
      settings: { kind: 'openai', model: 'scripted', baseUrl: standIn.baseUrl, keySet: true },
    });
    expect(await (await api('')).text()).not.toContain(KEY);
    const { lines } = await step();
    expect(
      lines
        .filter((line) => line.type === 'text')
        .map((line) => line.delta)
        .join(''),
    ).toBe('Hello from the model');
    expect(lines[lines.length - 1]).toMatchObject({ type: 'step', step: { text: 'Hello from the model' } });
    expect(standIn.requests[0]?.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(JSON.stringify(lines)).not.toContain(KEY);
  });

  it('bind the key to its origin: moved elsewhere without the key given anew, it stays behind', async () => {
    const first = await startOpenAIStandIn([{ text: 'one' }, { text: 'two' }], { key: KEY });
    const elsewhere = await startOpenAIStandIn([{ text: 'elsewhere' }]);
    standIns.push(first, elsewhere);
    await put({ provider: 'openai', model: 'scripted', baseUrl: first.baseUrl, apiKey: KEY });
    // The same origin, another model: the key is kept.
    expect(
      await (await put({ provider: 'openai', model: 'other', baseUrl: first.baseUrl })).json(),
    ).toMatchObject({
      settings: { keySet: true, model: 'other' },
    });
    expect((await step()).lines.at(-1)).toMatchObject({ type: 'step' });
    // Another origin: no key goes with it.
    expect(
      await (await put({ provider: 'openai', model: 'scripted', baseUrl: elsewhere.baseUrl })).json(),
    ).toMatchObject({
      settings: { keySet: false },
    });
    await step();
    expect(elsewhere.requests[0]?.headers.authorization).not.toContain(KEY);
  });

  it("use the environment's key for its own origin only, and say a failure in the stream", async () => {
    expect(await (await api('')).json()).toMatchObject({
      environmentKeys: { anthropic: true, openai: false },
    });
    await put({ provider: 'anthropic', model: 'scripted' });
    const { lines } = await step();
    expect(lines.at(-1)).toMatchObject({ type: 'step', step: { text: 'from the environment' } });
    const other = await startAnthropicStandIn([{ text: 'never' }], { key: ENV_KEY });
    standIns.push(other);
    await put({ provider: 'anthropic', model: 'scripted', baseUrl: other.baseUrl });
    const refused = await step();
    expect(refused.lines.at(-1)).toMatchObject({ type: 'failed', kind: 'no-key' });
    expect(other.requests).toHaveLength(0);
  });

  it('refuse settings and steps that do not fit, in words', async () => {
    expect((await put({ provider: 'gemini', model: 'm' })).status).toBe(400);
    const noKey = await put({ provider: 'openai', model: 'gpt', apiKey: '' });
    expect(noKey.status).toBe(400);
    expect(await noKey.json()).toEqual({ error: 'OPENAI_API_KEY is not set: OpenAI needs a key' });
    const bad = await api('/step', { method: 'POST', body: JSON.stringify({ turns: [] }) });
    expect(bad.status).toBe(400);
  });

  it('list the provider’s models through its client, say when it lists none, and pass a step’s settings and images', async () => {
    const standIn = await startOpenAIStandIn([{ text: 'A red square.' }], {
      key: KEY,
      models: ['gpt-4o-mini', 'gpt-4o'],
    });
    standIns.push(standIn);
    await put({ provider: 'openai', model: 'gpt-4o-mini', baseUrl: standIn.baseUrl, apiKey: KEY });
    expect(await (await api('/models')).json()).toEqual({ models: ['gpt-4o-mini', 'gpt-4o'] });
    expect(standIn.requests[0]?.headers.authorization).toBe(`Bearer ${KEY}`);

    const response = await api('/step', {
      method: 'POST',
      body: JSON.stringify({
        turns: [
          {
            role: 'user',
            text: 'What is this?',
            media: [{ kind: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png' }],
          },
        ],
        tools: [],
        settings: { model: 'gpt-4o', maxTokens: 40, temperature: 0, stopSequences: ['.'] },
      }),
    });
    expect(await response.text()).toContain('A red square.');
    const sent = standIn.requests.at(-1)?.body;
    expect(sent).toMatchObject({ model: 'gpt-4o', max_tokens: 40, temperature: 0, stop: ['.'] });
    expect((sent?.messages as Array<{ content: unknown }>)[0]?.content).toEqual([
      { type: 'text', text: 'What is this?' },
      { type: 'image_url', image_url: { url: 'data:image/png;base64,iVBORw0KGgo=' } },
    ]);

    // A server that lists no models (the stand-in without a list answers 404): said, not a failure.
    const unlisting = await startOpenAIStandIn([], { key: KEY });
    standIns.push(unlisting);
    await put({ provider: 'openai', model: 'llama3', baseUrl: unlisting.baseUrl, apiKey: KEY });
    const unlisted = (await (await api('/models')).json()) as { unlisted?: string };
    expect(unlisted.unlisted).toMatch(/404/);
  });
});
