import { describe, expect, it } from 'vitest';
import { InMemoryTransport, type Tool } from '@modelcontextprotocol/client';
import { McpServer } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { McpServer as McpServerV1 } from '@modelcontextprotocol/sdk/server/mcp.js';
import { InMemoryTransport as InMemoryTransportV1 } from '@modelcontextprotocol/sdk/inMemory.js';
import type { Client, Transport } from '@modelcontextprotocol/client';
import { pageMcpClient } from '../bridge/testSupport/pageMcpClient';
import { RootsStore } from '../../shared/core';
import { pageAnswerer } from '../bridge/pageAnswerer';
import { ServerRequestQueue } from '../bridge/serverRequests';
import type { EraChoice } from '../../shared/wire';
import { TaskList } from './taskList';
import { bookingServer } from '../bridge/testSupport/bookingServer';
import { CallLog, type CallRecord } from './callLog';

async function connect(era: EraChoice) {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  // serveStdio owns the era decision (either era on one connection), as a real stdio server does.
  serveStdio(() => bookingServer(), { transport: serverSide });
  const { client, requests, answerer } = pageMcpClient(era);
  await client.connect(clientSide);
  return { client, requests, calls: new CallLog(answerer, new TaskList()) };
}

const BOOK: Tool = { name: 'book', inputSchema: { type: 'object' } };

/** Answers what the queue holds as a person would, one ask at a time. */
function answerAsAPerson(requests: ServerRequestQueue): void {
  requests.subscribe(() => {
    for (const ask of requests.getSnapshot()) {
      if (ask.kind === 'elicitation') requests.answer(ask.id, { action: 'accept', content: { name: 'Ada' } });
      if (ask.kind === 'sampling') {
        requests.answer(ask.id, {
          role: 'assistant',
          model: 'person',
          content: { type: 'text', text: 'bravo' },
        });
      }
    }
  });
}

function settled(calls: CallLog, id: number): Promise<CallRecord> {
  return new Promise((resolve) => {
    const check = () => {
      const record = calls.getSnapshot().find((r) => r.id === id);
      if (record && record.status !== 'running' && record.status !== 'waiting for you') resolve(record);
    };
    calls.subscribe(check);
    check();
  });
}

describe('a call that asks for input', () => {
  it('in the modern era, answers each input_required round and retries until complete', async () => {
    const { client, requests, calls } = await connect('auto');
    expect(client.getProtocolEra()).toBe('modern');
    const origins: unknown[] = [];
    requests.subscribe(() => origins.push(...requests.getSnapshot().map((ask) => ask.origin)));
    answerAsAPerson(requests);
    const record = await settled(calls, calls.start(client, BOOK, { show: 'Hamlet' }, 5_000));
    expect(record.status).toBe('done');
    expect(record.rounds).toBe(3);
    expect(record.outcome).toMatchObject({
      kind: 'result',
      result: { content: [{ type: 'text', text: 'Booked Hamlet for Ada: bravo' }] },
    });
    // Each ask was tied to this call and its round, under the server's key.
    expect(origins).toContainEqual({ owner: `call:${record.id}`, round: 1, key: 'who' });
    expect(origins).toContainEqual({ owner: `call:${record.id}`, round: 2, key: 'poem' });
  });

  it('in the legacy era, gets the same answers through server→client requests', async () => {
    const { client, requests, calls } = await connect('legacy');
    expect(client.getProtocolEra()).toBe('legacy');
    answerAsAPerson(requests);
    const record = await settled(calls, calls.start(client, BOOK, { show: 'Lear' }, 5_000));
    expect(record).toMatchObject({ status: 'done', rounds: 1 });
    expect(record.outcome).toMatchObject({ result: { content: [{ text: 'Booked Lear for Ada: bravo' }] } });
  });

  it('does not time out while the person answers, in either era', async () => {
    for (const era of ['auto', 'legacy'] as const) {
      const { client, requests, calls } = await connect(era);
      // The person takes four times the call's timeout to answer the first ask.
      requests.subscribe(() => {
        const ask = requests.getSnapshot()[0];
        if (ask?.kind === 'elicitation') {
          setTimeout(() => requests.answer(ask.id, { action: 'accept', content: { name: 'Bo' } }), 400);
        }
        if (ask?.kind === 'sampling') {
          requests.answer(ask.id, { role: 'assistant', model: 'm', content: { type: 'text', text: 'ok' } });
        }
      });
      const record = await settled(calls, calls.start(client, BOOK, { show: 'Tempest' }, 100));
      expect(record.status, `era ${era}`).toBe('done');
    }
  });

  it('ends declined, without a retry, when the person rejects a sampling round', async () => {
    const { client, requests, calls } = await connect('auto');
    requests.subscribe(() => {
      for (const ask of requests.getSnapshot()) {
        if (ask.kind === 'elicitation')
          requests.answer(ask.id, { action: 'accept', content: { name: 'Cy' } });
        if (ask.kind === 'sampling') requests.refuse(ask.id, -1, 'User rejected');
      }
    });
    const record = await settled(calls, calls.start(client, BOOK, { show: 'Macbeth' }, 5_000));
    expect(record.status).toBe('declined');
    expect(record.endReason).toMatch(/rejected the server's sampling request "poem"/);
  });

  it("words its own timeout as the inspector's", async () => {
    const { client, calls } = await connect('auto');
    const slow: Tool = { name: 'slow', inputSchema: { type: 'object' } };
    const record = await settled(calls, calls.start(client, slow, {}, 50));
    expect(record.status).toBe('timed out');
    expect(record.endReason).toMatch(
      /^mcp-inspect stopped waiting after 0\.1 s without an answer \(the inspector's own timeout/,
    );
  });
});

/**
 * A tool that reports one step of progress, then works until it is cancelled, in either SDK:
 * `cancelled` resolves when the server sees the cancellation.
 */
function gateTool() {
  let seen: () => void = () => undefined;
  const cancelled = new Promise<void>((resolve) => (seen = resolve));
  const run = async (
    signal: AbortSignal,
    progressToken: string | number | undefined,
    notify: (progress: { progress: number; total: number; message: string }) => Promise<void>,
  ) => {
    if (progressToken !== undefined) await notify({ progress: 1, total: 2, message: 'Halfway' });
    // The cancel may come while the progress is still being sent.
    if (!signal.aborted) {
      await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
    }
    seen();
    return { content: [{ type: 'text' as const, text: 'never seen' }] };
  };
  return { run, cancelled };
}

async function gateOverEra(era: 'modern' | 'legacy') {
  const gate = gateTool();
  let client: Client;
  if (era === 'modern') {
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    serveStdio(
      () => {
        const server = new McpServer({ name: 'gate', version: '2.0.0' });
        server.registerTool('gate', { description: 'Works until cancelled' }, (ctx) =>
          gate.run(ctx.mcpReq.signal, ctx.mcpReq._meta?.progressToken, (progress) =>
            ctx.mcpReq.notify({
              method: 'notifications/progress',
              params: { progressToken: ctx.mcpReq._meta!.progressToken!, ...progress },
            }),
          ),
        );
        return server;
      },
      { transport: serverSide },
    );
    client = pageMcpClient('auto').client;
    await client.connect(clientSide);
  } else {
    const [clientSide, serverSide] = InMemoryTransportV1.createLinkedPair();
    const server = new McpServerV1({ name: 'gate', version: '1.0.0' });
    server.registerTool('gate', { description: 'Works until cancelled' }, (extra) =>
      gate.run(extra.signal, extra._meta?.progressToken, (progress) =>
        extra.sendNotification({
          method: 'notifications/progress',
          params: { progressToken: extra._meta!.progressToken!, ...progress },
        }),
      ),
    );
    await server.connect(serverSide);
    client = pageMcpClient('legacy').client;
    // SDK v1's transport speaks the same JSON-RPC; only its TypeScript types are its own.
    await client.connect(clientSide as unknown as Transport);
  }
  expect(client.getProtocolEra()).toBe(era);
  const requests = new ServerRequestQueue();
  return { client, gate, calls: new CallLog(pageAnswerer(requests, new RootsStore()), new TaskList()) };
}

function until(calls: CallLog, id: number, check: (record: CallRecord) => boolean): Promise<CallRecord> {
  return new Promise((resolve) => {
    const look = () => {
      const record = calls.getSnapshot().find((r) => r.id === id);
      if (record && check(record)) resolve(record);
    };
    calls.subscribe(look);
    look();
  });
}

describe('a call in flight', () => {
  for (const era of ['modern', 'legacy'] as const) {
    it(`shows the server's progress, and a cancel reaches the server (${era} era)`, async () => {
      const { client, gate, calls } = await gateOverEra(era);
      const GATE: Tool = { name: 'gate', inputSchema: { type: 'object' } };
      const id = calls.start(client, GATE, {}, 5_000);
      const running = await until(calls, id, (r) => r.progress !== undefined);
      expect(running).toMatchObject({
        status: 'running',
        progress: { progress: 1, total: 2, message: 'Halfway' },
      });
      calls.cancel(id);
      await gate.cancelled;
      const record = await settled(calls, id);
      expect(record.status).toBe('cancelled');
      expect(record.outcome).toBeUndefined();
      expect(record.endReason).toMatch(/notifications\/cancelled/);
    });
  }

  it("an error answer is the call's outcome, with its code, in either era", async () => {
    for (const era of ['auto', 'legacy'] as const) {
      const { client, calls } = await connect(era);
      const missing: Tool = { name: 'no_such_tool', inputSchema: { type: 'object' } };
      const record = await settled(calls, calls.start(client, missing, {}, 5_000));
      expect(record.status, `era ${era}`).toBe('done');
      expect(record.outcome, `era ${era}`).toMatchObject({ kind: 'error', code: expect.any(Number) });
    }
  });
});
