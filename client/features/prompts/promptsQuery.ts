import { queryOptions } from '@tanstack/react-query';
import type { Client } from '@modelcontextprotocol/client';
import type { Prompt } from '@modelcontextprotocol/client';
import { allPages } from '../../bridge/allPages';
import { cacheHintOf, staleTimeOf, type Listed } from '../../bridge/cacheHints';
import { mcpQueryKeys } from '../../bridge/mcpQueryKeys';
import { FROM_SERVER } from '../../bridge/listFromServer';

/**
 * Every page of prompts/list, fresh for as long as the server's cache hint says (until a change
 * notification without one).
 */
export function promptsQueryOptions(client: Client, generation: number) {
  return queryOptions({
    queryKey: mcpQueryKeys.prompts(generation),
    queryFn: (): Promise<Listed<Prompt>> =>
      allPages(async (cursor) => {
        const page = await client.listPrompts(cursor === undefined ? {} : { cursor }, FROM_SERVER);
        return { items: page.prompts, nextCursor: page.nextCursor, hint: cacheHintOf(page) };
      }),
    select: (listed) => listed.items,
    staleTime: staleTimeOf,
    retry: false,
  });
}
