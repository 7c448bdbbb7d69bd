import { queryOptions } from '@tanstack/react-query';
import type { Client } from '@modelcontextprotocol/client';
import type { Resource, ResourceTemplateType as ResourceTemplate } from '@modelcontextprotocol/client';
import { mcpQueryKeys } from '../../bridge/mcpQueryKeys';
import { allPages } from '../../bridge/allPages';

/** Every page of resources/list. */
export function resourceListQueryOptions(client: Client, generation: number) {
  return queryOptions({
    queryKey: mcpQueryKeys.resourceList(generation),
    queryFn: (): Promise<Resource[]> =>
      allPages(async (cursor) => {
        const page = await client.listResources(cursor === undefined ? {} : { cursor });
        return { items: page.resources, nextCursor: page.nextCursor };
      }),
    staleTime: Infinity,
    retry: false,
  });
}

/** Every page of resources/templates/list. */
export function resourceTemplatesQueryOptions(client: Client, generation: number) {
  return queryOptions({
    queryKey: mcpQueryKeys.resourceTemplates(generation),
    queryFn: (): Promise<ResourceTemplate[]> =>
      allPages(async (cursor) => {
        const page = await client.listResourceTemplates(cursor === undefined ? {} : { cursor });
        return { items: page.resourceTemplates, nextCursor: page.nextCursor };
      }),
    staleTime: Infinity,
    retry: false,
  });
}
