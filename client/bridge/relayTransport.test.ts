import { describe, expect, it } from 'vitest';
import { InMemoryTransport, type JSONRPCMessage } from '@modelcontextprotocol/client';
import { McpServer } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { McpServer as McpServerV1 } from '@modelcontextprotocol/sdk/server/mcp.js';
import { InMemoryTransport as InMemoryTransportV1 } from '@modelcontextprotocol/sdk/inMemory.js';
import type { EraChoice } from '../../shared/wire';
import { RelayTransport, type TransportShape } from '../../shared/core';
import { diedOnProbe } from '../../shared/core/probeDeath';
import { pageMcpClient } from './testSupport/pageMcpClient';

// The page's SDK transport, with the bridge's relay played by an in-memory link to a real SDK
// server: what the transport hands the bridge goes to the server, what the server sends is
// delivered to the transport, as the session does with the frames of its run.

function client(era: EraChoice = 'auto') {
  return pageMcpClient(era).client;
}

interface Relay {
  transport: RelayTransport;
  /** What the transport handed the bridge, with its per-message headers. */
  sent: { message: JSONRPCMessage; headers: Record<string, string> | undefined }[];
  /** The protocol versions the transport told the bridge. */
  versions: string[];
}

/** The bridge's side of one run, relaying to `bridgeSide`, whose other end a server holds. */
async function relay(
  shape: TransportShape,
  bridgeSide: {
    start(): Promise<void>;
    send(message: never): Promise<void>;
    onmessage?: ((message: never) => void) | undefined;
  },
): Promise<Relay> {
  const sent: Relay['sent'] = [];
  const versions: string[] = [];
  const transport = new RelayTransport(
    1,
    (message, headers) => {
      sent.push({ message, headers });
      void bridgeSide.send(message as never);
      return true;
    },
    { shape, onProtocolVersion: (version) => versions.push(version) },
  );
  bridgeSide.onmessage = (message: never) => transport.deliver(message as JSONRPCMessage);
  await bridgeSide.start();
  return { transport, sent, versions };
}

function modernServer(shape: TransportShape): Promise<Relay> {
  const [bridgeSide, serverSide] = InMemoryTransport.createLinkedPair();
  serveStdio(
    () => {
      const server = new McpServer({ name: 'modern', version: '2.0.0' });
      server.registerTool('noop', { description: 'Does nothing' }, () => ({ content: [] }));
      return server;
    },
    { transport: serverSide },
  );
  return relay(shape, bridgeSide);
}

async function legacyServer(shape: TransportShape): Promise<Relay> {
  const [bridgeSide, serverSide] = InMemoryTransportV1.createLinkedPair();
  await new McpServerV1({ name: 'legacy', version: '1.0.0' }).connect(serverSide);
  return relay(shape, bridgeSide);
}

describe('the SDK sees a stdio target by its shape (the one SDK internal the page leans on)', () => {
  /** A run whose server goes away on the discover probe, as servers that accept nothing before initialize do. */
  function diesOnProbe(shape: TransportShape): RelayTransport {
    const transport: RelayTransport = new RelayTransport(
      1,
      (message) => {
        if ('method' in message && message.method === 'server/discover')
          queueMicrotask(() => void transport.close());
        return true;
      },
      { shape },
    );
    return transport;
  }

  it('stdio-shaped: a connection closed during the probe is a server that died on it (the session restarts it, legacy)', async () => {
    const error = await client('auto')
      .connect(diesOnProbe('stdio'))
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    // If this fails, the SDK no longer takes the transport for stdio (see shapeAsStdio), or no
    // longer words the failure as diedOnProbe expects.
    expect(diedOnProbe(error, undefined)).toBe(true);
  });

  it('HTTP-shaped: the same is an outage, not a reason to fall back', async () => {
    const error = await client('auto')
      .connect(diesOnProbe('http'))
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(error).toBeInstanceOf(Error);
    expect(diedOnProbe(error, undefined)).toBe(false);
  });
});

describe('relaying a real server', () => {
  it('a modern server over a stdio-shaped run: the probe runs in place, and the version is told to the bridge', async () => {
    const { transport, sent, versions } = await modernServer('stdio');
    const c = client('auto');
    await c.connect(transport);
    expect(c.getProtocolEra()).toBe('modern');
    expect(versions).toEqual(['2026-07-28']);
    expect((sent[0]?.message as { method?: string }).method).toBe('server/discover');
  });

  it('a legacy server over a stdio-shaped run: auto falls back to initialize', async () => {
    const { transport, versions } = await legacyServer('stdio');
    const c = client('auto');
    await c.connect(transport);
    expect(c.getProtocolEra()).toBe('legacy');
    expect(versions).toHaveLength(1);
  });

  it("adds the page's _meta to requests only, keeping the SDK's own", async () => {
    const { transport, sent } = await modernServer('http');
    const c = client('auto');
    await c.connect(transport);
    transport.requestMeta = { 'io.modelcontextprotocol/logLevel': 'debug' };
    await c.listTools();
    const request = sent.findLast((s) => (s.message as { method?: string }).method === 'tools/list');
    const meta = (request?.message as { params: { _meta: Record<string, unknown> } }).params._meta;
    expect(meta['io.modelcontextprotocol/logLevel']).toBe('debug');
    expect(Object.keys(meta).length).toBeGreaterThan(1);
  });

  it('hands the bridge only the Mcp-Param-* headers of a message', async () => {
    const { transport, sent } = await modernServer('http');
    const c = client('auto');
    await c.connect(transport);
    await c.request(
      { method: 'tools/list', params: {} },
      { headers: { 'Mcp-Param-Region': 'eu', Authorization: 'Bearer not-the-page-s' } },
    );
    expect(sent.at(-1)?.headers).toEqual({ 'Mcp-Param-Region': 'eu' });
  });

  it('once closed, refuses to send and delivers nothing', async () => {
    const { transport } = await modernServer('http');
    let closes = 0;
    let delivered = 0;
    transport.onclose = () => (closes += 1);
    transport.onmessage = () => (delivered += 1);
    await transport.close();
    await transport.close();
    expect(closes).toBe(1);
    await expect(transport.send({ jsonrpc: '2.0', id: 1, method: 'ping' })).rejects.toThrow(/closed/);
    transport.deliver({ jsonrpc: '2.0', id: 1, result: {} });
    expect(delivered).toBe(0);
  });
});
