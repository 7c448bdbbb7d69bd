// Cache hints (2026-07-28): list and read results carry ttlMs and cacheScope for modern clients,
// and legacy results stay as they were.
import { Client } from '@modelcontextprotocol/client';
import { Client as V1Client } from '@modelcontextprotocol/sdk/client/index.js';
import { describe, expect, it } from 'vitest';
import { connectToDemo } from '../testSupport/demoConnection.js';

// Straight from the server, never from the client's own cache.
const FRESH = { cacheMode: 'bypass' } as const;
const hint = (result: object) => ({
  ttlMs: (result as { ttlMs?: number }).ttlMs,
  cacheScope: (result as { cacheScope?: string }).cacheScope,
});

describe('cache hints', () => {
  it('come with every list and read result in the modern era', async () => {
    const client = await connectToDemo(
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
    const client = await connectToDemo(new V1Client({ name: 'v1', version: '1' }));

    expect(hint(await client.listTools())).toEqual({ ttlMs: undefined, cacheScope: undefined });
    expect(hint(await client.readResource({ uri: 'demo://docs/readme' }))).toEqual({
      ttlMs: undefined,
      cacheScope: undefined,
    });
  });
});
