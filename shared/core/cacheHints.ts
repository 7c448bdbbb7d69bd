/** A list or read result's cache hint (MCP 2026-07-28): how long it stays fresh, and for whom. */
export interface CacheHint {
  ttlMs: number;
  cacheScope: 'public' | 'private';
}

/** A list as the page's queries keep it: the items, and the hint the server gave with them. */
export interface Listed<T> {
  items: T[];
  hint?: CacheHint;
}

export function cacheHintOf(result: unknown): CacheHint | undefined {
  const r = result as { ttlMs?: unknown; cacheScope?: unknown } | null;
  if (typeof r?.ttlMs !== 'number') return undefined;
  return { ttlMs: r.ttlMs, cacheScope: r.cacheScope === 'public' ? 'public' : 'private' };
}

/**
 * How long a list query stays fresh: the server's `ttlMs` when it gave one (no refetch before
 * it runs out, unless the person asks or a change notification invalidates it), else until a
 * change notification, as before cache hints existed.
 */
export function staleTimeOf(query: { state: { data?: Listed<unknown> | undefined } }): number {
  const ttl = query.state.data?.hint?.ttlMs;
  return ttl === undefined ? Infinity : ttl;
}

/** The hint in words, for a list's heading: "fresh for 30 s · public". */
export function describeHint(hint: CacheHint | undefined): string | undefined {
  if (!hint) return undefined;
  const seconds = hint.ttlMs / 1000;
  const fresh =
    hint.ttlMs <= 0
      ? 'not cacheable'
      : `fresh for ${seconds < 10 ? seconds.toFixed(1) : Math.round(seconds)} s`;
  return `${fresh} · ${hint.cacheScope}`;
}
