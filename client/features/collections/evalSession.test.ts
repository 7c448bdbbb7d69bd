import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { InMemoryTransport, type Client, type Tool } from '@modelcontextprotocol/client';
import { McpServer } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import * as z from 'zod';
import type { EvalItem } from '../../../shared/collections/evalFormat';
import type { ModelStep } from '../../../shared/models/conversation';
import type { ModelStepper } from '../../../shared/models/modelLoop';
import { pageMcpClient } from '../../bridge/testSupport/pageMcpClient';
import { CallLog } from '../../session/callLog';
import { TaskList } from '../../session/taskList';
import { pageChatDeps } from '../playground/chatDeps';
import { ModelStepFailure } from '../playground/stepOverHttp';
import { EvalSession, type EvalSessionState } from './evalSession';

// Evals run from the page: the shared runner (the CLI's verdicts) with a scripted model, the
// page's call log and a real SDK server over the SDK's in-memory transport.

function notesServer(): McpServer {
  const server = new McpServer({ name: 'notes', version: '1.0.0' });
  server.registerTool(
    'get_weather',
    {
      description: 'The weather in a city',
      inputSchema: z.object({ city: z.string() }),
      annotations: { readOnlyHint: true },
    },
    async ({ city }) => ({ content: [{ type: 'text', text: `Sunny in ${city}` }] }),
  );
  server.registerTool(
    'delete_note',
    {
      description: 'Deletes a note',
      inputSchema: z.object({ id: z.string() }),
      annotations: { destructiveHint: true },
    },
    async ({ id }) => ({ content: [{ type: 'text', text: `deleted ${id}` }] }),
  );
  return server;
}

class TabStorage {
  private values = new Map<string, string>();
  getItem(key: string): string | null {
    return this.values.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    this.values.set(key, value);
  }
}

type Scripted = Partial<ModelStep> | 'hang';

/** A scripted model: each request gets the next answer; 'hang' waits until the request is aborted. */
function scriptedModel(script: Scripted[]) {
  let next = 0;
  let asked = 0;
  const step: ModelStepper = async ({ signal }) => {
    asked += 1;
    const answer = script[next++];
    if (answer === 'hang' || answer === undefined)
      return new Promise((_resolve, reject) =>
        signal?.addEventListener?.('abort', () => reject(new ModelStepFailure('cancelled', 'cancelled'))),
      );
    return {
      text: answer.text ?? '',
      toolCalls: answer.toolCalls ?? [],
      stopReason: 'stop',
      usage: answer.usage ?? {},
    };
  };
  return { step, asked: () => asked };
}

async function connected(): Promise<{ client: Client; tools: Tool[]; calls: CallLog }> {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  serveStdio(() => notesServer(), { transport: serverSide });
  const { client, answerer } = pageMcpClient('auto');
  await client.connect(clientSide);
  return { client, tools: (await client.listTools()).tools, calls: new CallLog(answerer, new TaskList()) };
}

const call = (id: string, name: string, args: unknown) => ({ id, name, argumentsText: JSON.stringify(args) });

function session(client: Client, calls: CallLog, step: ModelStepper, trafficEnd = () => 0): EvalSession {
  return new EvalSession({
    ...pageChatDeps({ calls, client, serverName: 'notes', timeoutMs: 5_000, step }),
    trafficEnd,
  });
}

function until(evals: EvalSession, test: (state: EvalSessionState) => boolean): Promise<EvalSessionState> {
  return new Promise((resolve) => {
    const check = () => {
      if (test(evals.getSnapshot())) resolve(evals.getSnapshot());
    };
    evals.subscribe(check);
    check();
  });
}

const weather: EvalItem = {
  name: 'weather in Paris',
  prompt: 'Weather in Paris?',
  runs: 3,
  threshold: 0.6,
  expect: [
    { type: 'calledTool', tool: 'get_weather' },
    { type: 'arguments', tool: 'get_weather', path: '$.city', op: 'equals', value: 'Paris' },
    { type: 'finalText', op: 'contains', value: 'Sunny' },
  ],
};

describe('an eval run from the page', () => {
  beforeEach(() => {
    Object.defineProperty(globalThis, 'sessionStorage', { value: new TabStorage(), configurable: true });
  });
  afterEach(() => {
    Reflect.deleteProperty(globalThis, 'sessionStorage');
  });

  it('runs K times through the call log, judges each run as the CLI does, tallies the tools chosen', async () => {
    const { client, tools, calls } = await connected();
    const model = scriptedModel([
      { toolCalls: [call('a', 'get_weather', { city: 'Paris' })] },
      { text: 'Sunny in Paris.' },
      { toolCalls: [call('b', 'get_weather', { city: 'Lyon' })] },
      { text: 'Sunny in Lyon.' },
      { toolCalls: [call('c', 'get_weather', { city: 'Paris' })] },
      { text: 'Sunny in Paris.' },
    ]);
    let traffic = 10;
    const evals = session(client, calls, model.step, () => (traffic += 5));
    await evals.run(weather, { provider: 'openai', model: 'scripted', serverTools: tools });
    const state = evals.getSnapshot().runs[weather.name];
    expect(state?.status).toBe('passed');
    expect(state?.runs.map((run) => run.pass)).toEqual([true, false, true]);
    const failed = state?.runs[1]?.checks.find((check) => !check.pass);
    expect(failed).toEqual({
      label: 'get_weather $.city equals "Paris"',
      pass: false,
      detail: 'got "Lyon"',
    });
    expect(state?.toolChoices).toEqual([{ tool: 'get_weather', runs: 3, calls: 3 }]);
    // Each run links to its call's record (its card) and where its frames start in the traffic.
    const records = calls.getSnapshot();
    expect(records).toHaveLength(3);
    expect(state?.runs.map((run) => run.links.map((link) => link.recordId))).toEqual(
      [...records].reverse().map((record) => [record.id]),
    );
    expect(state?.runs.map((run) => run.links[0]?.trafficFrom)).toEqual([15, 20, 25]);
    expect(evals.getSnapshot().running).toBeUndefined();
  });

  it('fails below the threshold', async () => {
    const { client, tools, calls } = await connected();
    const model = scriptedModel([{ text: 'No idea.' }, { text: 'No idea.' }, { text: 'Sunny?' }]);
    const evals = session(client, calls, model.step);
    await evals.run(weather, { provider: 'openai', model: 'scripted', serverTools: tools });
    const state = evals.getSnapshot().runs[weather.name];
    expect(state?.status).toBe('failed');
    expect(state?.runs.every((run) => !run.pass)).toBe(true);
    expect(state?.runs[0]?.checks[0]).toEqual({
      label: 'called get_weather',
      pass: false,
      detail: 'it called no tool',
    });
    expect(calls.getSnapshot()).toEqual([]);
  });

  it('asks the person before a destructive tool, as the page does; an eval that allows them is not asked', async () => {
    const { client, tools, calls } = await connected();
    const item: EvalItem = {
      name: 'delete',
      prompt: 'Delete note 1',
      runs: 1,
      expect: [{ type: 'calledTool', tool: 'delete_note' }],
    };
    const asking = scriptedModel([{ toolCalls: [call('a', 'delete_note', { id: '1' })] }, { text: 'Kept.' }]);
    const evals = session(client, calls, asking.step);
    const ran = evals.run(item, { provider: 'openai', model: 'scripted', serverTools: tools });
    const asked = await until(evals, (state) => state.approval !== undefined);
    expect(asked.approval).toMatchObject({ evalName: 'delete', tool: { name: 'delete_note' } });
    evals.answerApproval(false);
    await ran;
    expect(calls.getSnapshot()).toEqual([]);
    expect(evals.getSnapshot().runs.delete?.runs[0]?.transcript.steps[0]?.calls[0]?.outcome).toEqual({
      kind: 'not-approved',
      reason: 'the person did not allow it',
    });

    const allowing = scriptedModel([
      { toolCalls: [call('a', 'delete_note', { id: '1' })] },
      { text: 'Deleted.' },
    ]);
    const allowed = session(client, calls, allowing.step);
    await allowed.run(
      { ...item, destructiveTools: 'allow' },
      { provider: 'openai', model: 'scripted', serverTools: tools },
    );
    expect(allowed.getSnapshot().approval).toBeUndefined();
    expect(allowed.getSnapshot().runs.delete?.status).toBe('passed');
    expect(calls.getSnapshot().map((record) => record.tool.name)).toEqual(['delete_note']);

    const refusing = scriptedModel([
      { toolCalls: [call('a', 'delete_note', { id: '2' })] },
      { text: 'Could not.' },
    ]);
    const refused = session(client, calls, refusing.step);
    await refused.run(
      { ...item, destructiveTools: 'refuse' },
      { provider: 'openai', model: 'scripted', serverTools: tools },
    );
    expect(refused.getSnapshot().runs.delete?.runs[0]?.transcript.steps[0]?.calls[0]?.outcome).toMatchObject({
      kind: 'not-approved',
      reason: expect.stringContaining('this eval refuses destructive tools'),
    });
    expect(calls.getSnapshot()).toHaveLength(1);
  });

  it('stops mid-way when cancelled: the model request aborted, no further run started', async () => {
    const { client, tools, calls } = await connected();
    const model = scriptedModel([
      { toolCalls: [call('a', 'get_weather', { city: 'Paris' })] },
      { text: 'Sunny in Paris.' },
      'hang',
      { text: 'never asked' },
    ]);
    const evals = session(client, calls, model.step);
    const ran = evals.run(
      { ...weather, runs: 5 },
      { provider: 'openai', model: 'scripted', serverTools: tools },
    );
    await until(evals, (state) => (state.runs[weather.name]?.runs.length ?? 0) === 1);
    await until(evals, () => model.asked() === 3);
    evals.cancel();
    await ran;
    const state = evals.getSnapshot().runs[weather.name];
    expect(state?.status).toBe('cancelled');
    expect(state?.runs.map((run) => run.problem)).toEqual([undefined, 'cancelled']);
    expect(model.asked()).toBe(3);
    expect(evals.getSnapshot().running).toBeUndefined();
  });
});
