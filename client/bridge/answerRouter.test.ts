// The page's answerer as the session hands it out: each answer the person gives is kept with the
// call it belongs to (a modern input round by its call; a legacy server's own request with the
// calls running), in the shape a collection item saves; and while a collection run holds them, a
// legacy server's own requests are answered by the run, never put to the person. Real SDK servers
// over in-memory transports, both eras.
import { describe, expect, it } from 'vitest';
import { InMemoryTransport, type Tool } from '@modelcontextprotocol/client';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { createCoreClient, RootsStore, type EraChoice } from '../../shared/core';
import { ItemAnswerer } from '../../shared/collections/coreDriver';
import { TaskList } from '../session/taskList';
import { CallLog, type CallRecord } from '../session/callLog';
import { AnswerRouter } from './answerRouter';
import { pageAnswerer } from './pageAnswerer';
import { ServerRequestQueue } from './serverRequests';
import { bookingServer } from './testSupport/bookingServer';

async function connect(era: EraChoice) {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  serveStdio(() => bookingServer(), { transport: serverSide });
  const requests = new ServerRequestQueue();
  const router = new AnswerRouter(pageAnswerer(requests, new RootsStore()));
  const { client, answerer } = createCoreClient({
    era,
    clientInfo: { name: 'mcp-inspect', version: 'test' },
    answerer: router.answerer,
    listCache: { invalidate: () => undefined },
  });
  await client.connect(clientSide);
  return { client, requests, router, calls: new CallLog(answerer, new TaskList(), router) };
}

const BOOK: Tool = { name: 'book', inputSchema: { type: 'object' } };

function answerAsAPerson(requests: ServerRequestQueue): void {
  requests.subscribe(() => {
    for (const ask of requests.getSnapshot()) {
      if (ask.kind === 'elicitation') requests.answer(ask.id, { action: 'accept', content: { name: 'Ada' } });
      if (ask.kind === 'sampling')
        requests.answer(ask.id, {
          role: 'assistant',
          model: 'person',
          content: { type: 'text', text: 'bravo' },
        });
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

describe("the person's answers, kept with the call", () => {
  for (const era of ['auto', 'legacy'] as const) {
    it(`records the form and the sampling reply on the call's record (${era === 'auto' ? 'modern' : 'legacy'} era)`, async () => {
      const { client, requests, calls } = await connect(era);
      answerAsAPerson(requests);
      const record = await settled(calls, calls.start(client, BOOK, { show: 'Hamlet' }, 5_000));
      expect(record.outcome).toMatchObject({
        result: { content: [{ text: 'Booked Hamlet for Ada: bravo' }] },
      });
      expect(record.answers).toEqual({
        elicitation: { action: 'accept', content: { name: 'Ada' } },
        samplingReply: 'bravo',
      });
    });
  }

  it('a call the person did not answer for keeps no answers', async () => {
    const { client, calls } = await connect('auto');
    const record = await settled(
      calls,
      calls.start(client, { name: 'slow', inputSchema: { type: 'object' } }, {}, 5_000),
    );
    expect(record.status).toBe('done');
    expect(record.answers).toBeUndefined();
  });
});

describe('a collection run holding the legacy requests', () => {
  it("answers a legacy server's own requests from the item, never asking the person; released, the person is asked again", async () => {
    const { client, requests, router, calls } = await connect('legacy');
    const asked: string[] = [];
    requests.subscribe(() => asked.push(...requests.getSnapshot().map((ask) => ask.kind)));
    const items = new ItemAnswerer();
    items.use({
      elicitation: { action: 'accept', content: { name: 'Grace' } },
      samplingReply: 'from the file',
    });
    const release = router.divert(items);
    const record = await settled(calls, calls.start(client, BOOK, { show: 'Lear' }, 5_000));
    expect(record.outcome).toMatchObject({
      result: { content: [{ text: 'Booked Lear for Grace: from the file' }] },
    });
    expect(asked).toEqual([]);
    expect(items.missing()).toBeUndefined();
    // The run's answers are not the person's: nothing recorded on the call.
    expect(record.answers).toBeUndefined();

    release();
    answerAsAPerson(requests);
    const after = await settled(calls, calls.start(client, BOOK, { show: 'Lear' }, 5_000));
    expect(after.outcome).toMatchObject({ result: { content: [{ text: 'Booked Lear for Ada: bravo' }] } });
    expect(asked).toContain('elicitation');
  });

  it('an item with no saved answer: the ask is refused at once and the item is told what it lacked', async () => {
    const { client, requests, router, calls } = await connect('legacy');
    const items = new ItemAnswerer();
    items.use({});
    const release = router.divert(items);
    const record = await settled(calls, calls.start(client, BOOK, { show: 'Lear' }, 5_000));
    release();
    expect(requests.getSnapshot()).toEqual([]);
    expect(record.status).toBe('done');
    expect(items.missing()).toBe('no saved answer for elicitation/create');
  });
});
