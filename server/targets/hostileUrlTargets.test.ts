import { afterEach, describe, expect, it } from 'vitest';
import type { RunningBridge } from '../http/bridgeServer.js';
import { DEFAULT_MEMORY_LIMITS } from './memoryLimits.js';
import { connectedPage, startTestBridge } from '../testSupport/bridges.js';
import {
  listen,
  mcpWithAttack,
  pour,
  resultHead,
  type Attack,
  type Listener,
} from '../testSupport/hostileHttp.js';
import type { PageClient } from '../testSupport/pageClient.js';
import { TEST_TUNING } from '../testSupport/targets.js';
import type { TargetSpec } from './targetSpec.js';
import type { UrlTimeouts } from '../../shared/urlTimeouts.js';
import type { TargetTuning } from './target.js';

/**
 * The attacks of a hostile server reached by URL, played by real loopback servers: a redirect
 * that would take the person's headers to another origin, answers without end, error pages of
 * megabytes, a server that stops reading. Each ends in a clear message where the person looks,
 * and the bridge goes on serving.
 */
const open: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const thing of open.splice(0).reverse()) await thing.close();
});

async function hostile(attack: Attack): Promise<Listener> {
  const server = await listen(mcpWithAttack(attack));
  open.push(server);
  return server;
}

const SECRET = 'k-9f8e7d6c5b4a';
const target = (url: string, timeouts?: UrlTimeouts): TargetSpec => ({
  kind: 'url',
  url,
  transport: 'streamable-http',
  headers: { 'x-api-key': SECRET },
  era: 'auto',
  ...(timeouts ? { timeouts } : {}),
});

async function inspect(
  url: string,
  tuning: TargetTuning = {},
  stdinBacklogBytes = DEFAULT_MEMORY_LIMITS.stdinBacklogBytes,
  timeouts?: UrlTimeouts,
): Promise<{ bridge: RunningBridge; page: PageClient; log: string[] }> {
  const log: string[] = [];
  const bridge = await startTestBridge(target(url, timeouts), {
    tuning: { ...TEST_TUNING, ...tuning },
    limits: { ...DEFAULT_MEMORY_LIMITS, stdinBacklogBytes },
    log: (line) => log.push(line),
  });
  open.push({ close: () => bridge.close() });
  const page = await connectedPage(bridge);
  open.push({ close: async () => page.close() });
  await page.initialize();
  return { bridge, page, log };
}

/** The error a request got (from the bridge or the server), or undefined for a result. */
function errorOf(response: Record<string, unknown>): string | undefined {
  return (response.error as { message?: string } | undefined)?.message;
}

/** The transport errors the page was told of, history and live. */
function transportErrors(page: PageClient): string[] {
  return page.received
    .flatMap((e) => (e.type === 'history' ? (e.records as typeof page.received) : [e]))
    .filter((e) => e.type === 'transportError')
    .map((e) => String(e.message));
}

async function stillServes(page: PageClient): Promise<void> {
  const echo = await page.request('tools/call', { name: 'echo', arguments: { message: 'still here' } });
  expect(JSON.stringify(echo)).toContain('still here');
}

describe('a redirect to another origin', () => {
  it('at start: the probe does not follow it, and the other origin never gets the headers', async () => {
    const elsewhere = await listen((_req, res) => res.writeHead(200).end());
    open.push(elsewhere);
    const redirecting = await listen((_req, res) =>
      res.writeHead(307, { location: elsewhere.url('/mcp?api_key=abc') }).end(),
    );
    open.push(redirecting);
    const log: string[] = [];
    const bridge = await startTestBridge(target(redirecting.url()), { log: (line) => log.push(line) });
    open.push({ close: () => bridge.close() });

    expect(bridge.session.state).toMatchObject({ state: 'failed' });
    const reason = String(bridge.session.state?.reason);
    expect(reason).toContain(
      `${redirecting.url()} answered HTTP 307, a redirect to ${elsewhere.url('/mcp?api_key=****')}, another origin`,
    );
    expect(elsewhere.seen).toEqual([]);
    expect(redirecting.seen[0]?.headers['x-api-key']).toBe(SECRET);
  });

  it('on a later request: not followed either, and said', async () => {
    const elsewhere = await listen((_req, res) => res.writeHead(200).end());
    open.push(elsewhere);
    const server = await hostile((res) => res.writeHead(307, { location: elsewhere.url() }).end());
    const { page } = await inspect(server.url());
    const answer = await page.request('tools/call', { name: 'attack', arguments: {} });
    expect(errorOf(answer)).toContain(`Redirect to ${elsewhere.url()} not followed`);
    expect(elsewhere.seen).toEqual([]);
    await stillServes(page);
  });

  it('within the origin: followed, with the headers', async () => {
    let hops = 0;
    const server = await hostile((res) => {
      hops += 1;
      res.writeHead(307, { location: '/mcp?moved=1' }).end();
    });
    const { page } = await inspect(server.url());
    await page.request('tools/call', { name: 'attack', arguments: {} });
    // The SDK follows a 307 within the origin (here, back to the attack: up to its limit).
    expect(hops).toBeGreaterThan(1);
    const moved = server.seen.filter((request) => request.path === '/mcp?moved=1');
    expect(moved.length).toBeGreaterThan(0);
    expect(moved.every((request) => request.headers['x-api-key'] === SECRET)).toBe(true);
  });
});

const MB = 1024 * 1024;
const SMALL_CAP: TargetTuning = { messageBytes: MB };
const filler = Buffer.alloc(64 * 1024, 'a');

describe('answers without end', () => {
  for (const [what, totalBytes] of [
    ['an endless JSON body', Infinity],
    ['a JSON body past the cap', 3 * MB],
  ] as const) {
    it(`${what}: read up to the cap, then the call fails saying why`, async () => {
      const server = await hostile((res, _req, message) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.write(resultHead(message.id));
        pour(res, filler, totalBytes);
      });
      const { page } = await inspect(server.url(), SMALL_CAP);
      const answer = await page.request('tools/call', { name: 'attack', arguments: {} });
      expect(errorOf(answer)).toMatch(
        new RegExp(`the answer of ${server.url()} passed 1 MB, the most mcp-inspect reads of one message`),
      );
      await stillServes(page);
    });
  }

  it('a JSON body whose Content-Length is past the cap: not read, and the call fails saying why', async () => {
    let closed!: Promise<void>;
    const server = await hostile((res, _req, message) => {
      closed = new Promise((resolve) => res.once('close', () => resolve()));
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(300 * MB) });
      // The head only: the rest would follow as the bridge reads, which it does not.
      res.write(resultHead(message.id));
    });
    const { page } = await inspect(server.url(), SMALL_CAP);
    const answer = await page.request('tools/call', { name: 'attack', arguments: {} });
    expect(errorOf(answer)).toBe(
      `the answer of ${server.url()} is 300 MB (its Content-Length), past 1 MB, the most mcp-inspect reads of one message: it was not read`,
    );
    await closed; // the bridge hung up on it
    await stillServes(page);
  });

  it('an SSE data: line that never ends: the stream is dropped, saying why', async () => {
    const server = await hostile((res, _req, message) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(`event: message\ndata: ${resultHead(message.id)}`);
      pour(res, filler);
    });
    const { page } = await inspect(server.url(), SMALL_CAP);
    page.send({
      jsonrpc: '2.0',
      id: 'endless',
      method: 'tools/call',
      params: { name: 'attack', arguments: {} },
    });
    await expect
      .poll(() => transportErrors(page).join('\n'), { timeout: 10_000 })
      .toMatch(/an event of the stream of .* passed 1 MB, the most mcp-inspect reads of one message/);
    await stillServes(page);
  });

  it('an event stream of many events is not cut, however long it runs', async () => {
    const server = await hostile((res, _req, message) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      // 2 MB of progress-like events (twice the cap), each small, then the answer.
      const event = `event: message\ndata: {"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":"${'x'.repeat(1000)}"}}\n\n`;
      for (let i = 0; i < (2 * MB) / event.length; i += 1) res.write(event);
      res.end(
        `event: message\ndata: {"jsonrpc":"2.0","id":${JSON.stringify(message.id)},"result":{"content":[{"type":"text","text":"done"}]}}\n\n`,
      );
    });
    const { page } = await inspect(server.url(), SMALL_CAP);
    const answer = await page.request('tools/call', { name: 'attack', arguments: {} });
    expect(JSON.stringify(answer)).toContain('done');
    expect(transportErrors(page)).toEqual([]);
  });

  it('an HTTP 500 of 20 MB: the error says what came first, not the megabytes', async () => {
    const server = await hostile((res) => {
      res.writeHead(500, { 'content-type': 'text/html' });
      res.write('<h1>Internal error</h1>');
      pour(res, filler, 20 * MB);
    });
    const { page, log } = await inspect(server.url());
    const answer = await page.request('tools/call', { name: 'attack', arguments: {} });
    const error = errorOf(answer) ?? '';
    expect(error).toContain('<h1>Internal error</h1>');
    expect(error).toContain('[cut by mcp-inspect: only the first 4096 bytes of this answer were read]');
    expect(error.length).toBeLessThan(8 * 1024);
    expect(Math.max(...log.map((line) => line.length))).toBeLessThan(8 * 1024);
    await stillServes(page);
  });
});

describe('a server that stops answering', () => {
  it('a request with no answer fails after the request timeout the person set', async () => {
    const server = await hostile(() => undefined);
    const { page } = await inspect(server.url(), {}, undefined, { request: 0.3 });
    const answer = await page.request('tools/call', { name: 'attack', arguments: {} });
    expect(errorOf(answer)).toContain(`no answer from ${server.url()} within 0.3 s to a POST`);
    await stillServes(page);
  });

  it('a server that stops reading: what waits for it is bounded, then sends are refused, saying why', async () => {
    let stalled = false;
    const answering = mcpWithAttack(() => undefined);
    const server = await listen((req, res) => {
      if (!stalled) return answering(req, res);
      // Never reads the request, never answers: its socket's buffers fill, then the sender's.
      req.pause();
    });
    open.push(server);
    const { page } = await inspect(server.url(), { requestTimeoutMs: 0 }, 2 * MB);
    stalled = true;
    const big = 'b'.repeat(MB);
    const answers = Array.from({ length: 8 }, () =>
      page.request('tools/call', { name: 'echo', arguments: { message: big } }),
    );
    const refused = await Promise.race([
      Promise.any(
        answers.map(async (answer) => errorOf(await answer) ?? Promise.reject(new Error('answered'))),
      ),
      new Promise<string>((resolve) => setTimeout(() => resolve('nothing refused within 10 s'), 10_000)),
    ]);
    expect(refused).toMatch(
      /^Not sent: the MCP server is not answering what is sent \(\d+\.\d MB sent to it/,
    );
    expect(transportErrors(page).filter((e) => e.includes('is not answering what is sent'))).toHaveLength(1);
  });
});
