/** Query keys for server data; scoped by generation so a restart never shows stale lists. */
export const mcpQueryKeys = {
  all: (generation: number) => ['mcp', generation] as const,
  tools: (generation: number) => ['mcp', generation, 'tools'] as const,
  resourceRead: (generation: number, uri: string) => ['mcp', generation, 'resources', 'read', uri] as const,
};
