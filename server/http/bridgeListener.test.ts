import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WS_SUBPROTOCOL } from '../../shared/wire.js';
import { precompressDir } from '../../scripts/precompress.mjs';
import { rawRequest, upgradeStatus } from '../testSupport/http.js';
import { scriptTarget } from '../testSupport/targets.js';
import { listenForBridge, type BridgeListener } from './bridgeListener.js';
import { startBridge, type RunningBridge } from './bridgeServer.js';

const TOKEN = 'test-token-0123456789';
const script = `export const page = ${JSON.stringify('the first screen '.repeat(500))};\n`;
const lazy = 'export const lazy = 1;\n';

let dir: string;
let listener: BridgeListener | undefined;
let bridge: RunningBridge | undefined;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'mcp-inspect-listener-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><script type="module" src="./assets/app.js"></script>',
  );
  writeFileSync(join(dir, 'assets', 'app.js'), script);
  writeFileSync(join(dir, 'assets', 'lazy.js'), lazy);
  await precompressDir(dir);
  listener = await listenForBridge({ host: '127.0.0.1', port: 0, clientDir: dir, log: () => undefined });
});

afterEach(async () => {
  if (bridge) await bridge.close();
  else await listener?.close();
  bridge = undefined;
  listener = undefined;
  rmSync(dir, { recursive: true, force: true });
});

const port = (): number => listener?.bound.port ?? 0;
const origin = (): string => `http://127.0.0.1:${port()}`;

/** The bridge loaded at last, on the listener that has been serving meanwhile. */
async function attachBridge(): Promise<RunningBridge> {
  bridge = await startBridge({
    target: scriptTarget('process.stdin.resume()'),
    token: TOKEN,
    host: '127.0.0.1',
    port: 0,
    listener,
    clientDir: dir,
    version: '0.0.0-test',
    log: () => undefined,
  });
  return bridge;
}

/** A request whose answer is awaited later; resolves with its status (0: the connection failed). */
function pending(path: string, headers: Record<string, string> = {}): Promise<number> {
  return rawRequest(port(), path, headers).then(
    (reply) => reply.status,
    () => 0,
  );
}

describe('the listener the CLI binds before the bridge loads', () => {
  it('serves the first screen and the built assets at once, with the bridge’s guards and headers', async () => {
    const html = await rawRequest(port(), '/');
    expect(html.status).toBe(200);
    expect(html.headers['content-security-policy']).toContain("default-src 'self'");
    expect(html.headers['x-content-type-options']).toBe('nosniff');
    const app = await rawRequest(port(), '/assets/app.js', { 'Accept-Encoding': 'br' });
    expect(app.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(app.bytes).toString()).toBe(script);
    const chunk = await rawRequest(port(), '/assets/lazy.js');
    expect(chunk.body).toBe(lazy);
    expect(chunk.headers['content-type']).toMatch(/^text\/javascript/);
    expect(chunk.headers['cache-control']).toContain('immutable');
  });

  it('refuses a foreign Host or another site before the bridge has loaded, too', async () => {
    const rebinding = await rawRequest(port(), '/', { Host: `evil.example:${port()}` });
    expect(rebinding.status).toBe(403);
    expect(rebinding.body).toBe('Forbidden: this Host is not allowed');
    const probe = await rawRequest(port(), '/assets/app.js', {
      'Sec-Fetch-Site': 'cross-site',
      'Sec-Fetch-Mode': 'no-cors',
    });
    expect(probe.status).toBe(403);
  });

  it('holds the page’s API requests and socket until the bridge attaches, then hands them on in order', async () => {
    let answered = false;
    const session = rawRequest(port(), '/api/session', { Authorization: `Bearer ${TOKEN}` }).then((reply) => {
      answered = true;
      return reply;
    });
    const unauthorized = pending('/api/session');
    const socket = upgradeStatus(port(), { origin: origin(), protocols: [WS_SUBPROTOCOL, `token.${TOKEN}`] });
    const badSocket = upgradeStatus(port(), { origin: origin(), protocols: [WS_SUBPROTOCOL, 'token.wrong'] });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(answered).toBe(false);

    await attachBridge();
    const reply = await session;
    expect(reply.status).toBe(200);
    expect(JSON.parse(reply.body)).toMatchObject({ version: '0.0.0-test' });
    // What waited went through the bridge's own checks: the token is still asked for.
    expect(await unauthorized).toBe(401);
    expect(await socket).toBe(101);
    expect(await badSocket).toBe(401);
    // And from then on, everything goes straight to the bridge.
    expect((await rawRequest(port(), '/api/nothing-here', { Authorization: `Bearer ${TOKEN}` })).status).toBe(
      404,
    );
  });

  it('tells a flood to come back instead of holding it without end', async () => {
    const waiting = Array.from({ length: 70 }, () => pending('/api/session'));
    const statuses = await Promise.race([
      Promise.all(waiting.slice(64)),
      new Promise<number[]>((resolve) => setTimeout(() => resolve([]), 5_000)),
    ]);
    expect(statuses).toEqual([503, 503, 503, 503, 503, 503]);
    await attachBridge();
    expect(new Set(await Promise.all(waiting.slice(0, 64)))).toEqual(new Set([401]));
  });

  it('carries on when a browser goes away while its request waits', async () => {
    const gone = request({ host: '127.0.0.1', port: port(), path: '/api/session' });
    gone.on('error', () => undefined);
    gone.end();
    await new Promise((resolve) => setTimeout(resolve, 50));
    gone.destroy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    await attachBridge();
    expect((await rawRequest(port(), '/api/session', { Authorization: `Bearer ${TOKEN}` })).status).toBe(200);
  });
});
