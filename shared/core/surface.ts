import type {
  Client,
  Prompt,
  Resource,
  ResourceTemplateType as ResourceTemplate,
  Tool,
} from '@modelcontextprotocol/client';
import { sessionFacts, type SessionFacts } from './clientSession.js';
import { listPrompts, listResourceTemplates, listResources, listTools } from './lists.js';
import { sortedKeys } from './stableJson.js';

/**
 * A server's surface: what a client sees of it without calling anything. Snapshots, diffs, era
 * parity and lint all read this one shape, so that a live target, a snapshot file and a recording
 * compare alike.
 */
export interface Surface extends Omit<SessionFacts, 'discover'> {
  tools: Tool[];
  resources: Resource[];
  resourceTemplates: ResourceTemplate[];
  prompts: Prompt[];
  /** Lists the server declared but failed to give (method → the error's message). */
  failures?: Record<string, string>;
}

export type SurfaceList = 'tools' | 'resources' | 'resourceTemplates' | 'prompts';

/**
 * Reads every list the server's capabilities declare, every page of each. A list that fails is
 * kept as a failure (with the others still read): a surface with a broken list is still worth
 * comparing or linting.
 */
export async function collectSurface(client: Client): Promise<Surface> {
  const { discover: _discover, ...facts } = sessionFacts(client);
  const capabilities = facts.capabilities ?? {};
  const failures: Record<string, string> = {};
  const read = async <T>(declared: boolean, method: string, list: () => Promise<{ items: T[] }>) => {
    if (!declared) return [];
    try {
      return (await list()).items;
    } catch (error) {
      failures[method] = error instanceof Error ? error.message : String(error);
      return [];
    }
  };
  const tools = await read(!!capabilities.tools, 'tools/list', () => listTools(client));
  const resources = await read(!!capabilities.resources, 'resources/list', () => listResources(client));
  const resourceTemplates = await read(!!capabilities.resources, 'resources/templates/list', () =>
    listResourceTemplates(client),
  );
  const prompts = await read(!!capabilities.prompts, 'prompts/list', () => listPrompts(client));
  return {
    ...facts,
    tools,
    resources,
    resourceTemplates,
    prompts,
    ...(Object.keys(failures).length > 0 ? { failures } : {}),
  };
}

/**
 * The surface in a stable order, fit to commit: items sorted by name (resources by URI), keys
 * sorted at every depth. Two reads of an unchanged server give the same value.
 */
export function stableSurface(surface: Surface): Surface {
  const byName = <T extends { name: string }>(items: T[]) =>
    [...items].sort((a, b) => compare(a.name, b.name));
  const sorted: Surface = {
    ...surface,
    tools: byName(surface.tools),
    resources: [...surface.resources].sort((a, b) => compare(a.uri, b.uri)),
    resourceTemplates: [...surface.resourceTemplates].sort((a, b) => compare(a.uriTemplate, b.uriTemplate)),
    prompts: byName(surface.prompts),
  };
  return sortedKeys(sorted) as Surface;
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
