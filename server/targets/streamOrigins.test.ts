import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import type { JSONRPCMessage } from '@modelcontextprotocol/client';
import { serveDemoHttp, type DemoHttpServer } from '../demo/demoHttp.js';
import { connectedPage, startTestBridge } from '../testSupport/bridges.js';
import type { PageClient } from '../testSupport/pageClient.js';
import { StreamOrigins } from './streamOrigins.js';

/** A response whose body arrives in these chunks, as a server's SSE stream would. */
function streamed(chunks: (string | Uint8Array)[], type = 'text/event-stream'): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) {
        controller.enqueue(typeof chunk === 'string' ? encoder.encode(chunk) : chunk);
      }
      controller.close();
    },
  });
  return new Response(body, { headers: { 'content-type': type } });
}

const log = (text: string) => ({
  jsonrpc: '2.0' as const,
  method: 'notifications/message',
  params: { level: 'info', logger: 'demo', data: text },
});

describe('StreamOrigins', () => {
  it('passes the bytes on unchanged, and knows which request each notification came with', async () => {
    const origins = new StreamOrigins();
    const events = [
      `data: ${JSON.stringify(log('one'))}\r\n\r\n`,
      `event: message\ndata: ${JSON.stringify(log('two'))}\n\n`,
      `data: {"jsonrpc":"2.0","id":7,"result":{}}\n\n`,
    ].join('');
    // Split everywhere a chunk may end: inside a line, between CR and LF, inside the data.
    const chunks = [events.slice(0, 9), events.slice(9, events.indexOf('\r') + 1)];
    chunks.push(events.slice(chunks.join('').length, 120), events.slice(120));
    const watched = origins.watch(streamed(chunks), 7);
    expect(await watched.text()).toBe(events);
    // The SDK may hand the message over with its keys in another order.
    const reordered = {
      params: { data: 'two', logger: 'demo', level: 'info' },
      method: 'notifications/message',
    };
    expect(origins.originOf({ jsonrpc: '2.0', ...reordered } as JSONRPCMessage)).toBe(7);
    expect(origins.originOf(log('one'))).toBe(7);
    // Each is taken once; a response or a notification no stream carried has none.
    expect(origins.originOf(log('one'))).toBeUndefined();
    expect(origins.originOf({ jsonrpc: '2.0', id: 7, result: {} })).toBeUndefined();
    expect(origins.originOf(log('never seen'))).toBeUndefined();
  });

  it('matches the same notification on two streams to each in turn', async () => {
    const origins = new StreamOrigins();
    const event = `data: ${JSON.stringify(log('same'))}\n\n`;
    await origins.watch(streamed([event]), 'a').text();
    await origins.watch(streamed([event]), 'b').text();
    expect([origins.originOf(log('same')), origins.originOf(log('same'))]).toEqual(['a', 'b']);
  });

  it('leaves alone a response that is not a stream, and skips events too long to be a notification', async () => {
    const origins = new StreamOrigins();
    const json = streamed(['{"jsonrpc":"2.0","id":1,"result":{}}'], 'application/json');
    expect(origins.watch(json, 1)).toBe(json);
    const huge = `data: ${JSON.stringify(log('x'.repeat(200_000)))}\n\n`;
    const pieces = huge.match(/[\s\S]{1,16384}/g)!;
    const after = `data: ${JSON.stringify(log('after'))}\n\n`;
    expect(await origins.watch(streamed([...pieces, after]), 3).text()).toBe(huge + after);
    expect(origins.originOf(log('x'.repeat(200_000)))).toBeUndefined();
    expect(origins.originOf(log('after'))).toBe(3);
  });

  it('finds the end of a skipped event however it is split: CRLF across chunks, a character across chunks', async () => {
    const origins = new StreamOrigins();
    const huge = `data: ${JSON.stringify(log('é'.repeat(100_000)))}\r\n\r\n`;
    const after = `data: ${JSON.stringify(log('after'))}\r\n\r\n`;
    const bytes = new TextEncoder().encode(huge + after);
    const crlf = new TextEncoder().encode(huge).length - 3; // between the first CR and its LF
    const cuts = [70_001, 150_001, crlf, bytes.length];
    const chunks: Uint8Array[] = [];
    let from = 0;
    for (const cut of cuts) chunks.push(bytes.subarray(from, (from = cut)));
    expect(await origins.watch(streamed(chunks), 9).text()).toBe(huge + after);
    expect(origins.originOf(log('after'))).toBe(9);
  });

  it('skips an event too long to be a notification when it comes whole in one chunk', async () => {
    const origins = new StreamOrigins();
    const huge = `data: ${JSON.stringify(log('y'.repeat(100_000)))}\n\n`;
    const after = `data: ${JSON.stringify(log('after'))}\n\n`;
    expect(await origins.watch(streamed([huge + after]), 4).text()).toBe(huge + after);
    expect(origins.originOf(log('y'.repeat(100_000)))).toBeUndefined();
    expect(origins.originOf(log('after'))).toBe(4);
  });

  it('forgets the oldest of what the transport never took, past a thousand', async () => {
    const origins = new StreamOrigins();
    const events = Array.from({ length: 1_200 }, (_, i) => `data: ${JSON.stringify(log(`n${i}`))}\n\n`);
    await origins.watch(streamed(events), 1).text();
    expect(origins.originOf(log('n0'))).toBeUndefined();
    expect(origins.originOf(log('n199'))).toBeUndefined();
    expect(origins.originOf(log('n200'))).toBe(1);
    expect(origins.originOf(log('n1199'))).toBe(1);
  });
});

/**
 * Through the bridge to the demo over Streamable HTTP (a real SDK server), in each era: the log
 * message a call makes comes on that call's stream, and its frame names the call.
 */
describe('a log message over Streamable HTTP', () => {
  let demo: DemoHttpServer;
  beforeAll(async () => {
    demo = await serveDemoHttp({ port: 0 });
  });
  afterAll(async () => {
    await demo.close();
  });

  async function inspect(era: 'legacy' | 'modern'): Promise<PageClient> {
    const bridge = await startTestBridge({ kind: 'url', url: demo.url, transport: 'auto', headers: {}, era });
    const page = await connectedPage(bridge);
    onTestFinished(async () => {
      page.close();
      await bridge.close();
    });
    return page;
  }

  const callId = (page: PageClient) =>
    (
      page.received.find(
        (e) =>
          e.type === 'frame' &&
          e.dir === 'toServer' &&
          (e.message as { method?: string }).method === 'tools/call',
      )?.message as { id?: unknown }
    ).id;

  const logFrame = (page: PageClient, text: string) =>
    page.waitFor(
      (e) =>
        e.type === 'frame' &&
        (e.message as { method?: string }).method === 'notifications/message' &&
        (e.message as { params?: { data?: unknown } }).params?.data === text,
    );

  it('names its call in the legacy era', async () => {
    const page = await inspect('legacy');
    await page.initialize();
    await page.request('logging/setLevel', { level: 'debug' });
    await page.request('tools/call', {
      name: 'log_message',
      arguments: { level: 'info', text: 'legacy log' },
    });
    expect(await logFrame(page, 'legacy log')).toMatchObject({ relatedTo: callId(page) });
  });

  it('names its call in the modern era', async () => {
    const page = await inspect('modern');
    const meta = {
      'io.modelcontextprotocol/protocolVersion': '2026-07-28',
      'io.modelcontextprotocol/clientInfo': { name: 'test-page', version: '0' },
      'io.modelcontextprotocol/clientCapabilities': {},
      'io.modelcontextprotocol/logLevel': 'debug',
    };
    const answer = await page.request('tools/call', {
      name: 'log_message',
      arguments: { level: 'info', text: 'modern log' },
      _meta: meta,
    });
    expect(answer).toHaveProperty('result');
    expect(await logFrame(page, 'modern log')).toMatchObject({ relatedTo: callId(page) });
  });
});
