import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { Client } from '@modelcontextprotocol/client';
import type { CompleteRequest } from '@modelcontextprotocol/client';

type Reference = CompleteRequest['params']['ref'];

interface CompletionArgs {
  client: Client;
  generation: number;
  /** False when the server does not offer completions: nothing is asked. */
  enabled: boolean;
  ref: Reference;
  argument: string;
  value: string;
  /** The other arguments' current values, which a server may use to narrow its answer. */
  context: Record<string, string>;
}

/** Typing pauses this long before the server is asked, so a fast typist sends one request. */
const DEBOUNCE_MS = 200;

/** Suggestions from completion/complete for one argument as it is typed. */
export function useCompletions({
  client,
  generation,
  enabled,
  ref,
  argument,
  value,
  context,
}: CompletionArgs): {
  values: string[];
  hasMore: boolean;
  error: string | undefined;
} {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [value]);
  const query = useQuery({
    queryKey: ['mcp', generation, 'complete', ref, argument, debounced, context],
    queryFn: () =>
      client.complete({
        ref,
        argument: { name: argument, value: debounced },
        ...(Object.keys(context).length > 0 ? { context: { arguments: context } } : {}),
      }),
    enabled,
    staleTime: 30_000,
    retry: false,
  });
  return {
    values: query.data?.completion.values ?? [],
    hasMore: query.data?.completion.hasMore ?? false,
    error: query.error?.message,
  };
}
