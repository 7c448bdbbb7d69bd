// long_task in its three shapes: a 2026-07-28 task (tasks extension), a 2025-11-25 task
// (task-augmented call), and an ordinary call with progress. Modern task traffic goes over a raw
// JSON-RPC peer, because the v2 Client refuses `resultType: "task"`; its shapes are checked against
// the tasks extension's own schemas. Legacy tasks use the v1 SDK's task client.
import { Client } from '@modelcontextprotocol/client';
import { CreateTaskResultV2Schema, GetTaskResultV2Schema } from '@modelcontextprotocol/ext-tasks/core/v2';
import { Client as V1Client } from '@modelcontextprotocol/sdk/client/index.js';
import {
  CallToolResultSchema,
  CancelTaskResultSchema,
  CreateTaskResultSchema,
  ElicitRequestSchema,
  GetTaskResultSchema,
  ListTasksResultSchema,
} from '@modelcontextprotocol/sdk/types.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/server';
import { describe, expect, it } from 'vitest';
import { connectToDemo, serveDemo } from '../../testSupport/demoConnection.js';

type RawResponse = {
  result?: Record<string, unknown>;
  error?: { code: number; message: string; data?: unknown };
};

/** A bare JSON-RPC peer speaking 2026-07-28: every request carries the _meta envelope. */
async function modernPeer(capabilities: object) {
  const transport = serveDemo();
  const pending = new Map<string | number, (response: RawResponse) => void>();
  transport.onmessage = (message: JSONRPCMessage) => {
    if ('id' in message && message.id !== undefined && !('method' in message)) {
      pending.get(message.id)?.(message as RawResponse);
    }
  };
  await transport.start();
  let nextId = 0;
  return (method: string, params: Record<string, unknown>, declared: object = capabilities) =>
    new Promise<RawResponse>((resolve) => {
      const id = `raw-${++nextId}`;
      pending.set(id, resolve);
      const _meta = {
        'io.modelcontextprotocol/protocolVersion': '2026-07-28',
        'io.modelcontextprotocol/clientInfo': { name: 'raw', version: '1' },
        'io.modelcontextprotocol/clientCapabilities': declared,
      };
      void transport.send({ jsonrpc: '2.0', id, method, params: { ...params, _meta } });
    });
}

const TASKS = { extensions: { 'io.modelcontextprotocol/tasks': {} }, elicitation: { form: {} } };

/** Polls tasks/get until the task has the status the test waits for; returns that task. */
async function pollTask(request: Awaited<ReturnType<typeof modernPeer>>, taskId: string, status: string) {
  let task: Record<string, unknown> = {};
  await expect
    .poll(async () => {
      task = (await request('tasks/get', { taskId })).result ?? {};
      return task.status;
    })
    .toBe(status);
  return task;
}

describe('long_task as a 2026-07-28 task', () => {
  it('answers a client that declares the extension with a task handle, then completes', async () => {
    const request = await modernPeer(TASKS);
    const handle = await request('tools/call', { name: 'long_task', arguments: { steps: 3, stepMs: 10 } });

    expect(handle.result).toMatchObject({
      resultType: 'task',
      status: 'working',
      ttlMs: 600_000,
      pollIntervalMs: 500,
    });
    expect(CreateTaskResultV2Schema.safeParse(handle.result).success).toBe(true);
    const taskId = String(handle.result?.taskId);

    const done = await pollTask(request, taskId, 'completed');
    expect(GetTaskResultV2Schema.safeParse(done).success).toBe(true);
    expect(done).toMatchObject({
      resultType: 'complete',
      statusMessage: 'Step 3/3',
      result: { content: [{ type: 'text', text: 'Counted all 3 steps.' }] },
    });
  });

  it('stops halfway as input_required and goes on with the answer from tasks/update', async () => {
    const request = await modernPeer(TASKS);
    const handle = await request('tools/call', {
      name: 'long_task',
      arguments: { steps: 4, stepMs: 10, askHalfway: true },
    });
    const taskId = String(handle.result?.taskId);

    const waiting = await pollTask(request, taskId, 'input_required');
    expect(GetTaskResultV2Schema.safeParse(waiting).success).toBe(true);
    expect(waiting).toMatchObject({
      statusMessage: 'Waiting: 2 of 4 steps done, go on?',
      inputRequests: {
        go_on: { method: 'elicitation/create', params: { message: '2 of 4 steps done. Go on counting?' } },
      },
    });

    const ack = await request('tasks/update', {
      taskId,
      inputResponses: { go_on: { action: 'accept', content: { goOn: false } } },
    });
    expect(ack.result).toMatchObject({ resultType: 'complete' });
    const done = await pollTask(request, taskId, 'completed');
    expect(done.result).toEqual({
      content: [{ type: 'text', text: 'Stopped after 2 of 4 steps, as asked.' }],
    });
  });

  it('is cancelled by tasks/cancel', async () => {
    const request = await modernPeer(TASKS);
    const handle = await request('tools/call', { name: 'long_task', arguments: { steps: 50, stepMs: 100 } });
    const taskId = String(handle.result?.taskId);

    expect((await request('tasks/cancel', { taskId })).result).toMatchObject({ resultType: 'complete' });
    expect((await request('tasks/get', { taskId })).result).toMatchObject({
      status: 'cancelled',
      statusMessage: 'Cancelled by request',
    });
    expect((await request('tasks/get', { taskId: 'no-such-task' })).error).toMatchObject({ code: -32602 });
  });

  it('refuses tasks/* with -32021 when the request does not declare the extension', async () => {
    const request = await modernPeer(TASKS);
    const handle = await request('tools/call', { name: 'long_task', arguments: { steps: 1, stepMs: 10 } });

    const refused = await request('tasks/get', { taskId: String(handle.result?.taskId) }, {});
    expect(refused.error).toMatchObject({
      code: -32021,
      data: { requiredCapabilities: { extensions: { 'io.modelcontextprotocol/tasks': {} } } },
    });
  });

  it('runs inside the call for a client without the extension: progress, and the question as a round', async () => {
    const client = new Client(
      { name: 'auto', version: '1' },
      { versionNegotiation: { mode: 'auto' }, capabilities: { elicitation: { form: {} } } },
    );
    const questions: string[] = [];
    client.setRequestHandler('elicitation/create', (request) => {
      questions.push(request.params.message);
      return { action: 'accept', content: { goOn: true } };
    });
    await connectToDemo(client);
    const steps: number[] = [];

    const result = await client.callTool(
      { name: 'long_task', arguments: { steps: 4, stepMs: 10, askHalfway: true } },
      { onprogress: ({ progress, total }) => void (total === 4 && steps.push(progress)) },
    );
    expect(result.content).toEqual([{ type: 'text', text: 'Counted all 4 steps.' }]);
    expect(questions).toEqual(['2 of 4 steps done. Go on counting?']);
    // Steps 1-2 before the question, 3-4 in the retry that carried the answer.
    expect(steps).toEqual([1, 2, 3, 4]);
  });
});

describe('long_task as a 2025-11-25 task', () => {
  it('runs a task-augmented call from a v1 client to the end, asking halfway as part of the task', async () => {
    const client = new V1Client({ name: 'v1', version: '1' }, { capabilities: { elicitation: {} } });
    const questions: { message: string; meta: unknown }[] = [];
    client.setRequestHandler(ElicitRequestSchema, (request) => {
      questions.push({ message: request.params.message, meta: request.params._meta });
      return { action: 'accept', content: { goOn: true } };
    });
    await connectToDemo(client);
    const progress: number[] = [];

    const messages = [];
    for await (const message of client.experimental.tasks.callToolStream(
      { name: 'long_task', arguments: { steps: 4, stepMs: 10, askHalfway: true } },
      CallToolResultSchema,
      { task: { ttl: 60_000 }, onprogress: ({ progress: step }) => void progress.push(step) },
    )) {
      messages.push(message);
    }

    const created = messages[0];
    expect(created).toMatchObject({
      type: 'taskCreated',
      task: { status: 'working', ttl: 60_000, pollInterval: 500 },
    });
    const taskId = created?.type === 'taskCreated' ? created.task.taskId : '';
    expect(messages.at(-1)).toEqual({
      type: 'result',
      result: {
        content: [{ type: 'text', text: 'Counted all 4 steps.' }],
        _meta: { 'io.modelcontextprotocol/related-task': { taskId } },
      },
    });
    expect(questions).toEqual([
      {
        message: '2 of 4 steps done. Go on counting?',
        meta: { 'io.modelcontextprotocol/related-task': { taskId } },
      },
    ]);
    // The call's progress token stays valid for the whole task.
    expect(progress).toEqual([1, 2, 3, 4]);
  });

  it('lists and cancels 2025 tasks; a second cancel is refused with -32602', async () => {
    const client = new V1Client({ name: 'v1', version: '1' });
    await connectToDemo(client);

    const { task } = await client.request(
      {
        method: 'tools/call',
        params: { name: 'long_task', arguments: { steps: 50, stepMs: 100 }, task: { ttl: 1_000 } },
      },
      CreateTaskResultSchema,
    );
    expect(task).toMatchObject({ status: 'working', ttl: 1_000 });
    const { tasks } = await client.request({ method: 'tasks/list', params: {} }, ListTasksResultSchema);
    expect(tasks.map((listed) => listed.taskId)).toEqual([task.taskId]);

    const cancelled = await client.request(
      { method: 'tasks/cancel', params: { taskId: task.taskId } },
      CancelTaskResultSchema,
    );
    expect(cancelled).toMatchObject({ taskId: task.taskId, status: 'cancelled' });
    await expect(
      client.request({ method: 'tasks/cancel', params: { taskId: task.taskId } }, CancelTaskResultSchema),
    ).rejects.toMatchObject({ code: -32602 });
    expect(
      await client.request({ method: 'tasks/get', params: { taskId: task.taskId } }, GetTaskResultSchema),
    ).toMatchObject({ status: 'cancelled' });
  });

  it('runs an ordinary call from a v1 client with progress', async () => {
    const client = new V1Client({ name: 'v1', version: '1' });
    await connectToDemo(client);
    const progress: number[] = [];

    const result = await client.callTool(
      { name: 'long_task', arguments: { steps: 3, stepMs: 10 } },
      undefined,
      {
        onprogress: ({ progress: step }) => void progress.push(step),
      },
    );
    expect(result.content).toEqual([{ type: 'text', text: 'Counted all 3 steps.' }]);
    expect(progress).toEqual([1, 2, 3]);
  });
});
