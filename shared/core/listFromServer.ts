/**
 * For the page's list queries: each fetch goes to the server, never to the SDK's own response
 * cache. The page's query cache already decides freshness, from the same hint (staleTimeOf), and
 * a refetch asked for by a change notification or the person must not get the held copy.
 */
export const FROM_SERVER = { cacheMode: 'refresh' } as const;
