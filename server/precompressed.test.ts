import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBridge, type RunningBridge } from './bridgeServer.js';
import { acceptedEncodings } from './precompressed.js';
import { scriptTarget } from './testSupport/targets.js';

const script = `export const page = ${JSON.stringify('the first screen '.repeat(500))};\n`;
let dir: string;
let bridge: RunningBridge;

beforeAll(async () => {
  // A built page in miniature, precompressed by the build's own script.
  dir = mkdtempSync(join(tmpdir(), 'mcp-inspect-precompressed-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(join(dir, 'assets', 'app.js'), script);
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
});
afterAll(async () => {
  await bridge?.close();
  rmSync(dir, { recursive: true, force: true });
});

function get(path: string, acceptEncoding?: string) {
  return new Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }>(
    (resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port: bridge.port,
          path,
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

describe('the page served precompressed', () => {
  it('sends brotli to a browser that takes it, with the file type and Vary', async () => {
    const res = await get('/assets/app.js', 'gzip, deflate, br, zstd');
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^text\/javascript/);
    expect(res.headers.vary).toMatch(/Accept-Encoding/i);
    expect(res.body.length).toBeLessThan(script.length / 10);
    expect(brotliDecompressSync(res.body).toString()).toBe(script);
    // The security headers of every response are still there.
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
  });

  it('sends gzip to one that takes only gzip, or refuses brotli', async () => {
    for (const accept of ['gzip', 'br;q=0, gzip', '*;q=0.5, br;q=0']) {
      const res = await get('/assets/app.js', accept);
      expect(res.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(res.body).toString()).toBe(script);
    }
  });

  it('sends the plain file, still with Vary, to one that takes neither', async () => {
    for (const accept of [undefined, 'identity', 'deflate', 'gzip;q=0, br;q=0']) {
      const res = await get('/assets/app.js', accept);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers.vary).toMatch(/Accept-Encoding/i);
      expect(res.body.toString()).toBe(script);
    }
  });

  it('leaves files without a compressed copy alone', async () => {
    const res = await get('/', 'br, gzip');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body.toString()).toContain('<div id="root">');
    expect((await get('/assets/app.js.br', 'br')).headers['content-encoding']).toBeUndefined();
  });
});

describe('Accept-Encoding', () => {
  it('reads codings and their weights', () => {
    expect([...acceptedEncodings('gzip, deflate, br')]).toEqual(['gzip', 'deflate', 'br']);
    expect([...acceptedEncodings('br;q=0, gzip;q=0.8')]).toEqual(['gzip']);
    expect(acceptedEncodings('*').has('br')).toBe(true);
    expect(acceptedEncodings(undefined).size).toBe(0);
  });
});
