import type { CacheHint, Listed } from './cacheHints.js';

/** A server that keeps returning cursors must not keep the client busy forever. */
const MAX_PAGES = 1_000;

/** One page of a paginated MCP list, as `allPages` reads it. */
export interface ListPage<T> {
  items: T[];
  nextCursor?: string | undefined;
  /** The page's cache hint (2026-07-28), when it carried one. */
  hint?: CacheHint | undefined;
}

/**
 * Follows `nextCursor` through a paginated MCP list and returns every item, with the hint that
 * holds for the whole list: the shortest-lived of its pages' (a list is only as fresh as its
 * stalest page), private if any page was.
 */
export async function allPages<T>(
  fetchPage: (cursor: string | undefined) => Promise<ListPage<T>>,
): Promise<Listed<T>> {
  const items: T[] = [];
  let hint: CacheHint | undefined;
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page += 1) {
    const result = await fetchPage(cursor);
    items.push(...result.items);
    hint = narrower(hint, result.hint);
    cursor = result.nextCursor;
    if (cursor === undefined) break;
  }
  return hint ? { items, hint } : { items };
}

function narrower(a: CacheHint | undefined, b: CacheHint | undefined): CacheHint | undefined {
  if (!a || !b) return a ?? b;
  return {
    ttlMs: Math.min(a.ttlMs, b.ttlMs),
    cacheScope: a.cacheScope === 'private' || b.cacheScope === 'private' ? 'private' : 'public',
  };
}
