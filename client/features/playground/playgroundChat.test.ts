import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { InMemoryTransport, type Client, type Tool } from '@modelcontextprotocol/client';
import { McpServer } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import * as z from 'zod';
import type { ConversationTurn, ModelStep } from '../../../shared/models/conversation';
import type { ModelStepper } from '../../../shared/models/modelLoop';
import { translateTools } from '../../../shared/models/toolTranslation';
import { pageMcpClient } from '../../bridge/testSupport/pageMcpClient';
import { CallLog } from '../../session/callLog';
import { skipConfirmation } from '../../session/confirmationMemory';
import { TaskList } from '../../session/taskList';
import { pageChatDeps } from './chatDeps';
import { ModelStepFailure } from './stepOverHttp';
import { PlaygroundChat, turnUsage, type ChatState } from './playgroundChat';

/** A real SDK server: a read-only echo and a destructive delete. */
function notesServer(): McpServer {
  const server = new McpServer({ name: 'notes', version: '1.0.0' });
  server.registerTool(
    'echo',
    {
      description: 'Echoes',
      inputSchema: z.object({ message: z.string() }),
      annotations: { readOnlyHint: true },
    },
    async ({ message }) => ({ content: [{ type: 'text', text: `echo: ${message}` }] }),
  );
  server.registerTool(
    'delete_note',
    {
      description: 'Deletes a note',
      inputSchema: z.object({ id: z.number() }),
      annotations: { destructiveHint: true },
    },
    async ({ id }) => ({ content: [{ type: 'text', text: `deleted ${id}` }] }),
  );
  return server;
}

/** sessionStorage as a browser tab has it ("don't ask again" lives there). */
class TabStorage {
  private values = new Map<string, string>();
  getItem(key: string): string | null {
    return this.values.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    this.values.set(key, value);
  }
}

/** A scripted model: each request gets the next answer, its text streamed in two pieces; what it was asked is kept. */
function scriptedModel(script: Array<Partial<ModelStep> | 'hang'>) {
  const asked: ConversationTurn[][] = [];
  let next = 0;
  const step: ModelStepper = async ({ turns, onText, signal }) => {
    asked.push([...turns]);
    const answer = script[next++];
    if (answer === 'hang' || answer === undefined) {
      onText?.('thinking');
      return new Promise((_resolve, reject) =>
        signal?.addEventListener?.('abort', () => reject(new ModelStepFailure('cancelled', 'cancelled'))),
      );
    }
    const text = answer.text ?? '';
    onText?.(text.slice(0, 2));
    onText?.(text.slice(2));
    return { text, toolCalls: answer.toolCalls ?? [], stopReason: 'stop', usage: answer.usage ?? {} };
  };
  return { step, asked };
}

async function connected(): Promise<{ client: Client; tools: Tool[]; calls: CallLog }> {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  serveStdio(() => notesServer(), { transport: serverSide });
  const { client, answerer } = pageMcpClient('auto');
  await client.connect(clientSide);
  return { client, tools: (await client.listTools()).tools, calls: new CallLog(answerer, new TaskList()) };
}

function untilState(chat: PlaygroundChat, test: (state: ChatState) => boolean): Promise<ChatState> {
  return new Promise((resolve) => {
    const check = () => {
      if (test(chat.getSnapshot())) resolve(chat.getSnapshot());
    };
    chat.subscribe(check);
    check();
  });
}

const call = (id: string, name: string, args: unknown) => ({ id, name, argumentsText: JSON.stringify(args) });

describe('the Playground chat', () => {
  beforeEach(() => {
    Object.defineProperty(globalThis, 'sessionStorage', { value: new TabStorage(), configurable: true });
  });
  afterEach(() => {
    Reflect.deleteProperty(globalThis, 'sessionStorage');
  });

  it('makes the model’s call through the call log, gives the result back, and sums the turn’s tokens and cost', async () => {
    const { client, tools, calls } = await connected();
    const model = scriptedModel([
      {
        text: 'Let me echo.',
        toolCalls: [call('c1', 'echo', { message: 'hi' })],
        usage: { input: 10, output: 3, cost: 0.001 },
      },
      { text: 'It said hi.', usage: { input: 20, output: 4, cost: 0.002 } },
    ]);
    const chat = new PlaygroundChat(
      pageChatDeps({ calls, client, serverName: 'notes', timeoutMs: 5_000, step: model.step }),
    );
    await chat.send({ prompt: 'Echo hi', tools, translation: translateTools('openai', tools), maxSteps: 4 });
    const [turn] = chat.getSnapshot().turns;
    expect(turn?.end).toEqual({ kind: 'answered' });
    expect(turn?.steps.map((step) => step.text)).toEqual(['Let me echo.', 'It said hi.']);
    const made = turn?.steps[0]?.calls[0];
    expect(made?.handled?.outcome.kind).toBe('called');
    // The same record a manual call makes, with its result.
    const record = calls.getSnapshot().find((candidate) => candidate.id === made?.recordId);
    expect(record?.outcome).toMatchObject({ kind: 'result', result: { content: [{ text: 'echo: hi' }] } });
    // The result went back to the model.
    expect(model.asked[1]?.at(-1)).toEqual({
      role: 'tool',
      results: [{ callId: 'c1', name: 'echo', text: 'echo: hi', isError: false }],
    });
    expect(turnUsage(turn!)).toEqual({ input: 30, output: 7, cost: 0.003 });
  });

  it('flags arguments that do not fit the inputSchema and does not send them', async () => {
    const { client, tools, calls } = await connected();
    const model = scriptedModel([{ toolCalls: [call('c1', 'echo', { message: 42 })] }, { text: 'Sorry.' }]);
    const chat = new PlaygroundChat(
      pageChatDeps({ calls, client, serverName: 'notes', timeoutMs: 5_000, step: model.step }),
    );
    await chat.send({ prompt: 'Echo 42', tools, translation: translateTools('openai', tools), maxSteps: 4 });
    const flagged = chat.getSnapshot().turns[0]?.steps[0]?.calls[0];
    expect(flagged?.handled?.outcome).toMatchObject({ kind: 'invalid-arguments' });
    expect(flagged?.handled?.outcome.kind === 'invalid-arguments' && flagged.handled.outcome.reason).toMatch(
      /message: must be string/,
    );
    expect(flagged?.recordId).toBeUndefined();
    expect(calls.getSnapshot()).toEqual([]);
    expect(model.asked[1]?.at(-1)).toMatchObject({ role: 'tool', results: [{ isError: true }] });
  });

  it('waits for the person before a destructive tool, and not when they said not to ask for it', async () => {
    const { client, tools, calls } = await connected();
    const model = scriptedModel([
      { toolCalls: [call('c1', 'delete_note', { id: 1 })] },
      { toolCalls: [call('c2', 'delete_note', { id: 2 })] },
      { text: 'Both gone.' },
    ]);
    const chat = new PlaygroundChat(
      pageChatDeps({ calls, client, serverName: 'notes', timeoutMs: 5_000, step: model.step }),
    );
    const sent = chat.send({
      prompt: 'Delete 1 and 2',
      tools,
      translation: translateTools('openai', tools),
      maxSteps: 4,
    });
    const asking = await untilState(chat, (state) => state.approval !== undefined);
    expect(asking.approval).toMatchObject({ tool: { name: 'delete_note' }, args: { id: 1 } });
    expect(asking.turns[0]?.steps[0]?.calls[0]?.awaitingApproval).toBe(true);
    expect(calls.getSnapshot()).toEqual([]);
    // "Don't ask again for this tool", as the dialog says it, then Run.
    skipConfirmation('notes', 'delete_note', 'tool');
    chat.answerApproval(true);
    await sent;
    expect(calls.getSnapshot().map((record) => record.args)).toEqual([{ id: 2 }, { id: 1 }]);
    expect(chat.getSnapshot().turns[0]?.end).toEqual({ kind: 'answered' });
  });

  it('tells the model a refused call was not made', async () => {
    const { client, tools, calls } = await connected();
    const model = scriptedModel([
      { toolCalls: [call('c1', 'delete_note', { id: 1 })] },
      { text: 'Kept it.' },
    ]);
    const chat = new PlaygroundChat(
      pageChatDeps({ calls, client, serverName: 'notes', timeoutMs: 5_000, step: model.step }),
    );
    const sent = chat.send({
      prompt: 'Delete 1',
      tools,
      translation: translateTools('openai', tools),
      maxSteps: 4,
    });
    await untilState(chat, (state) => state.approval !== undefined);
    chat.answerApproval(false);
    await sent;
    expect(calls.getSnapshot()).toEqual([]);
    expect(model.asked[1]?.at(-1)).toMatchObject({
      role: 'tool',
      results: [{ text: 'Not called: the person did not allow it', isError: true }],
    });
  });

  it('stops mid-stream when cancelled, and the next prompt goes on from the conversation', async () => {
    const { client, tools, calls } = await connected();
    const model = scriptedModel(['hang', { text: 'Hello again.' }]);
    const chat = new PlaygroundChat(
      pageChatDeps({ calls, client, serverName: 'notes', timeoutMs: 5_000, step: model.step }),
    );
    const translation = translateTools('openai', tools);
    const sent = chat.send({ prompt: 'Hi', tools, translation, maxSteps: 4 });
    await untilState(chat, (state) => state.turns[0]?.steps[0]?.text === 'thinking');
    chat.cancel();
    await sent;
    expect(chat.getSnapshot()).toMatchObject({ running: false, turns: [{ end: { kind: 'cancelled' } }] });
    expect(chat.getSnapshot().turns[0]?.steps[0]?.streaming).toBe(false);
    await chat.send({ prompt: 'Hi again', tools, translation, maxSteps: 4 });
    expect(model.asked[1]).toEqual([
      { role: 'user', text: 'Hi' },
      { role: 'user', text: 'Hi again' },
    ]);
  });

  it('stops at the step limit, said', async () => {
    const { client, tools, calls } = await connected();
    const loop = { toolCalls: [call('c', 'echo', { message: 'again' })] };
    const model = scriptedModel([loop, loop, loop]);
    const chat = new PlaygroundChat(
      pageChatDeps({ calls, client, serverName: 'notes', timeoutMs: 5_000, step: model.step }),
    );
    await chat.send({ prompt: 'Loop', tools, translation: translateTools('openai', tools), maxSteps: 2 });
    expect(chat.getSnapshot().turns[0]?.end).toEqual({ kind: 'step-limit', limit: 2 });
    expect(model.asked).toHaveLength(2);
  });
});
