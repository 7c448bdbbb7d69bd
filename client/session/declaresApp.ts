import type { Tool } from '@modelcontextprotocol/client';

/**
 * Whether a tool names an app, for marking it in the tool list. The list is in the page's first
 * load, so this reads the two spec'd keys itself rather than pull in the ext-apps host bridge;
 * the tool's panel uses the SDK's helper (toolApp.ts), which also validates the URI.
 */
export function declaresApp(tool: Tool): boolean {
  const meta = tool._meta as { ui?: { resourceUri?: unknown }; 'ui/resourceUri'?: unknown } | undefined;
  return meta?.ui?.resourceUri !== undefined || meta?.['ui/resourceUri'] !== undefined;
}
