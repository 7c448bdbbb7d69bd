import { queryOptions } from '@tanstack/react-query';
import type { Client } from '@modelcontextprotocol/client';
import type { Tool } from '@modelcontextprotocol/client';
import { allPages } from '../../bridge/allPages';
import { mcpQueryKeys } from '../../bridge/mcpQueryKeys';

/** Marked when the last page of tools/list has arrived; the tool-list benchmark reads it. */
export const TOOLS_LISTED_MARK = 'mcp-inspect:tools-listed';

/** Every page of `tools/list`, following `nextCursor`. */
export function toolsQueryOptions(client: Client, generation: number) {
  return queryOptions({
    queryKey: mcpQueryKeys.tools(generation),
    queryFn: async (): Promise<Tool[]> => {
      const tools = await allPages(async (cursor) => {
        const page = await client.listTools(cursor === undefined ? {} : { cursor });
        return { items: page.tools, nextCursor: page.nextCursor };
      });
      performance.mark(TOOLS_LISTED_MARK);
      return tools;
    },
    staleTime: Infinity,
    retry: false,
  });
}

/** The name the spec says to show: title, then annotations.title, then name. */
export function toolDisplayName(tool: Tool): string {
  return tool.title ?? tool.annotations?.title ?? tool.name;
}
