import { queryOptions } from '@tanstack/react-query';
import type { Client } from '@modelcontextprotocol/client';
import type { Tool } from '@modelcontextprotocol/client';
import { staleTimeOf, type Listed } from '../../shared/core/cacheHints';
import { listTools } from '../../shared/core/lists';
import { mcpQueryKeys } from '../bridge/mcpQueryKeys';

/** Marked when the last page of tools/list has arrived; the tool-list benchmark reads it. */
export const TOOLS_LISTED_MARK = 'mcp-inspect:tools-listed';

/**
 * Every page of `tools/list` (the core's), fetched from the server each time the query runs: the
 * page's query cache decides freshness, from the server's hint.
 */
export function toolsQueryOptions(client: Client, generation: number) {
  // The generation in the key stands for the client: each run of the target has its own.
  // eslint-disable-next-line @tanstack/query/exhaustive-deps
  return queryOptions({
    queryKey: mcpQueryKeys.tools(generation),
    queryFn: async (): Promise<Listed<Tool>> => {
      const listed = await listTools(client);
      performance.mark(TOOLS_LISTED_MARK);
      return listed;
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
