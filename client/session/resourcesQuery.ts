import { queryOptions } from '@tanstack/react-query';
import type { Client } from '@modelcontextprotocol/client';
import { listResourceTemplates, listResources, staleTimeOf } from '../../shared/core';
import { mcpQueryKeys } from '../bridge/mcpQueryKeys';

/** Every page of resources/list (the core's), fresh for as long as the server's cache hint says (see promptsQuery). */
export function resourceListQueryOptions(client: Client, generation: number) {
  // The generation in the key stands for the client: each run of the target has its own.
  // eslint-disable-next-line @tanstack/query/exhaustive-deps
  return queryOptions({
    queryKey: mcpQueryKeys.resourceList(generation),
    queryFn: () => listResources(client),
    select: (listed) => listed.items,
    staleTime: staleTimeOf,
    retry: false,
  });
}

/** Every page of resources/templates/list, fresh for as long as the server's cache hint says. */
export function resourceTemplatesQueryOptions(client: Client, generation: number) {
  // The generation in the key stands for the client: each run of the target has its own.
  // eslint-disable-next-line @tanstack/query/exhaustive-deps
  return queryOptions({
    queryKey: mcpQueryKeys.resourceTemplates(generation),
    queryFn: () => listResourceTemplates(client),
    select: (listed) => listed.items,
    staleTime: staleTimeOf,
    retry: false,
  });
}
