import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import { ConnectSchema, WIRE_PROTOCOL_VERSION, WS_SUBPROTOCOL } from '../../shared/wire.js';
import type { RunningBridge } from './bridgeServer.js';
import { TEST_TOKEN as TOKEN, startTestBridge } from '../testSupport/bridges.js';
import { cspDirectives, rawRequest, upgradeStatus as upgrade } from '../testSupport/http.js';
import { PageClient } from '../testSupport/pageClient.js';
import { eventually, isAlive } from '../testSupport/processes.js';
import { demoTarget, fixturePath, scriptTarget } from '../testSupport/targets.js';

let bridge: RunningBridge;
/** The page's HTML as written (client/index.html), where the bridge serves the built page from. */
let clientDir: string;

beforeAll(async () => {
  clientDir = mkdtempSync(join(tmpdir(), 'mcp-inspect-client-'));
  copyFileSync(
    fileURLToPath(new URL('../../client/index.html', import.meta.url)),
    join(clientDir, 'index.html'),
  );
  copyFileSync(
    fileURLToPath(new URL('../../client/public/favicon.svg', import.meta.url)),
    join(clientDir, 'favicon.svg'),
  );
  // What a checkout's build serves beside each script (the package leaves source maps out).
  mkdirSync(join(clientDir, 'assets'));
  writeFileSync(join(clientDir, 'assets', 'index-abc123.js.map'), '{"version":3,"sources":["main.tsx"]}');
  bridge = await startTestBridge(demoTarget(), { version: '0.0.0-test', clientDir });
});
afterAll(async () => {
  await bridge.close();
  rmSync(clientDir, { recursive: true, force: true });
});

const httpGet = (path: string, headers: Record<string, string>) => rawRequest(bridge.port, path, headers);
const upgradeStatus = (options: Parameters<typeof upgrade>[1]) => upgrade(bridge.port, options);

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

  it('never puts the token in what it serves: not in the page, not in the API', async () => {
    // The page is served, whole, with or without the token (the page's own fetches carry it).
    for (const headers of [own(), { ...own(), Authorization: `Bearer ${TOKEN}` }]) {
      const page = await httpGet('/', headers);
      expect(page.status).toBe(200);
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.body).toContain('<div id="root"></div>');
      expect(page.body).not.toContain(TOKEN);
    }
    const api = await httpGet('/api/session', { ...own(), Authorization: `Bearer ${TOKEN}` });
    expect(api.status).toBe(200);
    expect(api.body).not.toContain(TOKEN);
  });

  it('serves the page under a Content-Security-Policy that keeps results from running code', async () => {
    const page = await httpGet('/', own());
    // The whole policy, so that any loosening shows up here: no 'unsafe-eval' either (the page's
    // JSON Schema engine interprets schemas, it does not compile them to code).
    expect(Object.fromEntries(cspDirectives(page))).toEqual({
      'default-src': "'self'",
      'script-src': "'self'",
      'style-src': "'self' 'unsafe-inline'",
      'img-src': "'self' data: blob: https:",
      'media-src': "'self' data: blob:",
      'font-src': "'self' data:",
      'connect-src': "'self'",
      'worker-src': "'self' blob:",
      'frame-ancestors': "'none'",
      'base-uri': "'none'",
      'form-action': "'none'",
      // No MCP Apps sandbox listener in this bridge: nothing may be framed.
      'frame-src': "'none'",
    });
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    // Every answer carries it, the API's and a 404 too.
    const api = await httpGet('/api/session', { ...own(), Authorization: `Bearer ${TOKEN}` });
    const missing = await httpGet('/no-such-file.js', own());
    expect(missing.status).toBe(404);
    for (const reply of [api, missing]) {
      expect(reply.headers['content-security-policy']).toBe(page.headers['content-security-policy']);
    }
  });
});

describe('what another site may ask for', () => {
  const own = () => ({ Host: `127.0.0.1:${bridge.port}` });
  /** What Chromium sends for another site's <img>, <script>, no-cors fetch or <iframe>. */
  const fromAnotherSite = (dest: string, mode = 'no-cors') => ({
    ...own(),
    'Sec-Fetch-Site': 'cross-site',
    'Sec-Fetch-Mode': mode,
    'Sec-Fetch-Dest': dest,
  });

  it('answers nothing to another site: not the favicon, a script, a source map, the page in a frame or the API', async () => {
    // The bridge's own page gets them (and a client without Fetch Metadata, like curl).
    expect((await httpGet('/favicon.svg', { ...own(), 'Sec-Fetch-Site': 'same-origin' })).status).toBe(200);
    expect((await httpGet('/assets/index-abc123.js.map', own())).status).toBe(200);
    for (const [path, dest] of [
      ['/favicon.svg', 'image'],
      ['/favicon.svg', 'empty'],
      ['/assets/index-abc123.js.map', 'script'],
      ['/assets/index-abc123.js.map', 'empty'],
      ['/', 'iframe'],
      ['/api/session', 'empty'],
    ] as const) {
      const reply = await httpGet(path, fromAnotherSite(dest, dest === 'iframe' ? 'navigate' : 'no-cors'));
      expect(reply.status, `${path} as ${dest}`).toBe(403);
      expect(reply.body).toBe('Forbidden: another site asked for this');
      expect(reply.headers['cross-origin-resource-policy']).toBe('same-origin');
      expect(reply.headers['cache-control']).toBe('no-store');
    }
    // Without Fetch Metadata, a foreign Origin says the same.
    const withOrigin = await httpGet('/favicon.svg', { ...own(), Origin: 'https://evil.example' });
    expect(withOrigin.status).toBe(403);
  });

  it('still opens the page in a tab, whoever sent the person there', async () => {
    const page = await httpGet('/', fromAnotherSite('document', 'navigate'));
    expect(page.status).toBe(200);
    expect(page.body).toContain('<div id="root"></div>');
  });

  it('lets no other origin embed anything it serves (Cross-Origin-Resource-Policy)', async () => {
    for (const path of [
      '/',
      '/favicon.svg',
      '/assets/index-abc123.js.map',
      '/no-such-file.js',
      '/api/session',
    ]) {
      const reply = await httpGet(path, own());
      expect(reply.headers['cross-origin-resource-policy'], path).toBe('same-origin');
    }
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

describe('a page that asks for another target', () => {
  it('accepts a valid connect envelope: the old target stops, the new one starts and answers', async () => {
    const log: string[] = [];
    const own = await startTestBridge(scriptTarget('process.stdin.resume()'), {
      log: (line) => log.push(line),
    });
    try {
      const page = await PageClient.connect(own.port, TOKEN);
      const first = await page.waitForState('connected');
      const envelope = {
        type: 'connect',
        target: {
          kind: 'stdio',
          command: process.execPath,
          args: [fixturePath('crashOnCall.mjs')],
          env: { FIXTURE_MODE: 'test' },
          era: 'auto',
        },
      };
      // As the page's own code would build it: valid by the wire's schema.
      expect(ConnectSchema.safeParse(envelope).success).toBe(true);
      page.sendRaw(JSON.stringify(envelope));

      const changed = await page.waitFor((e) => e.type === 'target');
      expect(changed.target).toMatchObject({
        kind: 'stdio',
        command: process.execPath,
        args: [fixturePath('crashOnCall.mjs')],
        envKeys: ['FIXTURE_MODE'],
      });
      const started = await page.waitForState('connected', (first.generation as number) + 1);
      expect(started.pid).not.toBe(first.pid);
      const stopped = page.received.find((e) => e.type === 'state' && e.state === 'stopped');
      expect(stopped).toMatchObject({ generation: first.generation });
      expect(await eventually(() => !isAlive(first.pid as number), 5_000)).toBe(true);
      expect(await page.initialize()).toMatchObject({
        result: { serverInfo: { name: 'e2e-crash-on-call' } },
      });
      expect(page.received.filter((e) => e.type === 'rejected')).toEqual([]);
      expect(own.session.targetInfo).toMatchObject({ args: [fixturePath('crashOnCall.mjs')] });
      expect(log).toContain(
        `now inspecting ${process.execPath} ${fixturePath('crashOnCall.mjs')} (asked for by the page)`,
      );
      page.close();
    } finally {
      await own.close();
    }
  });
});
