import { queryOptions } from '@tanstack/react-query';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { mcpQueryKeys } from '../../bridge/mcpQueryKeys';

/** A server that keeps returning cursors must not keep the page busy forever. */
const MAX_PAGES = 1_000;

/** Marked when the last page of tools/list has arrived; the tool-list benchmark reads it. */
export const TOOLS_LISTED_MARK = 'mcp-inspect:tools-listed';

/** Every page of `tools/list`, following `nextCursor`. */
export function toolsQueryOptions(client: Client, generation: number) {
  return queryOptions({
    queryKey: mcpQueryKeys.tools(generation),
    queryFn: async (): Promise<Tool[]> => {
      const tools: Tool[] = [];
      let cursor: string | undefined;
      for (let page = 0; page < MAX_PAGES; page += 1) {
        const result = await client.listTools(cursor === undefined ? {} : { cursor });
        tools.push(...result.tools);
        cursor = result.nextCursor;
        if (cursor === undefined) break;
      }
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
