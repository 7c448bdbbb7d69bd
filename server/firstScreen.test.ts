import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBridge, type RunningBridge } from './bridgeServer.js';
import { scriptTarget } from './testSupport/targets.js';

const script = `export const page = ${JSON.stringify('the first screen '.repeat(500))};\n`;
const later = 'export const later = 1;\n';
const html =
  '<!doctype html><script type="module" src="./assets/app.js"></script>' +
  '<link rel="stylesheet" href="./assets/app.css"><div id="root"></div>';
let dir: string;
let bridge: RunningBridge;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'mcp-inspect-first-screen-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), html);
  writeFileSync(join(dir, 'assets', 'app.js'), script);
  writeFileSync(join(dir, 'assets', 'app.css'), 'body { margin: 0 }\n');
  writeFileSync(join(dir, 'assets', 'later.js'), later);
  execFileSync(process.execPath, [
    fileURLToPath(new URL('../scripts/precompress.mjs', import.meta.url)),
    dir,
  ]);
  bridge = await startBridge({
    target: scriptTarget('process.stdin.resume()'),
    token: 'test-token-0123456789',
    host: '127.0.0.1',
    port: 0,
    clientDir: dir,
    version: '0.0.0-test',
    log: () => undefined,
  });
  // Changed on disk after the start: the first screen is what was read then.
  writeFileSync(join(dir, 'assets', 'app.css'), 'body { margin: 1px }\n');
});
afterAll(async () => {
  await bridge?.close();
  rmSync(dir, { recursive: true, force: true });
});

function get(path: string, acceptEncoding?: string, method = 'GET') {
  return new Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }>(
    (resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port: bridge.port,
          path,
          method,
          headers: acceptEncoding === undefined ? {} : { 'Accept-Encoding': acceptEncoding },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
          );
        },
      );
      req.on('error', reject);
      req.end();
    },
  );
}

describe('the first screen, served from memory', () => {
  it('serves index.html at / and by name, to be asked again each time, with the CSP', async () => {
    for (const path of ['/', '/index.html']) {
      const res = await get(path);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
      expect(res.body.toString()).toBe(html);
    }
  });

  it('serves the files index.html names, compressed as the browser takes them, kept for good', async () => {
    const br = await get('/assets/app.js', 'gzip, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/^text\/javascript/);
    expect(br.headers.vary).toMatch(/Accept-Encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.body).toString()).toBe(script);
    const gzip = await get('/assets/app.js', 'gzip');
    expect(gunzipSync(gzip.body).toString()).toBe(script);
    const plain = await get('/assets/app.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(script);
    expect(Number(plain.headers['content-length'])).toBe(Buffer.byteLength(script));
    expect((await get('/assets/app.css')).body.toString()).toBe('body { margin: 0 }\n');
    const head = await get('/assets/app.js', undefined, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
  });

  it('leaves other files to the disk', async () => {
    const res = await get('/assets/later.js');
    expect(res.status).toBe(200);
    expect(res.body.toString()).toBe(later);
    expect(res.headers['cache-control']).not.toMatch(/immutable/);
    expect((await get('/assets/missing.js')).status).toBe(404);
  });
});
