import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChildProcess } from 'node:child_process';
import { createServer as createHttpServer } from 'node:http';
import { BridgeSession } from '../relay/session.js';
import type { RunningBridge } from '../http/bridgeServer.js';
import { connectedPage, startTestBridge } from '../testSupport/bridges.js';
import { freePort, startEverything } from '../testSupport/network.js';
import type { PageClient } from '../testSupport/pageClient.js';
import type { TargetSpec } from './targetSpec.js';

/**
 * URL targets against a server nobody here wrote: @modelcontextprotocol/server-everything,
 * started in its Streamable HTTP and its SSE modes.
 */
const servers: ChildProcess[] = [];
let streamable: number;
let sse: number;
beforeAll(async () => {
  const [a, b] = await Promise.all([startEverything('streamableHttp'), startEverything('sse')]);
  servers.push(a.child, b.child);
  streamable = a.port;
  sse = b.port;
}, 30_000);
afterAll(() => {
  for (const child of servers) child.kill();
});

async function inspect(target: TargetSpec): Promise<{ bridge: RunningBridge; page: PageClient }> {
  const bridge = await startTestBridge(target);
  return { bridge, page: await connectedPage(bridge) };
}

const url = (
  port: number,
  path: string,
  transport: 'auto' | 'sse' | 'streamable-http' = 'auto',
): TargetSpec => ({
  kind: 'url',
  url: `http://127.0.0.1:${port}${path}`,
  transport,
  headers: { 'X-Test': 'yes' },
  era: 'auto',
});

describe('URL targets', () => {
  it('speaks Streamable HTTP, and auto settles on it', async () => {
    const { bridge, page } = await inspect(url(streamable, '/mcp'));
    const init = await page.initialize();
    expect(init).toMatchObject({ result: { serverInfo: { name: expect.stringContaining('everything') } } });
    // Settled at start, in the one "connected" state the page got (in its history here).
    expect(page.latestState).toMatchObject({
      transport: 'streamable-http',
      note: 'Streamable HTTP answered',
    });
    const call = await page.request('tools/call', { name: 'echo', arguments: { message: 'over http' } });
    expect(JSON.stringify(call)).toContain('over http');
    page.close();
    await bridge.close();
  });

  it('falls back to SSE when Streamable HTTP is refused, and says so', async () => {
    const { bridge, page } = await inspect(url(sse, '/sse'));
    const init = await page.initialize();
    expect(init).toHaveProperty('result.serverInfo');
    expect(page.latestState).toMatchObject({ transport: 'sse' });
    expect(page.latestState?.note).toMatch(/^Streamable HTTP answered HTTP 4\d\d; connected over SSE$/);
    const call = await page.request('tools/call', { name: 'echo', arguments: { message: 'over sse' } });
    expect(JSON.stringify(call)).toContain('over sse');
    // The fallback is a note on the one "connected" state, not an error.
    const records = page.received.flatMap((e) =>
      e.type === 'history' ? (e.records as typeof page.received) : [e],
    );
    expect(records.filter((e) => e.type === 'transportError')).toEqual([]);
    expect(records.filter((e) => e.type === 'state' && e.state === 'connected')).toHaveLength(1);
    page.close();
    await bridge.close();
  });

  it('speaks SSE when asked to', async () => {
    const { bridge, page } = await inspect(url(sse, '/sse', 'sse'));
    expect(await page.initialize()).toHaveProperty('result.serverInfo');
    page.close();
    await bridge.close();
  });

  it('says plainly that nothing is listening', async () => {
    const port = await freePort();
    const session = new BridgeSession(url(port, '/sse', 'sse'), { version: 'test', log: () => undefined });
    await session.restart();
    expect(session.state).toMatchObject({
      state: 'failed',
      reason: `connection refused: nothing is listening at http://127.0.0.1:${port}/sse`,
    });
    await session.dispose();
  });

  it('says plainly at start that nothing is listening, over Streamable HTTP too', async () => {
    const port = await freePort();
    for (const transport of ['streamable-http', 'auto'] as const) {
      const session = new BridgeSession(url(port, '/mcp', transport), {
        version: 'test',
        log: () => undefined,
      });
      await session.restart();
      expect(session.state).toMatchObject({
        state: 'failed',
        reason: `connection refused: nothing is listening at http://127.0.0.1:${port}/mcp`,
      });
      await session.dispose();
    }
  });

  it('says a server needs authorization and shows what it asks for', async () => {
    const guarded = createHttpServer((_req, res) => {
      res.writeHead(401, {
        'WWW-Authenticate':
          'Bearer realm="mcp", resource_metadata="http://127.0.0.1/.well-known/oauth-protected-resource"',
      });
      res.end('unauthorized');
    });
    await new Promise<void>((resolve) => guarded.listen(0, '127.0.0.1', resolve));
    const port = (guarded.address() as { port: number }).port;
    const session = new BridgeSession(url(port, '/mcp', 'streamable-http'), {
      version: 'test',
      log: () => undefined,
    });
    await session.restart();
    expect(session.state?.state).toBe('failed');
    const message = session.state?.reason ?? '';
    expect(message).toContain('HTTP 401: the server needs authorization');
    expect(message).toContain('WWW-Authenticate: Bearer realm="mcp", resource_metadata=');
    await session.dispose();
    guarded.close();
  });
});
