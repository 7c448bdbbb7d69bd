import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptedEncodings } from './precompressed.js';
import { serveBuiltPage, type ServedPage } from '../testSupport/builtPage.js';
import { rawRequest } from '../testSupport/http.js';

const script = `export const page = ${JSON.stringify('the first screen '.repeat(500))};\n`;
let served: ServedPage;

beforeAll(async () => {
  // index.html names no file here, so app.js comes from the disk, not the first screen in memory.
  served = await serveBuiltPage('precompressed', {
    'index.html': '<!doctype html><div id="root"></div>',
    'assets/app.js': script,
  });
});
afterAll(() => served?.close());

const get = (path: string, acceptEncoding?: string) =>
  rawRequest(
    served.bridge.port,
    path,
    acceptEncoding === undefined ? {} : { 'Accept-Encoding': acceptEncoding },
  );

describe('the page served precompressed', () => {
  it('sends brotli to a browser that takes it, with the file type and Vary', async () => {
    const res = await get('/assets/app.js', 'gzip, deflate, br, zstd');
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^text\/javascript/);
    expect(res.headers.vary).toMatch(/Accept-Encoding/i);
    expect(res.bytes.length).toBeLessThan(script.length / 10);
    expect(brotliDecompressSync(res.bytes).toString()).toBe(script);
    // The security headers of every response are still there.
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
  });

  it('sends gzip to one that takes only gzip, or refuses brotli', async () => {
    for (const accept of ['gzip', 'br;q=0, gzip', '*;q=0.5, br;q=0']) {
      const res = await get('/assets/app.js', accept);
      expect(res.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(res.bytes).toString()).toBe(script);
    }
  });

  it('sends the plain file, still with Vary, to one that takes neither', async () => {
    for (const accept of [undefined, 'identity', 'deflate', 'gzip;q=0, br;q=0']) {
      const res = await get('/assets/app.js', accept);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers.vary).toMatch(/Accept-Encoding/i);
      expect(res.body).toBe(script);
    }
  });

  it('leaves files without a compressed copy alone', async () => {
    const res = await get('/', 'br, gzip');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toContain('<div id="root">');
    expect((await get('/assets/app.js.br', 'br')).headers['content-encoding']).toBeUndefined();
  });
});

describe('the page installed under dotted folders, as npx and nvm install it', () => {
  let dotted: ServedPage;
  const logged: string[] = [];
  beforeAll(async () => {
    dotted = await serveBuiltPage(
      'dotted',
      { 'index.html': '<!doctype html><div id="root"></div>', 'assets/app.js': script },
      { below: '.npm/_npx/0123abcd/node_modules/mcp-inspect/dist/client', log: (line) => logged.push(line) },
    );
  });
  afterAll(() => dotted?.close());
  const getDotted = (path: string, acceptEncoding = 'gzip, deflate, br') =>
    rawRequest(dotted.bridge.port, path, { 'Accept-Encoding': acceptEncoding });

  it('still serves every precompressed copy', async () => {
    const br = await getDotted('/assets/app.js');
    expect(br.status).toBe(200);
    expect(brotliDecompressSync(br.bytes).toString()).toBe(script);
    const gzip = await getDotted('/assets/app.js', 'gzip');
    expect(gunzipSync(gzip.bytes).toString()).toBe(script);
  });

  it('still refuses a dotted name below the page itself', async () => {
    writeFileSync(join(dotted.dir, 'assets/.secret.js'), script);
    const res = await getDotted('/assets/.secret.js', 'identity');
    expect(res.status).not.toBe(200);
  });

  it('answers a file that vanished with one terminal line and no stack trace', async () => {
    rmSync(join(dotted.dir, 'assets/app.js.br'));
    logged.length = 0;
    const res = await getDotted('/assets/app.js', 'br');
    expect(res.status).toBe(404);
    expect(res.body).not.toMatch(/at |Error|node_modules/);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatch(/could not serve \/assets\/app\.js: .*ENOENT/);
    expect(logged[0]).not.toContain('\n');
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
