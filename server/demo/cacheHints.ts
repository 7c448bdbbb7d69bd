// Cache hints (2026-07-28: `ttlMs` and `cacheScope` on list and read results), so the inspector has
// something to show and to honour. The SDK adds them to modern-era results only; legacy results
// stay byte-identical. The values say what each list is like: tools and prompts rarely change
// (and say so with list_changed when they do), notes come and go, resources are read per user.
import type { CacheHint, McpServerOptions } from '@modelcontextprotocol/server';

export const DEMO_CACHE_HINTS: NonNullable<McpServerOptions['cacheHints']> = {
  'server/discover': { ttlMs: 60_000, cacheScope: 'public' },
  'tools/list': { ttlMs: 30_000, cacheScope: 'public' },
  'prompts/list': { ttlMs: 30_000, cacheScope: 'public' },
  'resources/templates/list': { ttlMs: 30_000, cacheScope: 'public' },
  // The concrete notes are listed here, and add_note / delete_note change them.
  'resources/list': { ttlMs: 5_000, cacheScope: 'private' },
  'resources/read': { ttlMs: 10_000, cacheScope: 'private' },
};

/** The README never changes while the server runs, so its reads may be shared and kept longer. */
export const README_CACHE_HINT: CacheHint = { ttlMs: 300_000, cacheScope: 'public' };
