import { queryOptions } from '@tanstack/react-query';
import type { Client } from '@modelcontextprotocol/client';
import { listPrompts, staleTimeOf } from '../../shared/core';
import { mcpQueryKeys } from '../bridge/mcpQueryKeys';

/**
 * Every page of prompts/list (the core's), fresh for as long as the server's cache hint says
 * (until a change notification without one).
 */
export function promptsQueryOptions(client: Client, generation: number) {
  // The generation in the key stands for the client: each run of the target has its own.
  // eslint-disable-next-line @tanstack/query/exhaustive-deps
  return queryOptions({
    queryKey: mcpQueryKeys.prompts(generation),
    queryFn: () => listPrompts(client),
    select: (listed) => listed.items,
    staleTime: staleTimeOf,
    retry: false,
  });
}
