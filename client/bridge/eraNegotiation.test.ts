import { describe, expect, it } from 'vitest';
import type { Client as ClientV2 } from '@modelcontextprotocol/client';
import { InMemoryTransport, type Transport } from '@modelcontextprotocol/client';
import { McpServer } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { McpServer as McpServerV1 } from '@modelcontextprotocol/sdk/server/mcp.js';
import { InMemoryTransport as InMemoryTransportV1 } from '@modelcontextprotocol/sdk/inMemory.js';
import type { EraChoice } from '../../shared/wire';
import { pageMcpClient } from './testSupport/pageMcpClient';
import { describeConnectError } from '../../shared/core';

// The page's client under each era choice, against real SDK servers over in-memory transports:
// a dual-era SDK v2 server, a modern-only one, and a legacy SDK v1 server (what most servers on
// npm still are).

function client(era: EraChoice): ClientV2 {
  return pageMcpClient(era).client;
}

function v2Server(legacy: 'serve' | 'reject'): Transport {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  serveStdio(() => new McpServer({ name: 'v2', version: '2.0.0' }), { transport: serverSide, legacy });
  return clientSide;
}

async function v1Server(): Promise<Transport> {
  const [clientSide, serverSide] = InMemoryTransportV1.createLinkedPair();
  await new McpServerV1({ name: 'v1', version: '1.0.0' }).connect(serverSide);
  return clientSide as unknown as Transport;
}

describe('era negotiation', () => {
  it('auto speaks the modern era to a server that offers it, with its discover result', async () => {
    const c = client('auto');
    await c.connect(v2Server('serve'));
    expect(c.getProtocolEra()).toBe('modern');
    expect(c.getNegotiatedProtocolVersion()).toBe('2026-07-28');
    expect(c.getDiscoverResult()?.supportedVersions).toContain('2026-07-28');
  });

  it('auto falls back to initialize with a legacy (SDK v1) server', async () => {
    const c = client('auto');
    await c.connect(await v1Server());
    expect(c.getProtocolEra()).toBe('legacy');
    expect(c.getServerVersion()?.name).toBe('v1');
  });

  it('legacy sends initialize even to a dual-era server', async () => {
    const c = client('legacy');
    await c.connect(v2Server('serve'));
    expect(c.getProtocolEra()).toBe('legacy');
    expect(c.getDiscoverResult()).toBeUndefined();
  });

  it('modern refuses a legacy server, and says why', async () => {
    const c = client('modern');
    const error = await c.connect(await v1Server()).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(describeConnectError(error)).toBe(
      'This server speaks only the legacy era (initialize): it does not offer protocol version 2026-07-28 through server/discover, so connect with the legacy or auto era (--era legacy, or auto, the default).',
    );
  });

  it('a modern-only server refusing initialize is reported in plain words, with what it supports', async () => {
    const c = client('legacy');
    const error = await c.connect(v2Server('reject')).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(describeConnectError(error)).toMatch(/error -32022|-32022/);
    expect(describeConnectError(error)).toContain('2026-07-28');
  });
});
