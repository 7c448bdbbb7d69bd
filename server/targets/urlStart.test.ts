import { afterEach, describe, expect, it, vi } from 'vitest';
import { createServer as createHttpServer, type RequestListener } from 'node:http';
import { createServer, type Server, type Socket } from 'node:net';
import { BridgeSession } from '../relay/session.js';
import type { TargetSpec } from './targetSpec.js';
import type { TargetTuning } from './target.js';

/**
 * URL targets that cannot be used are reported at start, as the failure each is, in the
 * terminal and to the page (the session's state, which the page shows): real loopback servers
 * that refuse, close, hang, or answer but not in MCP.
 */
const servers: Server[] = [];
const sockets: Socket[] = [];
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.destroy();
  for (const server of servers.splice(0)) server.close();
});

async function listen(server: Server): Promise<number> {
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as { port: number }).port;
}

const httpServer = (handler: RequestListener): Promise<number> => listen(createHttpServer(handler));

/** Starts a session on the target; resolves with its state and the terminal's lines. */
async function start(
  target: TargetSpec,
  tuning: TargetTuning = {},
): Promise<{ state: Record<string, unknown>; log: string[] }> {
  const log: string[] = [];
  const session = new BridgeSession(target, { version: 'test', log: (line) => log.push(line), tuning });
  await session.restart();
  const state = { ...session.state } as Record<string, unknown>;
  await session.dispose();
  return { state, log };
}

const url = (port: number, transport: 'auto' | 'streamable-http' = 'auto', path = '/mcp'): TargetSpec => ({
  kind: 'url',
  era: 'auto',
  url: `http://127.0.0.1:${port}${path}`,
  transport,
  headers: {},
});

describe('URL targets that cannot be used, at start', () => {
  it('a server that closes the connection without answering', async () => {
    // It reads the request, then hangs up (a crashing server, a proxy dropping it).
    const port = await listen(createServer((socket) => socket.once('data', () => socket.destroy())));
    const { state, log } = await start(url(port));
    const reason = `http://127.0.0.1:${port}/mcp closed the connection without answering`;
    expect(state).toMatchObject({ state: 'failed', reason });
    expect(log).toEqual([`✖ ${reason}`]);
  });

  it('a server that accepts the connection and never answers (after the connect timeout)', async () => {
    const port = await listen(createServer((socket) => sockets.push(socket)));
    // 10 s in the product; what is tested is that the wait ends, and how it is reported.
    const { state, log } = await start(url(port, 'streamable-http'), { connectTimeoutMs: 300 });
    const reason = `no answer from http://127.0.0.1:${port}/mcp within 0.3 s: the server accepted the connection but never answered`;
    expect(state).toMatchObject({ state: 'failed', reason });
    expect(log).toEqual([`✖ ${reason}`]);
  });

  it('a start still waiting on such a server ends at once when the session stops, reporting nothing more', async () => {
    const port = await listen(createServer((socket) => sockets.push(socket)));
    const log: string[] = [];
    const session = new BridgeSession(url(port, 'streamable-http'), {
      version: 'test',
      log: (line) => log.push(line),
      tuning: { connectTimeoutMs: 120_000 },
    });
    const started = session.restart();
    await vi.waitFor(() => expect(sockets.length).toBe(1));
    expect(session.state).toMatchObject({ state: 'starting' });
    // The vitest timeout (5 s) fails this long before the two minutes of the probe.
    await session.stop();
    await started;
    expect(session.state).toMatchObject({ state: 'stopped' });
    expect(log).toEqual([]);
    await session.dispose();
  });

  it('a web page, not an MCP endpoint, whichever transport is asked for', async () => {
    const port = await httpServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>Welcome</title>');
    });
    const strict = await start(url(port, 'streamable-http'));
    expect(strict.state).toMatchObject({
      state: 'failed',
      reason: `not an MCP endpoint: http://127.0.0.1:${port}/mcp answered HTTP 200 (text/html) to a JSON-RPC POST`,
    });
    const auto = await start(url(port, 'auto'));
    expect(auto.state.state).toBe('failed');
    expect(auto.state.reason).toMatch(
      new RegExp(
        `^not an MCP endpoint: http://127\\.0\\.0\\.1:${port}/mcp answered HTTP 200 \\(text/html\\) to a JSON-RPC POST, and SSE failed: `,
      ),
    );
  });

  it('a server error, with what it said', async () => {
    const port = await httpServer((_req, res) => {
      res.writeHead(502, { 'content-type': 'text/plain' }).end('upstream is down');
    });
    const { state } = await start(url(port));
    expect(state).toMatchObject({
      state: 'failed',
      reason: `http://127.0.0.1:${port}/mcp answered HTTP 502 (text/plain): upstream is down`,
    });
  });

  it('masks the secrets of the URL in every report', async () => {
    const port = await listen(createServer((socket) => socket.once('data', () => socket.destroy())));
    const { state, log } = await start({
      kind: 'url',
      era: 'auto',
      url: `http://alice:pa55@127.0.0.1:${port}/mcp?api_key=abc123`,
      transport: 'auto',
      headers: {},
    });
    expect(state.reason).toBe(
      `http://****@127.0.0.1:${port}/mcp?api_key=**** closed the connection without answering`,
    );
    expect(JSON.stringify([state, log])).not.toMatch(/pa55|abc123/);
  });

  it('a server that speaks Streamable HTTP is connected once, and the terminal says so', async () => {
    // A sessionless server answers the probe's ping; a server with sessions refuses it in
    // JSON-RPC. Either way it speaks MCP.
    const authorizations: (string | undefined)[] = [];
    const port = await httpServer((req, res) => {
      authorizations.push(req.headers.authorization);
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        const { id } = JSON.parse(body) as { id: string };
        res
          .writeHead(400, { 'content-type': 'application/json' })
          .end(
            JSON.stringify({ jsonrpc: '2.0', id, error: { code: -32000, message: 'No valid session ID' } }),
          );
      });
    });
    const { state, log } = await start(url(port));
    expect(state).toMatchObject({
      state: 'connected',
      transport: 'streamable-http',
      note: 'Streamable HTTP answered',
    });
    expect(log).toEqual(['● connected over Streamable HTTP: Streamable HTTP answered']);

    // Credentials in the URL, which fetch refuses, go as Basic authorization.
    await start({ ...url(port), url: `http://alice:pa55@127.0.0.1:${port}/mcp` } as TargetSpec);
    expect(authorizations).toEqual([undefined, `Basic ${Buffer.from('alice:pa55').toString('base64')}`]);
  });
});
