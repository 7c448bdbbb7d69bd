import { createServer, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { WorkspaceView } from '../../shared/workspace/pageWire.js';
import { WS_SUBPROTOCOL, WS_TOKEN_PROTOCOL_PREFIX } from '../../shared/wire.js';
import { TEST_TOKEN as TOKEN } from '../testSupport/bridges.js';
import { cspDirectives, rawRequest, upgradeStatus } from '../testSupport/http.js';
import { PageClient } from '../testSupport/pageClient.js';
import { isAlive } from '../testSupport/processes.js';
import { demoTarget, scriptTarget, TEST_TUNING } from '../testSupport/targets.js';
import { startWorkspaceBridge, type RunningWorkspaceBridge } from './workspaceBridge.js';

// The bridge of several servers (`mcp-inspect --all`): each server's session on its own path,
// the workspace's own routes, and what one server does to the others (nothing).
let bridge: RunningWorkspaceBridge;
/** How long a server may take to start or stop on a busy machine. */
const WAIT = { timeout: 30_000, interval: 100 };

beforeAll(async () => {
  bridge = await startWorkspaceBridge({
    servers: [
      { name: 'demo', target: demoTarget() },
      {
        name: 'broken',
        target: scriptTarget("process.stderr.write('no config file\\n'); process.exit(3)"),
      },
      { name: 'secretive', problem: 'it asks for MY_KEY, which the file is not trusted with' },
      { name: 'second', target: demoTarget() },
    ],
    token: TOKEN,
    host: '127.0.0.1',
    port: 0,
    version: '0.0.0-test',
    log: () => undefined,
    tuning: TEST_TUNING,
  });
}, 60_000);
afterAll(async () => {
  await bridge.close();
});

/** The headers of the workspace's own page: its Host and the token. */
const ownOf = (of: RunningWorkspaceBridge) => ({
  Host: `127.0.0.1:${of.port}`,
  Authorization: `Bearer ${TOKEN}`,
});
const own = () => ownOf(bridge);
const get = (path: string, headers: Record<string, string> = own()) => rawRequest(bridge.port, path, headers);

async function workspace(of: RunningWorkspaceBridge = bridge): Promise<WorkspaceView> {
  const answer = await rawRequest(of.port, '/api/workspace', ownOf(of));
  expect(answer.status).toBe(200);
  return JSON.parse(answer.body) as WorkspaceView;
}

describe('the workspace bridge', () => {
  it('lists every server with its state, the one that cannot start with its reason, in order', async () => {
    await vi.waitFor(async () => {
      const view = await workspace();
      expect(view.servers.map((server) => [server.id, server.name, server.state?.state ?? null])).toEqual([
        ['0', 'demo', 'connected'],
        ['1', 'broken', 'exited'],
        ['2', 'secretive', null],
        ['3', 'second', 'connected'],
      ]);
      expect(view.servers[1]?.state?.stderrTail).toContain('no config file');
      expect(view.servers[2]?.problem).toMatch(/MY_KEY/);
    }, WAIT);
  });

  it('serves each server its own session under its path, behind the one token', async () => {
    const first = JSON.parse((await get('/s/0/api/session')).body) as { target: { demo: boolean } };
    const broken = JSON.parse((await get('/s/1/api/session')).body) as { target: { demo: boolean } };
    expect(first.target.demo).toBe(true);
    expect(broken.target.demo).toBe(false);
    expect((await get('/s/0/api/session', { Host: `127.0.0.1:${bridge.port}` })).status).toBe(401);
    expect((await get('/api/workspace', { Host: `127.0.0.1:${bridge.port}` })).status).toBe(401);
    expect((await get('/api/workspace', { ...own(), Host: `attacker.example:${bridge.port}` })).status).toBe(
      403,
    );
    // No session, no routes: a server that could not start, or an id that is none.
    expect((await get('/s/2/api/session')).status).toBe(404);
    expect((await get('/s/9/api/session')).status).toBe(404);
  });

  it("opens a page's socket on its server's path only, with the token and our Origin", async () => {
    const origin = `http://127.0.0.1:${bridge.port}`;
    const protocols = [WS_SUBPROTOCOL, `${WS_TOKEN_PROTOCOL_PREFIX}${TOKEN}`];
    expect(await upgradeStatus(bridge.port, { path: '/s/0/ws', origin, protocols })).toBe(101);
    expect(await upgradeStatus(bridge.port, { path: '/ws', origin, protocols })).toBe(404);
    expect(await upgradeStatus(bridge.port, { path: '/s/2/ws', origin, protocols })).toBe(404);
    expect(
      await upgradeStatus(bridge.port, { path: '/s/0/ws', origin: 'http://evil.example', protocols }),
    ).toBe(403);
    const page = await PageClient.connect(bridge.port, TOKEN, { path: '/s/3/ws' });
    const welcome = await page.waitFor((envelope) => envelope.type === 'welcome');
    expect(welcome).toMatchObject({ target: { demo: true } });
    page.close();
  });

  it("sends a server page's scripts to the root's address, so every frame shares the cache", async () => {
    const moved = await get('/s/0/assets/first-screen-abc.js');
    expect(moved.status).toBe(308);
    expect(moved.headers.location).toBe('/assets/first-screen-abc.js');
  });

  it('frames: a server page may be framed by its own origin, the workspace page frames them', async () => {
    const server = cspDirectives(await get('/s/0/api/session'));
    expect(server.get('frame-ancestors')).toBe("'self'");
    const shell = cspDirectives(await get('/api/workspace'));
    expect(shell.get('frame-ancestors')).toBe("'none'");
    expect(shell.get('frame-src')).toContain("'self'");
  });

  it('refuses an import into a run not started from a workspace file, and says why', async () => {
    const answer = await rawRequest(
      bridge.port,
      '/api/workspace/import',
      { ...own(), 'Content-Type': 'application/json' },
      'POST',
      JSON.stringify({ config: 'cursor', dryRun: true }),
    );
    expect(answer.status).toBe(409);
    expect(JSON.parse(answer.body)).toEqual({ error: 'this page was not started from a workspace file' });
  });

  it('disconnects one server (its process stops) and connects it again, the others untouched', async () => {
    const pid = bridge.sessions[3]?.pid;
    expect(pid).toBeDefined();
    const post = (path: string) => rawRequest(bridge.port, path, own(), 'POST');
    expect((await post('/api/workspace/3/disconnect')).status).toBe(200);
    await vi.waitFor(async () => {
      expect((await workspace()).servers[3]?.state?.state).toBe('stopped');
      expect(isAlive(pid ?? 0)).toBe(false);
    }, WAIT);
    expect((await workspace()).servers[0]?.state?.state).toBe('connected');
    expect((await post('/api/workspace/3/connect')).status).toBe(200);
    await vi.waitFor(
      async () => expect((await workspace()).servers[3]?.state?.state).toBe('connected'),
      WAIT,
    );
    expect((await post('/api/workspace/2/connect')).status).toBe(404);
  });
});

describe('a workspace with a URL server that accepts and never answers', () => {
  it('answers at once with that server still starting, the others served meanwhile', async () => {
    const silent = createServer((socket) => socket.resume());
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(silent.address() as AddressInfo).port}/mcp`;
    // The probe would wait two minutes: neither the bridge (and so the link) nor its close may.
    const held = await startWorkspaceBridge({
      servers: [
        {
          name: 'silent',
          target: { kind: 'url', url, transport: 'streamable-http', headers: {}, era: 'auto' },
        },
        { name: 'demo', target: demoTarget() },
      ],
      token: TOKEN,
      host: '127.0.0.1',
      port: 0,
      version: '0.0.0-test',
      log: () => undefined,
      tuning: { ...TEST_TUNING, connectTimeoutMs: 120_000 },
    });
    try {
      expect((await workspace(held)).servers[0]?.state?.state).toBe('starting');
      await vi.waitFor(
        async () => expect((await workspace(held)).servers[1]?.state?.state).toBe('connected'),
        WAIT,
      );
      expect((await workspace(held)).servers[0]?.state?.state).toBe('starting');
      // Disconnecting it ends its start at once.
      const answer = await rawRequest(held.port, '/api/workspace/0/disconnect', ownOf(held), 'POST');
      expect(answer.status).toBe(200);
      await vi.waitFor(
        async () => expect((await workspace(held)).servers[0]?.state?.state).toBe('stopped'),
        WAIT,
      );
    } finally {
      await held.close();
      silent.close();
    }
  }, 40_000);
});
