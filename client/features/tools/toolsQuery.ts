import { queryOptions } from '@tanstack/react-query';
import type { Client } from '@modelcontextprotocol/client';
import type { Tool } from '@modelcontextprotocol/client';
import { cacheHintOf, staleTimeOf, type Listed } from '../../bridge/cacheHints';
import { mcpQueryKeys } from '../../bridge/mcpQueryKeys';
import { FROM_SERVER } from '../../bridge/listFromServer';

/** Marked when the last page of tools/list has arrived; the tool-list benchmark reads it. */
export const TOOLS_LISTED_MARK = 'mcp-inspect:tools-listed';

/**
 * Every page of `tools/list` (the SDK follows `nextCursor`), fetched from the server each time
 * the query runs ('refresh': the page's query cache decides freshness, from the server's hint).
 */
export function toolsQueryOptions(client: Client, generation: number) {
  return queryOptions({
    queryKey: mcpQueryKeys.tools(generation),
    queryFn: async (): Promise<Listed<Tool>> => {
      const result = await client.listTools(undefined, FROM_SERVER);
      performance.mark(TOOLS_LISTED_MARK);
      const hint = cacheHintOf(result);
      return { items: result.tools, ...(hint ? { hint } : {}) };
    },
    select: (listed) => listed.items,
    staleTime: staleTimeOf,
    retry: false,
  });
}

/** The name the spec says to show: title, then annotations.title, then name. */
export function toolDisplayName(tool: Tool): string {
  return tool.title ?? tool.annotations?.title ?? tool.name;
}
