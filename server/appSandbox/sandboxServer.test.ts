import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WS_SUBPROTOCOL, WS_TOKEN_PROTOCOL_PREFIX } from '../../shared/wire.js';
import type { RunningBridge } from '../bridgeServer.js';
import { TEST_TOKEN as TOKEN, startTestBridge } from '../testSupport/bridges.js';
import { cspDirectives as csp, rawRequest as get, upgradeStatus } from '../testSupport/http.js';
import { scriptTarget } from '../testSupport/targets.js';

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

describe('the MCP Apps sandbox listener', () => {
  it('listens on a port of its own and serves the sandbox page without any token', async () => {
    expect(sandboxPort).toBeGreaterThan(0);
    expect(sandboxPort).not.toBe(bridge.port);
    const page = await get(sandboxPort, '/sandbox.html');
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('proxy.js');
    expect((await get(sandboxPort, '/assets/proxy.js')).status).toBe(200);
  });

  it('builds the page CSP from the declared domains, deny-by-default, framed only by the bridge', async () => {
    const plain = csp(await get(sandboxPort, '/sandbox.html'));
    expect(plain.get('default-src')).toBe("'none'");
    expect(plain.get('connect-src')).toBe("'none'");
    expect(plain.get('frame-ancestors')?.split(' ').sort()).toEqual(
      [`http://127.0.0.1:${bridge.port}`, `http://localhost:${bridge.port}`].sort(),
    );
    const declared = encodeURIComponent(
      JSON.stringify({
        connectDomains: ['https://api.example.com', `http://127.0.0.1:${bridge.port}`, 'ws://localhost:*'],
      }),
    );
    const open = csp(await get(sandboxPort, `/sandbox.html?csp=${declared}`));
    // The declared API is reachable; the bridge never is, whatever the resource says.
    expect(open.get('connect-src')).toBe('https://api.example.com');
    const garbage = csp(await get(sandboxPort, '/sandbox.html?csp=%7Bnot-json'));
    expect(garbage.get('connect-src')).toBe("'none'");
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
    const own = { Host: `127.0.0.1:${sandboxPort}` };
    // The sandbox page in the inspector's frame, and its own script.
    const framed = await get(sandboxPort, '/sandbox.html', {
      ...own,
      'Sec-Fetch-Site': 'same-site',
      'Sec-Fetch-Mode': 'navigate',
      'Sec-Fetch-Dest': 'iframe',
    });
    expect(framed.status).toBe(200);
    const script = await get(sandboxPort, '/assets/proxy.js', {
      ...own,
      'Sec-Fetch-Site': 'same-origin',
      'Sec-Fetch-Mode': 'cors',
      'Sec-Fetch-Dest': 'script',
      Origin: `http://127.0.0.1:${sandboxPort}`,
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
    expect((await get(sandboxPort, '/sandbox.html', { Host: `evil.example:${sandboxPort}` })).status).toBe(
      403,
    );
  });

  it('is an origin the bridge refuses, even with the token', async () => {
    const sandboxOrigin = `http://127.0.0.1:${sandboxPort}`;
    const own = { Host: `127.0.0.1:${bridge.port}`, Authorization: `Bearer ${TOKEN}` };
    expect((await get(bridge.port, '/api/session', own)).status).toBe(200);
    expect((await get(bridge.port, '/api/session', { ...own, Origin: sandboxOrigin })).status).toBe(403);
    const protocols = [WS_SUBPROTOCOL, `${WS_TOKEN_PROTOCOL_PREFIX}${TOKEN}`];
    expect(await upgradeStatus(bridge.port, { origin: sandboxOrigin, protocols })).toBe(403);
  });

  it("is the only frame the inspector's page may embed, and the page learns its port", async () => {
    const page = await get(bridge.port, '/', { Host: `127.0.0.1:${bridge.port}` });
    expect(csp(page).get('frame-src')?.split(' ')).toContain(`http://127.0.0.1:${sandboxPort}`);
    expect(csp(page).get('frame-ancestors')).toBe("'none'");
    const session = await get(bridge.port, '/api/session', {
      Host: `127.0.0.1:${bridge.port}`,
      Authorization: `Bearer ${TOKEN}`,
    });
    expect(JSON.parse(session.body)).toMatchObject({ appSandboxPort: sandboxPort });
  });
});
