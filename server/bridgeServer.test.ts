import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request } from 'node:http';
import WebSocket from 'ws';
import { WIRE_PROTOCOL_VERSION, WS_SUBPROTOCOL } from '../shared/wire.js';
import { startBridge, type RunningBridge } from './bridgeServer.js';
import { PageClient } from './testSupport/pageClient.js';
import { demoTarget } from './testSupport/targets.js';

const TOKEN = 'test-token-0123456789';
let bridge: RunningBridge;

beforeAll(async () => {
  bridge = await startBridge({
    target: demoTarget(),
    token: TOKEN,
    host: '127.0.0.1',
    port: 0,
    version: '0.0.0-test',
    log: () => undefined,
  });
});
afterAll(async () => {
  await bridge.close();
});

/** A raw HTTP request, so Host and Origin can be set to what an attacker would send. */
function httpGet(path: string, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port: bridge.port, path, headers, setHost: !('Host' in headers) },
      (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/** Attempts an upgrade and resolves with the HTTP status it was refused with, or 101. */
function upgradeStatus(options: {
  origin?: string;
  host?: string;
  protocols?: string[];
  path?: string;
}): Promise<number> {
  return new Promise((resolve) => {
    const headers: Record<string, string> = {};
    if (options.origin !== undefined) headers.Origin = options.origin;
    if (options.host !== undefined) headers.Host = options.host;
    const ws = new WebSocket(
      `ws://127.0.0.1:${bridge.port}${options.path ?? '/ws'}`,
      options.protocols ?? [],
      { headers },
    );
    ws.on('open', () => {
      ws.close();
      resolve(101);
    });
    ws.on('unexpected-response', (_req, res) => {
      resolve(res.statusCode ?? 0);
      ws.terminate();
    });
    ws.on('error', () => undefined);
  });
}

describe('HTTP routes', () => {
  const own = () => ({ Host: `127.0.0.1:${bridge.port}` });

  it('needs the token on the API', async () => {
    expect((await httpGet('/api/session', own())).status).toBe(401);
    expect((await httpGet('/api/session', { ...own(), Authorization: 'Bearer wrong' })).status).toBe(401);
    const ok = await httpGet('/api/session', { ...own(), Authorization: `Bearer ${TOKEN}` });
    expect(ok.status).toBe(200);
    expect(JSON.parse(ok.body)).toMatchObject({
      version: '0.0.0-test',
      target: { kind: 'stdio', demo: true },
    });
  });

  it('refuses a foreign Host on every route (DNS rebinding)', async () => {
    expect((await httpGet('/', { Host: `attacker.example:${bridge.port}` })).status).toBe(403);
    const api = await httpGet('/api/session', {
      Host: `attacker.example:${bridge.port}`,
      Authorization: `Bearer ${TOKEN}`,
    });
    expect(api.status).toBe(403);
    expect((await httpGet('/', { Host: `127.0.0.1:${bridge.port + 1}` })).status).toBe(403);
  });

  it('refuses a foreign Origin on the API even with the token', async () => {
    const res = await httpGet('/api/session', {
      ...own(),
      Origin: 'http://evil.example',
      Authorization: `Bearer ${TOKEN}`,
    });
    expect(res.status).toBe(403);
  });

  it('never puts the token in what it serves', async () => {
    const res = await httpGet('/api/session', { ...own(), Authorization: `Bearer ${TOKEN}` });
    expect(res.body).not.toContain(TOKEN);
  });
});

describe('WebSocket upgrade', () => {
  const origin = () => `http://127.0.0.1:${bridge.port}`;
  const protocols = (token = TOKEN) => [WS_SUBPROTOCOL, `token.${token}`];

  it('accepts the page: own Origin, loopback Host, right token', async () => {
    expect(await upgradeStatus({ origin: origin(), protocols: protocols() })).toBe(101);
  });
  it('refuses an upgrade without Origin', async () => {
    expect(await upgradeStatus({ protocols: protocols() })).toBe(403);
  });
  it('refuses another Origin', async () => {
    expect(await upgradeStatus({ origin: 'http://evil.example', protocols: protocols() })).toBe(403);
    expect(
      await upgradeStatus({ origin: `http://localhost:${bridge.port + 1}`, protocols: protocols() }),
    ).toBe(403);
  });
  it('refuses a foreign Host', async () => {
    const host = `rebind.example:${bridge.port}`;
    expect(await upgradeStatus({ origin: `http://${host}`, host, protocols: protocols() })).toBe(403);
  });
  it('refuses a missing or wrong token', async () => {
    expect(await upgradeStatus({ origin: origin(), protocols: [WS_SUBPROTOCOL] })).toBe(401);
    expect(await upgradeStatus({ origin: origin(), protocols: protocols('nope') })).toBe(401);
  });
  it('refuses other paths', async () => {
    expect(await upgradeStatus({ origin: origin(), protocols: protocols(), path: '/other' })).toBe(404);
  });
});

describe('relay', () => {
  it('relays MCP both ways and stamps every frame in order', async () => {
    const page = await PageClient.connect(bridge.port, TOKEN);
    const welcome = await page.waitFor((e) => e.type === 'welcome');
    expect(welcome).toMatchObject({ wireVersion: WIRE_PROTOCOL_VERSION, target: { kind: 'stdio' } });
    await page.waitForState('connected');
    const init = await page.initialize();
    expect(init).toMatchObject({ result: { serverInfo: { name: 'mcp-inspect-demo' } } });
    const call = await page.request('tools/call', { name: 'echo', arguments: { message: 'relayed' } });
    expect(call).toMatchObject({ result: { content: [{ type: 'text', text: 'relayed' }] } });

    const frames = page.received.filter((e) => e.type === 'frame');
    expect(frames.map((f) => f.dir)).toEqual([
      'toServer',
      'fromServer',
      'toServer',
      'toServer',
      'fromServer',
    ]);
    const seqs = page.received.filter((e) => typeof e.seq === 'number').map((e) => e.seq as number);
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    for (const frame of frames) {
      expect(frame.bytes).toBe(Buffer.byteLength(JSON.stringify(frame.message)));
      expect(typeof frame.t).toBe('number');
    }
    page.close();
  });

  it('survives malformed envelopes and goes on relaying', async () => {
    const page = await PageClient.connect(bridge.port, TOKEN);
    await page.waitForState('connected');
    await page.initialize();
    const rejections = () => page.received.filter((e) => e.type === 'rejected').length;
    page.sendRaw('not json at all');
    page.sendRaw(JSON.stringify({ type: 'launch-missiles' }));
    page.sendRaw(JSON.stringify({ type: 'mcp', message: { hello: 'not json-rpc' } }));
    page.sendRaw(JSON.stringify({ type: 'mcp' }));
    page.ws.send(Buffer.from([1, 2, 3]), { binary: true });
    await page.waitFor(() => rejections() === 5);
    expect(page.received.filter((e) => e.type === 'rejected').every((e) => e.fatal === false)).toBe(true);
    const call = await page.request('tools/call', { name: 'echo', arguments: { message: 'still here' } });
    expect(call).toMatchObject({ result: { content: [{ text: 'still here' }] } });
    page.close();
  });

  it('restarts a target another page initialized, and replays history to the new page', async () => {
    const first = await PageClient.connect(bridge.port, TOKEN);
    const connected = await first.waitForState('connected');
    await first.initialize();
    const second = await PageClient.connect(bridge.port, TOKEN);
    const history = await second.waitFor((e) => e.type === 'history');
    expect((history.records as unknown[]).length).toBeGreaterThan(0);
    const fresh = await second.waitFor(
      (e) =>
        e.type === 'state' &&
        e.state === 'connected' &&
        (e.generation as number) > (connected.generation as number),
    );
    const init = await second.initialize();
    expect(init).toHaveProperty('result');
    // The first page was told it was taken over and closed.
    await new Promise<void>((resolve) =>
      first.ws.readyState === WebSocket.CLOSED ? resolve() : first.ws.once('close', () => resolve()),
    );
    expect(fresh.generation).toBe((connected.generation as number) + 1);
    second.close();
  });

  it('asks for hello first and refuses another wire version', async () => {
    const silent = await PageClient.connect(bridge.port, TOKEN, { hello: false });
    silent.sendRaw(JSON.stringify({ type: 'restart' }));
    const refused = await silent.waitFor((e) => e.type === 'rejected');
    expect(refused).toMatchObject({ fatal: true });

    const old = await PageClient.connect(bridge.port, TOKEN, { hello: false });
    const closed = new Promise<number>((resolve) => old.ws.once('close', (code) => resolve(code)));
    old.sendRaw(JSON.stringify({ type: 'hello', wireVersion: WIRE_PROTOCOL_VERSION + 1 }));
    expect(await old.waitFor((e) => e.type === 'rejected')).toMatchObject({ fatal: true });
    expect(await closed).toBe(4002);
  });
});
