import { queryOptions } from '@tanstack/react-query';
import type { Client } from '@modelcontextprotocol/client';
import type { Prompt } from '@modelcontextprotocol/client';
import { allPages } from '../../bridge/allPages';
import { mcpQueryKeys } from '../../bridge/mcpQueryKeys';

/** Every page of prompts/list. */
export function promptsQueryOptions(client: Client, generation: number) {
  return queryOptions({
    queryKey: mcpQueryKeys.prompts(generation),
    queryFn: (): Promise<Prompt[]> =>
      allPages(async (cursor) => {
        const page = await client.listPrompts(cursor === undefined ? {} : { cursor });
        return { items: page.prompts, nextCursor: page.nextCursor };
      }),
    staleTime: Infinity,
    retry: false,
  });
}
