// The HTTP proxy in front of a Streamable HTTP server (the demo, both eras): real SDK clients
// (v1 and v2) get through it what they get directly, sessions and headers pass, the capture has
// the exchanges with `Authorization` and cookies masked, and a web page cannot reach it.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { Client as V1Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as V1HttpTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { built } from '../testSupport/built.js';
import { startEverything } from '../testSupport/network.js';
import { startHttpServer } from '../testSupport/verbProcess.js';
import { SSEClientTransport as V1SseTransport } from '@modelcontextprotocol/sdk/client/sse.js';

const scratch = mkdtempSync(join(tmpdir(), 'mcp-inspect-http-proxy-'));
const captures = join(scratch, 'captures');
let server: { url: string; stop(): void };
let proxy: ChildProcess;
let proxyUrl: string;
const SECRET = 'secret-bearer-token-1234';

const others: ChildProcess[] = [];

/** `mcp-inspect proxy --url <url> --port 0 …`, and the URL it says it serves. */
async function startProxy(
  url: string,
  dir: string,
  options: string[] = [],
): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(
    process.execPath,
    [built('server/cli/cli.ts'), 'proxy', '--capture-dir', dir, ...options, '--url', url, '--port', '0'],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const served = await new Promise<string>((resolve, reject) => {
    let said = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      said += String(chunk);
      const found = /listening on (\S+)/.exec(said)?.[1];
      if (found) resolve(found);
    });
    child.once('exit', (code) => reject(new Error(`the proxy exited (${code}): ${said}`)));
  });
  return { child, url: served };
}

beforeAll(async () => {
  server = await startHttpServer(built('server/demo/demoServer.ts'), ['--http', '--port', '0']);
  ({ child: proxy, url: proxyUrl } = await startProxy(server.url, captures));
}, 30_000);
afterAll(() => {
  for (const child of others) child.kill('SIGTERM');
  proxy?.kill('SIGTERM');
  server?.stop();
  rmSync(scratch, { recursive: true, force: true });
});

function captureRecords(): Record<string, unknown>[] {
  const [name] = readdirSync(captures);
  return readFileSync(join(captures, name ?? ''), 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

/** A raw request to the proxy with the headers given (Host and Origin included). */
function raw(headers: Record<string, string>): Promise<number> {
  const { port } = new URL(proxyUrl);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path: '/mcp',
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
      },
      (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      },
    );
    req.on('error', reject);
    req.end('{"jsonrpc":"2.0","id":1,"method":"ping"}');
  });
}

describe('mcp-inspect proxy --url', { timeout: 60_000 }, () => {
  it('prints its address on stderr, with the server path, and nothing on stdout', () => {
    expect(proxyUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
  });

  it('gives a v1 client (legacy era) what it gets directly, with its session and headers passed through', async () => {
    const requestInit = { headers: { Authorization: `Bearer ${SECRET}`, Cookie: 'sid=cookie-value-9876' } };
    const direct = new V1Client({ name: 'v1-http-host', version: '1' });
    const through = new V1Client({ name: 'v1-http-host', version: '1' });
    const throughTransport = new V1HttpTransport(new URL(proxyUrl), { requestInit });
    await Promise.all([
      direct.connect(new V1HttpTransport(new URL(server.url))),
      through.connect(throughTransport),
    ]);
    expect(throughTransport.sessionId).toBeDefined();
    expect(await through.listTools()).toEqual(await direct.listTools());
    const call = { name: 'echo', arguments: { message: `over http ${SECRET}` } };
    const answer = await through.callTool(call);
    expect(answer).toEqual(await direct.callTool(call));
    expect(JSON.stringify(answer)).toContain(SECRET);
    await Promise.all([direct.close(), through.close()]);

    await new Promise((resolve) => setTimeout(resolve, 300));
    const records = captureRecords();
    const text = JSON.stringify(records);
    expect(text).not.toContain(SECRET);
    expect(text).not.toContain('cookie-value-9876');
    const exchanges = records.filter((record) => record.type === 'http');
    expect(
      exchanges.some(
        (exchange) => (exchange.requestHeaders as Record<string, string>).authorization === 'Bearer ••••••',
      ),
    ).toBe(true);
    expect(
      exchanges.some(
        (exchange) =>
          typeof (exchange.responseHeaders as Record<string, string>)['mcp-session-id'] === 'string',
      ),
    ).toBe(true);
    expect(
      records.some(
        (record) =>
          record.type === 'frame' &&
          (record.message as { params?: { clientInfo?: { name?: string } } }).params?.clientInfo?.name ===
            'v1-http-host',
      ),
    ).toBe(true);
  });

  it('gives a v2 client in the modern era what it gets directly', async () => {
    const options = { versionNegotiation: { mode: { pin: '2026-07-28' as const } } };
    const direct = new Client({ name: 'v2-http-host', version: '2' }, options);
    const through = new Client({ name: 'v2-http-host', version: '2' }, options);
    await Promise.all([
      direct.connect(new StreamableHTTPClientTransport(new URL(server.url))),
      through.connect(new StreamableHTTPClientTransport(new URL(proxyUrl))),
    ]);
    expect(through.getProtocolEra()).toBe('modern');
    expect((await through.listTools()).tools).toEqual((await direct.listTools()).tools);
    const call = { name: 'echo', arguments: { message: 'modern over http' } };
    expect((await through.callTool(call)).content).toEqual((await direct.callTool(call)).content);
    await Promise.all([direct.close(), through.close()]);
  });

  it('refuses a Host that is not its loopback address, and a web page of another origin', async () => {
    const { host } = new URL(proxyUrl);
    expect(await raw({ host: 'attacker.example' })).toBe(403);
    expect(await raw({ host, origin: 'https://attacker.example' })).toBe(403);
    expect(await raw({ host, origin: `http://${host}` })).not.toBe(403);
  });
});

describe('mcp-inspect proxy --url, more', { timeout: 60_000 }, () => {
  it('relays a legacy SSE server (server-everything) to a v1 SSE client', async () => {
    const everything = await startEverything('sse');
    others.push(everything.child);
    const proxied = await startProxy(`http://127.0.0.1:${everything.port}/sse`, join(scratch, 'sse'));
    others.push(proxied.child);
    const direct = new V1Client({ name: 'sse-host', version: '1' });
    const through = new V1Client({ name: 'sse-host', version: '1' });
    await Promise.all([
      direct.connect(new V1SseTransport(new URL(`http://127.0.0.1:${everything.port}/sse`))),
      through.connect(new V1SseTransport(new URL(proxied.url))),
    ]);
    const call = { name: 'echo', arguments: { message: 'over sse' } };
    expect(await through.callTool(call)).toEqual(await direct.callTool(call));
    expect((await through.listTools()).tools.map((tool) => tool.name)).toEqual(
      (await direct.listTools()).tools.map((tool) => tool.name),
    );
    await Promise.all([direct.close(), through.close()]);
  });

  it('applies --inject rules to the host’s requests over HTTP', async () => {
    const dir = join(scratch, 'inject');
    const proxied = await startProxy(server.url, dir, [
      '--inject',
      'tools/call name=echo -> error -32001 "no echo today"',
    ]);
    others.push(proxied.child);
    const host = new V1Client({ name: 'http-chaos', version: '1' });
    await host.connect(new V1HttpTransport(new URL(proxied.url)));
    await expect(host.callTool({ name: 'echo', arguments: { message: 'x' } })).rejects.toThrow(
      /no echo today/,
    );
    expect((await host.listTools()).tools.length).toBeGreaterThan(0);
    await host.close();
    await new Promise((resolve) => setTimeout(resolve, 300));
    const [name] = readdirSync(dir);
    const text = readFileSync(join(dir, name ?? ''), 'utf8');
    expect(text).toContain('answered by the proxy with error -32001');
  });
});
