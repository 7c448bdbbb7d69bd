// Cache hints (2026-07-28): list and read results carry ttlMs and cacheScope for modern clients,
// and legacy results stay as they were.
import { Client } from '@modelcontextprotocol/client';
import { Client as V1Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Transport as V1Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { InMemoryTransport } from '@modelcontextprotocol/server';
import { afterEach, describe, expect, it } from 'vitest';
import { serveDemoConnection } from './demoStdio.js';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()));
});

async function connect<C extends Client | V1Client>(client: C): Promise<C> {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const handle = serveDemoConnection(serverSide);
  if (client instanceof V1Client) await client.connect(clientSide as V1Transport);
  else await client.connect(clientSide);
  cleanups.push(async () => {
    await client.close();
    await handle.close();
  });
  return client;
}

// Straight from the server, never from the client's own cache.
const FRESH = { cacheMode: 'bypass' } as const;
const hint = (result: object) => ({
  ttlMs: (result as { ttlMs?: number }).ttlMs,
  cacheScope: (result as { cacheScope?: string }).cacheScope,
});

describe('cache hints', () => {
  it('come with every list and read result in the modern era', async () => {
    const client = await connect(
      new Client({ name: 'auto', version: '1' }, { versionNegotiation: { mode: 'auto' } }),
    );

    expect(hint(await client.listTools(undefined, FRESH))).toEqual({ ttlMs: 30_000, cacheScope: 'public' });
    expect(hint(await client.listPrompts(undefined, FRESH))).toEqual({ ttlMs: 30_000, cacheScope: 'public' });
    expect(hint(await client.listResourceTemplates(undefined, FRESH))).toEqual({
      ttlMs: 30_000,
      cacheScope: 'public',
    });
    // Notes come and go, so the resource list is short-lived.
    expect(hint(await client.listResources(undefined, FRESH))).toEqual({
      ttlMs: 5_000,
      cacheScope: 'private',
    });
    expect(hint(await client.readResource({ uri: 'demo://notes/1' }, FRESH))).toEqual({
      ttlMs: 10_000,
      cacheScope: 'private',
    });
    // The README's own hint wins over the server-wide resources/read one.
    expect(hint(await client.readResource({ uri: 'demo://docs/readme' }, FRESH))).toEqual({
      ttlMs: 300_000,
      cacheScope: 'public',
    });
  });

  it('are absent in the legacy era', async () => {
    // A v1 client keeps unknown result fields, so it would show hints the server sent.
    const client = await connect(new V1Client({ name: 'v1', version: '1' }));

    expect(hint(await client.listTools())).toEqual({ ttlMs: undefined, cacheScope: undefined });
    expect(hint(await client.readResource({ uri: 'demo://docs/readme' }))).toEqual({
      ttlMs: undefined,
      cacheScope: undefined,
    });
  });
});
