import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { API_APP_SANDBOX_PATH } from '../../shared/http.js';
import { WS_SUBPROTOCOL, WS_TOKEN_PROTOCOL_PREFIX } from '../../shared/wire.js';
import type { RunningBridge } from '../http/bridgeServer.js';
import { TEST_TOKEN as TOKEN, startTestBridge } from '../testSupport/bridges.js';
import { cspDirectives as csp, rawRequest as get, upgradeStatus } from '../testSupport/http.js';
import { scriptTarget } from '../testSupport/targets.js';
import { hostnameOf, sandboxHostname } from './sandboxSite.js';

let bridge: RunningBridge;
let sandboxPort: number;
let dir: string;

beforeAll(async () => {
  // What `npm run build` puts in dist/app-sandbox, in miniature.
  dir = mkdtempSync(join(tmpdir(), 'mcp-inspect-sandbox-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(
    join(dir, 'sandbox.html'),
    '<!doctype html><script type="module" src="./assets/proxy.js"></script>',
  );
  writeFileSync(join(dir, 'assets', 'proxy.js'), 'console.log("proxy")');
  // Any target will do: these tests are about the listeners.
  bridge = await startTestBridge(scriptTarget('process.stdin.resume()'), {
    appSandboxDir: dir,
    version: '0.0.0-test',
  });
  sandboxPort = bridge.appSandboxPort ?? 0;
});
afterAll(async () => {
  await bridge.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Asks the bridge, as the page loaded under `pageHost` does, for an app's sandbox address. */
async function issue(declared: unknown, pageHost = `127.0.0.1:${bridge.port}`) {
  const query = declared === undefined ? '' : `?csp=${encodeURIComponent(JSON.stringify(declared))}`;
  const reply = await get(bridge.port, `${API_APP_SANDBOX_PATH}${query}`, {
    Host: pageHost,
    Authorization: `Bearer ${TOKEN}`,
  });
  const json = reply.headers['content-type']?.includes('json') ? (JSON.parse(reply.body) as object) : {};
  return { status: reply.status, body: json as { url: string; error?: string } };
}

/** Loads an address as a browser would: under the Host its URL names. */
function load(address: string) {
  const url = new URL(address);
  return get(sandboxPort, `${url.pathname}${url.search}`, { Host: url.host });
}

describe('the MCP Apps sandbox listener', () => {
  it('listens on a port of its own and serves its script to anyone, without a token', async () => {
    expect(sandboxPort).toBeGreaterThan(0);
    expect(sandboxPort).not.toBe(bridge.port);
    expect((await get(sandboxPort, '/assets/proxy.js')).status).toBe(200);
  });

  it('serves the sandbox page only at an address the bridge issued, under another site than the page', async () => {
    const { status, body } = await issue(undefined);
    expect(status).toBe(200);
    const url = new URL(body.url);
    // The page is at 127.0.0.1: the sandbox is at localhost, another site, so another process.
    expect(url.host).toBe(`localhost:${sandboxPort}`);
    const page = await load(body.url);
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('proxy.js');
    // Without the bridge's signature, nothing: not the page, not its CSP.
    expect((await get(sandboxPort, '/sandbox.html', { Host: url.host })).status).toBe(403);
    // Nor under the page's own name, the same site as the page.
    expect(
      (await get(sandboxPort, `${url.pathname}${url.search}`, { Host: `127.0.0.1:${sandboxPort}` })).status,
    ).toBe(403);

    // A page opened at localhost gets its sandbox at 127.0.0.1.
    const fromLocalhost = await issue(undefined, `localhost:${bridge.port}`);
    expect(new URL(fromLocalhost.body.url).host).toBe(`127.0.0.1:${sandboxPort}`);
    expect((await load(fromLocalhost.body.url)).status).toBe(200);
  });

  it('builds the page CSP from the declared domains, deny-by-default, framed only by the page it was issued to', async () => {
    const plain = csp(await load((await issue(undefined)).body.url));
    expect(plain.get('default-src')).toBe("'none'");
    expect(plain.get('connect-src')).toBe("'none'");
    expect(plain.get('frame-ancestors')).toBe(`http://127.0.0.1:${bridge.port}`);
    const { body } = await issue({
      connectDomains: ['https://api.example.com', `http://127.0.0.1:${bridge.port}`, 'ws://localhost:*'],
    });
    // The declared API is reachable; the bridge never is, whatever the resource says.
    expect(csp(await load(body.url)).get('connect-src')).toBe('https://api.example.com');
    expect(body).toMatchObject({
      csp: { connectDomains: ['https://api.example.com'] },
      dropped: [
        { list: 'connectDomains', value: `http://127.0.0.1:${bridge.port}` },
        { list: 'connectDomains', value: 'ws://localhost:*' },
      ],
    });
    expect((await issue(undefined, `localhost:${bridge.port}`)).status).toBe(200);
    const fromLocalhost = csp(await load((await issue(undefined, `localhost:${bridge.port}`)).body.url));
    expect(fromLocalhost.get('frame-ancestors')).toBe(`http://localhost:${bridge.port}`);
  });

  it('refuses an address an app crafted from its own: another CSP, another page, no signature', async () => {
    const issued = new URL((await issue(undefined)).body.url);
    const crafted = new URL(issued);
    crafted.searchParams.set('csp', JSON.stringify({ connectDomains: ['http://127.0.0.1:47777'] }));
    const reply = await load(crafted.href);
    expect(reply.status).toBe(403);
    expect(reply.body).toContain('did not issue this sandbox address');
    expect(reply.headers['content-security-policy']).toBeUndefined();
    const otherPage = new URL(issued);
    otherPage.searchParams.set('host', 'http://evil.example');
    expect((await load(otherPage.href)).status).toBe(403);
    const unsigned = new URL(issued);
    unsigned.searchParams.delete('sig');
    expect((await load(unsigned.href)).status).toBe(403);
  });

  it('issues addresses only through the token-guarded API, for pages the bridge serves', async () => {
    expect((await get(bridge.port, API_APP_SANDBOX_PATH, { Host: `127.0.0.1:${bridge.port}` })).status).toBe(
      401,
    );
    expect((await issue(undefined, `evil.example:${bridge.port}`)).status).toBe(403);
    const ipv6 = await issue(undefined, `[::1]:${bridge.port}`);
    expect(ipv6.status).toBe(422);
    expect(ipv6.body.error).toContain('open mcp-inspect at 127.0.0.1 or localhost');
    const garbage = await get(bridge.port, `${API_APP_SANDBOX_PATH}?csp=%7Bnot-json`, {
      Host: `127.0.0.1:${bridge.port}`,
      Authorization: `Bearer ${TOKEN}`,
    });
    expect(garbage.status).toBe(400);
  });

  it('serves nothing else: no API, no page, no WebSocket, no other method', async () => {
    for (const path of [
      '/',
      '/index.html',
      '/api/session',
      '/ws',
      '/assets/../sandbox.html.map',
      '/%2e%2e/package.json',
    ]) {
      expect((await get(sandboxPort, path, { Authorization: `Bearer ${TOKEN}` })).status, path).toBe(404);
    }
    expect((await get(sandboxPort, '/sandbox.html', {}, 'POST')).status).toBe(405);
    expect(
      await upgradeStatus(sandboxPort, {
        origin: `http://127.0.0.1:${sandboxPort}`,
        protocols: [WS_SUBPROTOCOL],
      }),
    ).not.toBe(101);
  });

  it('gives its script to no other site, and lets no other origin embed what it serves', async () => {
    const issued = new URL((await issue(undefined)).body.url);
    const own = { Host: issued.host };
    // The sandbox page in the inspector's frame (another site: the page is at 127.0.0.1, the
    // sandbox at localhost), and its own script.
    const framed = await get(sandboxPort, `${issued.pathname}${issued.search}`, {
      ...own,
      'Sec-Fetch-Site': 'cross-site',
      'Sec-Fetch-Mode': 'navigate',
      'Sec-Fetch-Dest': 'iframe',
    });
    expect(framed.status).toBe(200);
    const script = await get(sandboxPort, '/assets/proxy.js', {
      ...own,
      'Sec-Fetch-Site': 'same-origin',
      'Sec-Fetch-Mode': 'cors',
      'Sec-Fetch-Dest': 'script',
      Origin: issued.origin,
    });
    expect(script.status).toBe(200);
    for (const reply of [framed, script])
      expect(reply.headers['cross-origin-resource-policy']).toBe('same-origin');
    // Another site's <script src> or no-cors fetch: refused, so it cannot tell a bridge runs here.
    for (const dest of ['script', 'empty']) {
      const foreign = await get(sandboxPort, '/assets/proxy.js', {
        ...own,
        'Sec-Fetch-Site': 'cross-site',
        'Sec-Fetch-Mode': 'no-cors',
        'Sec-Fetch-Dest': dest,
      });
      expect(foreign.status).toBe(403);
      expect(foreign.body).not.toContain('proxy');
      expect(foreign.headers['cross-origin-resource-policy']).toBe('same-origin');
    }
  });

  it('refuses a foreign Host (DNS rebinding), like every listener of the bridge', async () => {
    expect((await get(sandboxPort, '/assets/proxy.js', { Host: `evil.example:${sandboxPort}` })).status).toBe(
      403,
    );
  });

  it('is an origin the bridge refuses, even with the token', async () => {
    const own = { Host: `127.0.0.1:${bridge.port}`, Authorization: `Bearer ${TOKEN}` };
    expect((await get(bridge.port, '/api/session', own)).status).toBe(200);
    for (const sandboxOrigin of [`http://127.0.0.1:${sandboxPort}`, `http://localhost:${sandboxPort}`]) {
      expect((await get(bridge.port, '/api/session', { ...own, Origin: sandboxOrigin })).status).toBe(403);
      expect((await get(bridge.port, API_APP_SANDBOX_PATH, { ...own, Origin: sandboxOrigin })).status).toBe(
        403,
      );
      const protocols = [WS_SUBPROTOCOL, `${WS_TOKEN_PROTOCOL_PREFIX}${TOKEN}`];
      expect(await upgradeStatus(bridge.port, { origin: sandboxOrigin, protocols })).toBe(403);
    }
  });

  it("is the only frame the inspector's page may embed, under the sandbox's name for that page", async () => {
    const page = await get(bridge.port, '/', { Host: `127.0.0.1:${bridge.port}` });
    expect(csp(page).get('frame-src')).toBe(`http://localhost:${sandboxPort}`);
    expect(csp(page).get('frame-ancestors')).toBe("'none'");
    const fromLocalhost = await get(bridge.port, '/', { Host: `localhost:${bridge.port}` });
    expect(csp(fromLocalhost).get('frame-src')).toBe(`http://127.0.0.1:${sandboxPort}`);
    const session = await get(bridge.port, '/api/session', {
      Host: `127.0.0.1:${bridge.port}`,
      Authorization: `Bearer ${TOKEN}`,
    });
    expect(JSON.parse(session.body)).toMatchObject({ appSandboxPort: sandboxPort });
  });
});

describe('the sandbox host name for a page', () => {
  it('is the other loopback name when the sandbox listens there, else the page’s own', () => {
    expect(sandboxHostname('127.0.0.1', '127.0.0.1')).toBe('localhost');
    expect(sandboxHostname('localhost', '127.0.0.1')).toBe('127.0.0.1');
    expect(sandboxHostname('[::1]', '::1')).toBe('localhost');
    // Bound to ::1 only: 127.0.0.1 would not reach it.
    expect(sandboxHostname('localhost', '::1')).toBe('localhost');
    expect(sandboxHostname('127.0.0.1', '0.0.0.0')).toBe('localhost');
    // Bound to 127.0.0.2: `localhost` is 127.0.0.1, not it.
    expect(sandboxHostname('127.0.0.2', '127.0.0.2')).toBe('127.0.0.2');
    expect(sandboxHostname('192.168.1.5', '0.0.0.0')).toBe('192.168.1.5');
  });

  it('reads the name of a Host header', () => {
    expect(hostnameOf('127.0.0.1:4000')).toBe('127.0.0.1');
    expect(hostnameOf('LocalHost:4000')).toBe('localhost');
    expect(hostnameOf('[::1]:4000')).toBe('[::1]');
  });
});
