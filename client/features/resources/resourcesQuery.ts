import { queryOptions } from '@tanstack/react-query';
import type { Client } from '@modelcontextprotocol/client';
import type { Resource, ResourceTemplateType as ResourceTemplate } from '@modelcontextprotocol/client';
import { cacheHintOf, staleTimeOf, type Listed } from '../../bridge/cacheHints';
import { mcpQueryKeys } from '../../bridge/mcpQueryKeys';
import { FROM_SERVER } from '../../bridge/listFromServer';
import { allPages } from '../../bridge/allPages';

/** Every page of resources/list, fresh for as long as the server's cache hint says (see promptsQuery). */
export function resourceListQueryOptions(client: Client, generation: number) {
  return queryOptions({
    queryKey: mcpQueryKeys.resourceList(generation),
    queryFn: (): Promise<Listed<Resource>> =>
      allPages(async (cursor) => {
        const page = await client.listResources(cursor === undefined ? {} : { cursor }, FROM_SERVER);
        return { items: page.resources, nextCursor: page.nextCursor, hint: cacheHintOf(page) };
      }),
    select: (listed) => listed.items,
    staleTime: staleTimeOf,
    retry: false,
  });
}

/** Every page of resources/templates/list, fresh for as long as the server's cache hint says. */
export function resourceTemplatesQueryOptions(client: Client, generation: number) {
  return queryOptions({
    queryKey: mcpQueryKeys.resourceTemplates(generation),
    queryFn: (): Promise<Listed<ResourceTemplate>> =>
      allPages(async (cursor) => {
        const page = await client.listResourceTemplates(cursor === undefined ? {} : { cursor }, FROM_SERVER);
        return { items: page.resourceTemplates, nextCursor: page.nextCursor, hint: cacheHintOf(page) };
      }),
    select: (listed) => listed.items,
    staleTime: staleTimeOf,
    retry: false,
  });
}
