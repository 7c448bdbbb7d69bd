import type { Prompt, Resource, ResourceTemplateType, Tool } from '@modelcontextprotocol/client';
import type { Surface } from '../../../shared/core';
import type { McpConnection } from '../../bridge/inspectorSession';

/** What the page already lists, as the core's Surface: lint reads the page's lists, not new ones. */
export function pageSurface(
  mcp: McpConnection,
  lists: {
    tools?: Tool[];
    resources?: Resource[];
    resourceTemplates?: ResourceTemplateType[];
    prompts?: Prompt[];
  },
  failures: Record<string, string>,
): Surface {
  return {
    ...(mcp.era ? { era: mcp.era } : {}),
    ...(mcp.protocolVersion ? { protocolVersion: mcp.protocolVersion } : {}),
    ...(mcp.serverInfo ? { serverInfo: mcp.serverInfo } : {}),
    ...(mcp.capabilities ? { capabilities: mcp.capabilities } : {}),
    ...(mcp.instructions ? { instructions: mcp.instructions } : {}),
    tools: lists.tools ?? [],
    resources: lists.resources ?? [],
    resourceTemplates: lists.resourceTemplates ?? [],
    prompts: lists.prompts ?? [],
    ...(Object.keys(failures).length > 0 ? { failures } : {}),
  };
}
