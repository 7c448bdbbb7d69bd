// The page's list queries against the demo server (in memory): each list stays fresh for as long
// as the server's cache hint says, in the modern era, and until a change notification in the
// legacy era, which has no hints.
import { Client } from '@modelcontextprotocol/client';
import { QueryClient, type FetchQueryOptions } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { connectToDemo } from '../../server/testSupport/demoConnection';
import { promptsQueryOptions } from '../session/promptsQuery';
import { resourceListQueryOptions, resourceTemplatesQueryOptions } from '../session/resourcesQuery';
import { toolsQueryOptions } from '../session/toolsQuery';
import { allPages, staleTimeOf, type Listed } from '../../shared/core';

const lists = (client: Client) => ({
  tools: toolsQueryOptions(client, 1),
  prompts: promptsQueryOptions(client, 1),
  resources: resourceListQueryOptions(client, 1),
  templates: resourceTemplatesQueryOptions(client, 1),
});

/** Fetches each list into a fresh query cache; returns each one's stale time and its item count. */
async function freshness(client: Client): Promise<Record<string, { staleMs: number; items: number }>> {
  const queries = new QueryClient();
  const figures: Record<string, { staleMs: number; items: number }> = {};
  for (const [name, options] of Object.entries(lists(client))) {
    // The lists differ in item type only; fetchQuery runs the queryFn and keeps what it returns.
    await queries.fetchQuery(options as unknown as FetchQueryOptions<Listed<unknown>>);
    const query = queries.getQueryCache().find<Listed<unknown>>({ queryKey: options.queryKey })!;
    figures[name] = { staleMs: staleTimeOf(query), items: query.state.data!.items.length };
  }
  return figures;
}

describe('list freshness', () => {
  it('follows the cache hints of a modern server', async () => {
    const client = await connectToDemo(
      new Client({ name: 'page', version: '1' }, { versionNegotiation: { mode: { pin: '2026-07-28' } } }),
    );
    const figures = await freshness(client);
    // What the demo declares (server/demo/cacheHints.ts): notes come and go, so 5 s.
    expect(Object.fromEntries(Object.entries(figures).map(([name, f]) => [name, f.staleMs]))).toEqual({
      tools: 30_000,
      prompts: 30_000,
      resources: 5_000,
      templates: 30_000,
    });
    for (const f of Object.values(figures)) expect(f.items).toBeGreaterThan(0);
  });

  it('keeps every list until a change notification with a legacy server', async () => {
    const client = await connectToDemo(new Client({ name: 'page', version: '1' }));
    const figures = await freshness(client);
    for (const f of Object.values(figures)) expect(f).toMatchObject({ staleMs: Infinity });
  });

  it('takes the shortest-lived page of a paginated list, private if any page is', async () => {
    const pages = [
      { items: [1, 2], nextCursor: 'b', hint: { ttlMs: 30_000, cacheScope: 'public' as const } },
      { items: [3], nextCursor: 'c', hint: { ttlMs: 4_000, cacheScope: 'private' as const } },
      { items: [4] },
    ];
    const cursors: (string | undefined)[] = [];
    const listed = await allPages(async (cursor) => {
      cursors.push(cursor);
      return pages[cursors.length - 1]!;
    });
    expect(cursors).toEqual([undefined, 'b', 'c']);
    expect(listed).toEqual({ items: [1, 2, 3, 4], hint: { ttlMs: 4_000, cacheScope: 'private' } });
    expect(await allPages(async () => ({ items: ['x'] }))).toEqual({ items: ['x'] });
  });
});
