/** Query keys for server data; scoped by generation so a restart never shows stale lists. */
export const mcpQueryKeys = {
  all: (generation: number) => ['mcp', generation] as const,
  tools: (generation: number) => ['mcp', generation, 'tools'] as const,
  /** Everything about resources, invalidated together by resources/list_changed. */
  resources: (generation: number) => ['mcp', generation, 'resources'] as const,
  resourceList: (generation: number) => ['mcp', generation, 'resources', 'list'] as const,
  resourceTemplates: (generation: number) => ['mcp', generation, 'resources', 'templates'] as const,
  resourceRead: (generation: number, uri: string) => ['mcp', generation, 'resources', 'read', uri] as const,
  prompts: (generation: number) => ['mcp', generation, 'prompts'] as const,
};

/** The bridge's OAuth view (client/session/oauthQuery.ts), polled: one key for the page. */
export const oauthQueryKey = ['oauth'] as const;
