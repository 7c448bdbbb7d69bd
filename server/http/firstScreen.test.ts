import { once } from 'node:events';
import { writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveBuiltPage, type ServedPage } from '../testSupport/builtPage.js';
import { rawRequest } from '../testSupport/http.js';
import { readFirstScreenFiles } from './firstScreen.js';

const script = `export const page = ${JSON.stringify('the first screen '.repeat(500))};\n`;
const later = 'export const later = 1;\n';
const html =
  '<!doctype html><script type="module" src="./assets/app.js"></script>' +
  '<link rel="stylesheet" href="./assets/app.css"><div id="root"></div>';
let served: ServedPage;

beforeAll(async () => {
  served = await serveBuiltPage('first-screen', {
    'index.html': html,
    'assets/app.js': script,
    'assets/app.css': 'body { margin: 0 }\n',
    'assets/later.js': later,
  });
  // Changed on disk after the start: the first screen is what was read then.
  writeFileSync(join(served.dir, 'assets', 'app.css'), 'body { margin: 1px }\n');
});
afterAll(() => served?.close());

const get = (path: string, acceptEncoding?: string, method = 'GET') =>
  rawRequest(
    served.bridge.port,
    path,
    acceptEncoding === undefined ? {} : { 'Accept-Encoding': acceptEncoding },
    method,
  );

describe('the first screen, served from memory', () => {
  it('serves index.html at / and by name, to be asked again each time, with the CSP', async () => {
    for (const path of ['/', '/index.html']) {
      const res = await get(path);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
      expect(res.body).toBe(html);
    }
  });

  it('serves the files index.html names, compressed as the browser takes them, kept for good', async () => {
    const br = await get('/assets/app.js', 'gzip, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/^text\/javascript/);
    expect(br.headers.vary).toMatch(/Accept-Encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.bytes).toString()).toBe(script);
    const gzip = await get('/assets/app.js', 'gzip');
    expect(gunzipSync(gzip.bytes).toString()).toBe(script);
    const plain = await get('/assets/app.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
    expect(Number(plain.headers['content-length'])).toBe(Buffer.byteLength(script));
    expect((await get('/assets/app.css')).body).toBe('body { margin: 0 }\n');
    const head = await get('/assets/app.js', undefined, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.bytes.length).toBe(0);
  });

  it('leaves other files to the disk, read as they are now', async () => {
    writeFileSync(join(served.dir, 'assets', 'later.js'), 'export const later = 2;\n');
    const res = await get('/assets/later.js');
    expect(res.status).toBe(200);
    expect(res.body).toBe('export const later = 2;\n');
    expect((await get('/assets/missing.js')).status).toBe(404);
  });
});

describe("a workspace server's frame, below the root", () => {
  it('names the build files at the root, where every frame shares them, and serves the page plain', async () => {
    const frame = readFirstScreenFiles(served.dir, { assetsAtRoot: true });
    const server = createServer((req, res) => {
      if (!frame.serve(req, res)) res.writeHead(404).end();
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    try {
      const { port } = server.address() as AddressInfo;
      const page = await rawRequest(port, '/', { 'Accept-Encoding': 'gzip, br' });
      expect(page.headers['content-encoding']).toBeUndefined();
      expect(page.body).toBe(html.replaceAll('"./assets/', '"/assets/'));
      // The files themselves are as the build wrote them.
      expect((await rawRequest(port, '/assets/app.js')).body).toBe(script);
    } finally {
      server.close();
    }
  });
});
