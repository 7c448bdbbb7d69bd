// A legacy SSE server that names its message endpoint by an absolute URL of its own origin: the
// proxy gives the host its own origin instead, so the host's posts pass through it (and are
// captured) rather than going to the server directly. In chunks, a rewrite cut anywhere holds.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { spawn, type ChildProcess } from 'node:child_process';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js';
import { Client as V1Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { afterAll, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { built } from '../testSupport/built.js';
import { SseEndpointRewrite } from './sseEndpointRewrite.js';

const scratch = mkdtempSync(join(tmpdir(), 'mcp-inspect-sse-endpoint-'));
const started: { close(): void }[] = [];
afterAll(() => {
  for (const one of started) one.close();
  rmSync(scratch, { recursive: true, force: true });
});

/** A v1 SDK SSE server whose endpoint event carries `http://127.0.0.1:<port>/messages?sessionId=…`. */
async function absoluteEndpointServer(): Promise<{ url: string; posts: () => number }> {
  const transports = new Map<string, SSEServerTransport>();
  let posts = 0;
  let port = 0;
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://server');
    if (req.method === 'GET' && url.pathname === '/sse') {
      const write = res.write.bind(res) as (chunk: unknown, ...rest: unknown[]) => boolean;
      // Some servers (behind a framework that knows its public address) send it whole.
      (res as ServerResponse & { write: typeof write }).write = (chunk: unknown, ...rest: unknown[]) =>
        write(
          typeof chunk === 'string'
            ? chunk.replace('data: /messages', `data: http://127.0.0.1:${port}/messages`)
            : chunk,
          ...rest,
        );
      const transport = new SSEServerTransport('/messages', res);
      transports.set(transport.sessionId, transport);
      const mcp = new McpServer({ name: 'absolute-endpoint', version: '1.0.0' });
      mcp.registerTool('echo', { inputSchema: { message: z.string() } }, ({ message }) => ({
        content: [{ type: 'text', text: message }],
      }));
      void mcp.connect(transport);
      return;
    }
    if (req.method === 'POST' && url.pathname === '/messages') {
      posts += 1;
      const transport = transports.get(url.searchParams.get('sessionId') ?? '');
      if (transport) void transport.handlePostMessage(req, res);
      else res.writeHead(404).end();
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  started.push({ close: () => server.close() });
  server.unref();
  return { url: `http://127.0.0.1:${port}/sse`, posts: () => posts };
}

async function startProxy(url: string, dir: string): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(
    process.execPath,
    [built('server/cli/cli.ts'), 'proxy', '--capture-dir', dir, '--url', url, '--port', '0'],
    {
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  started.push({ close: () => child.kill('SIGTERM') });
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

describe('the SSE endpoint event through the HTTP proxy', { timeout: 60_000 }, () => {
  it('points an absolute endpoint of the server’s origin at the proxy, so the host’s posts are captured', async () => {
    const upstream = await absoluteEndpointServer();
    const dir = join(scratch, 'captures');
    const proxied = await startProxy(upstream.url, dir);
    const host = new V1Client({ name: 'sse-absolute-host', version: '1' });
    await host.connect(new SSEClientTransport(new URL(proxied.url)));
    expect(await host.callTool({ name: 'echo', arguments: { message: 'through the proxy' } })).toMatchObject({
      content: [{ type: 'text', text: 'through the proxy' }],
    });
    await host.close();
    expect(upstream.posts()).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const [name] = readdirSync(dir);
    const records = readFileSync(join(dir, name ?? ''), 'utf8')
      .trim()
      .split('\n')
      .map(
        (line) =>
          JSON.parse(line) as { type: string; dir?: string; text?: string; message?: { method?: string } },
      );
    // The host's own messages went through the proxy: the capture has them.
    const sent = records.filter((record) => record.type === 'frame' && record.dir === 'toServer');
    expect(sent.map((record) => record.message?.method)).toEqual(
      expect.arrayContaining(['initialize', 'tools/call']),
    );
    expect(
      records.some((record) => record.type === 'note' && /names the server's origin/.test(record.text ?? '')),
    ).toBe(true);
  });

  it('rewrites the endpoint however the stream is cut, and leaves relative and foreign ones alone', async () => {
    const rewrite = async (input: string, cut: number): Promise<string> =>
      text(
        Readable.from([Buffer.from(input.slice(0, cut)), Buffer.from(input.slice(cut))]).pipe(
          new SseEndpointRewrite(
            new URL('https://api.example.com/mcp/sse'),
            'http://127.0.0.1:7001',
            () => undefined,
          ),
        ),
      );
    const stream =
      ': hello\r\n\r\nevent: endpoint\r\ndata: https://api.example.com/mcp/messages?sessionId=a%20b\r\n\r\nevent: message\r\ndata: {"jsonrpc":"2.0","method":"x"}\r\n\r\n';
    const expected = stream.replace('https://api.example.com', 'http://127.0.0.1:7001');
    for (let cut = 0; cut <= stream.length; cut += 7) expect(await rewrite(stream, cut)).toBe(expected);
    const relative = 'event: endpoint\ndata: /messages?sessionId=1\n\n';
    expect(await rewrite(relative, 5)).toBe(relative);
    const foreign = 'event: endpoint\ndata: https://elsewhere.example/messages\n\n';
    expect(await rewrite(foreign, 20)).toBe(foreign);
  });
});
