// Calling a tool through the core, in both eras, over the SDKs' in-memory transports against
// real SDK servers: input rounds answered by the answerer, tasks followed to their result, and
// the call's timer, which stops while the answerer works.
import { describe, expect, it } from 'vitest';
import type { CallToolResult, ElicitResult, Tool } from '@modelcontextprotocol/client';
import { McpServer, acceptedContent, inputRequired } from '@modelcontextprotocol/server';
import { McpServer as McpServerV1 } from '@modelcontextprotocol/sdk/server/mcp.js';
import { InMemoryTaskStore } from '@modelcontextprotocol/sdk/experimental/tasks/stores/in-memory.js';
import type { CallToolResult as CallToolResultV1 } from '@modelcontextprotocol/sdk/types.js';
import * as z from 'zod';
import type { Answerer, AskContext } from './answerer.js';
import { connectClient, createCoreClient } from './clientSession.js';
import type { EraChoice } from '../eras.js';
import type { TaskUpdate } from './followTask.js';
import { callTool, startToolCall, type ToolCallEnd } from './toolCall.js';
import { ManualClock, until, v1Connection, v2Connection } from './testServers.js';

const WHO = {
  type: 'object' as const,
  properties: { name: { type: 'string' as const } },
  required: ['name'],
};

/** An SDK v2 server whose `greet` asks for a name in an input round (2026-07-28). */
function modernGreeter(): McpServer {
  const server = new McpServer({ name: 'greeter', version: '2.0.0' });
  server.registerTool('greet', { description: 'Greets whoever answers' }, async (ctx) => {
    const who = acceptedContent<{ name: string }>(ctx.mcpReq.inputResponses, 'who');
    if (!who) {
      return inputRequired({
        inputRequests: { who: inputRequired.elicit({ message: 'Who are you?', requestedSchema: WHO }) },
      });
    }
    return { content: [{ type: 'text', text: `Hello ${who.name}` }] };
  });
  return server;
}

/** An SDK v1 server whose `greet` asks with an elicitation/create request of its own. */
function legacyGreeter(): McpServerV1 {
  const server = new McpServerV1({ name: 'greeter', version: '1.0.0' });
  server.registerTool('greet', { description: 'Greets whoever answers' }, async () => {
    const answer = await server.server.elicitInput({ message: 'Who are you?', requestedSchema: WHO });
    const name = (answer.content as { name?: string } | undefined)?.name ?? 'nobody';
    return { content: [{ type: 'text', text: `Hello ${name}` }] };
  });
  return server;
}

/** A plain answerer, as a CLI's would be: no busy state of its own (the core counts). */
function answering(onElicit: (context: AskContext) => void = () => undefined) {
  const asked: AskContext[] = [];
  const answerer: Answerer = {
    elicit: async (_params, context): Promise<ElicitResult> => {
      asked.push(context);
      onElicit(context);
      return { action: 'accept', content: { name: 'Ada' } };
    },
    sample: () => Promise.reject(new Error('no sampling here')),
    roots: () => [],
  };
  return { answerer, asked };
}

async function connected(era: EraChoice, answerer: Answerer) {
  const core = createCoreClient({ era, clientInfo: { name: 'core-test', version: '0' }, answerer });
  const transport =
    era === 'legacy' ? await v1Connection(legacyGreeter()) : v2Connection(() => modernGreeter());
  await connectClient(core.client, transport);
  return core;
}

const GREET: Tool = { name: 'greet', inputSchema: { type: 'object' } };

function textOf(end: ToolCallEnd): string | undefined {
  if (end.status !== 'done' || end.outcome.kind !== 'result') return undefined;
  return (end.outcome.result.content[0] as { text?: string } | undefined)?.text;
}

describe('a tool call that asks for input', () => {
  it('modern: answers the input round through the answerer, tied to the call, and retries', async () => {
    const { answerer: plain, asked } = answering();
    const { client, answerer } = await connected('auto', plain);
    expect(client.getProtocolEra()).toBe('modern');
    const statuses: unknown[] = [];
    const end = await callTool({
      client,
      tool: GREET,
      args: {},
      timeoutMs: 5_000,
      answerer,
      owner: 'call:1',
      events: { status: (status, rounds) => statuses.push([status, rounds]) },
    });
    expect(textOf(end)).toBe('Hello Ada');
    expect(asked.map((context) => context.origin)).toEqual([{ owner: 'call:1', round: 1, key: 'who' }]);
    expect(statuses).toEqual([
      ['waiting', 1],
      ['running', 2],
    ]);
  });

  it("legacy: the server's own elicitation request is answered by the same answerer", async () => {
    const { answerer: plain, asked } = answering();
    const { client, answerer } = await connected('legacy', plain);
    const end = await callTool({
      client,
      tool: GREET,
      args: {},
      timeoutMs: 5_000,
      answerer,
      owner: 'call:1',
    });
    expect(textOf(end)).toBe('Hello Ada');
    // A legacy server's request belongs to no one call.
    expect(asked).toHaveLength(1);
    expect(asked[0]?.origin).toBeUndefined();
  });
});

describe("the call's timer", () => {
  for (const era of ['auto', 'legacy'] as const) {
    it(`${era}: stops while the answerer works, however long that takes`, async () => {
      const clock = new ManualClock();
      // The person takes ten times the call's timeout to answer.
      const { answerer: plain } = answering(() => clock.advance(10_000));
      const { client, answerer } = await connected(era, plain);
      const end = await callTool({
        client,
        tool: GREET,
        args: {},
        timeoutMs: 1_000,
        answerer,
        owner: 'call:1',
        clock,
      });
      expect(end.status).toBe('done');
      expect(textOf(end)).toBe('Hello Ada');
    });
  }

  it('runs out while the server is silent, and says it was the inspector that stopped waiting', async () => {
    const clock = new ManualClock();
    let arrived = false;
    const server = new McpServer({ name: 'silent', version: '2.0.0' });
    server.registerTool('wait', { description: 'Never answers' }, async (ctx) => {
      arrived = true;
      await new Promise<void>((resolve) => ctx.mcpReq.signal.addEventListener('abort', () => resolve()));
      return { content: [] };
    });
    const { answerer: plain } = answering();
    const { client, answerer } = createCoreClient({
      era: 'auto',
      clientInfo: { name: 'core-test', version: '0' },
      answerer: plain,
    });
    await connectClient(
      client,
      v2Connection(() => server),
    );
    const call = startToolCall({
      client,
      tool: { name: 'wait', inputSchema: { type: 'object' } },
      args: {},
      timeoutMs: 1_000,
      answerer,
      owner: 'call:1',
      clock,
    });
    await until(() => arrived, 'the call to reach the server');
    clock.advance(1_000);
    const end = await call.done;
    expect(end).toMatchObject({ status: 'timed out' });
    expect(end.status !== 'done' && end.reason).toMatch(/^mcp-inspect stopped waiting after 1 s/);
  });
});

describe('a tool call answered with a task', () => {
  it('modern (tasks extension): follows tasks/get to the result', async () => {
    const result: CallToolResult = { content: [{ type: 'text', text: 'counted to 3' }] };
    let polls = 0;
    const make = () => {
      const server = new McpServer(
        { name: 'tasks', version: '2.0.0' },
        { capabilities: { tools: {}, extensions: { 'io.modelcontextprotocol/tasks': {} } } },
      );
      const task = (status: string) => ({
        taskId: 't-1',
        status,
        createdAt: '2026-01-01T00:00:00Z',
        lastUpdatedAt: '2026-01-01T00:00:00Z',
        ttlMs: 60_000,
        pollIntervalMs: 100,
      });
      server.registerTool(
        'count',
        { description: 'Counts, as a task' },
        async () => ({ ...task('working'), resultType: 'task', content: [] }) as CallToolResult,
      );
      server.server.setRequestHandler('tasks/get', { params: z.object({ taskId: z.string() }) }, () => {
        polls += 1;
        return polls < 2 ? task('working') : { ...task('completed'), result };
      });
      return server;
    };
    const { answerer: plain } = answering();
    const { client, answerer } = createCoreClient({
      era: 'auto',
      clientInfo: { name: 'core-test', version: '0' },
      answerer: plain,
    });
    await connectClient(client, v2Connection(make));
    const updates: [string, string, TaskUpdate][] = [];
    const end = await callTool({
      client,
      tool: { name: 'count', inputSchema: { type: 'object' } },
      args: {},
      timeoutMs: 5_000,
      answerer,
      owner: 'call:1',
      events: { task: (taskId, form, update) => updates.push([taskId, form, update]) },
    });
    expect(textOf(end)).toBe('counted to 3');
    expect(updates[0]).toEqual(['t-1', 'modern', { status: 'working' }]);
    expect(updates.at(-1)).toEqual(['t-1', 'modern', { status: 'completed', result }]);
  });

  it('legacy (2025-11-25 tasks, SDK v1): a task-required tool is run as a task and its result fetched', async () => {
    const server = new McpServerV1(
      { name: 'tasks', version: '1.0.0' },
      {
        capabilities: { tasks: { list: {}, cancel: {}, requests: { tools: { call: {} } } } },
        taskStore: new InMemoryTaskStore(),
      },
    );
    server.experimental.tasks.registerToolTask(
      'count',
      { description: 'Counts, as a task', execution: { taskSupport: 'required' } },
      {
        createTask: async (extra) => {
          const task = await extra.taskStore.createTask({ ttl: 60_000, pollInterval: 100 });
          void extra.taskStore.storeTaskResult(task.taskId, 'completed', {
            content: [{ type: 'text', text: 'counted to 3' }],
          });
          return { task };
        },
        getTask: (extra) => extra.taskStore.getTask(extra.taskId),
        getTaskResult: (extra) => extra.taskStore.getTaskResult(extra.taskId) as Promise<CallToolResultV1>,
      },
    );
    const { answerer: plain } = answering();
    const { client, answerer } = createCoreClient({
      era: 'legacy',
      clientInfo: { name: 'core-test', version: '0' },
      answerer: plain,
    });
    await connectClient(client, await v1Connection(server));
    const forms: string[] = [];
    const end = await callTool({
      client,
      tool: { name: 'count', inputSchema: { type: 'object' } },
      args: {},
      asTask: true,
      timeoutMs: 5_000,
      answerer,
      owner: 'call:1',
      events: { task: (_taskId, form) => forms.push(form) },
    });
    expect(textOf(end)).toBe('counted to 3');
    expect(new Set(forms)).toEqual(new Set(['legacy']));
  });
});
