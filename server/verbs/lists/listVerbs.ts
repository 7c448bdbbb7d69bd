import { defineVerb, type Verb } from '../verb.js';
import type { ListVerb } from './runList.js';

/** `tools`, `resources`, `templates`, `prompts`: one runner, the list each names. */
function listVerb<Name extends ListVerb>(name: Name, description: string, examples: string[]): Verb<Name> {
  return defineVerb({
    name,
    shape: { description, examples },
    request: (): object => ({}),
    async session(request) {
      const { runListVerb } = await import('./runList.js');
      return { run: (context) => runListVerb(name, { ...context, request }) };
    },
  });
}

export const toolsVerb = listVerb('tools', 'The tools, every page of tools/list.', [
  'mcp-inspect tools -- npx -y @modelcontextprotocol/server-everything stdio',
  'mcp-inspect tools --json --url http://127.0.0.1:3001/mcp',
]);

export const resourcesVerb = listVerb('resources', 'The resources, every page of resources/list.', [
  'mcp-inspect resources',
]);

export const templatesVerb = listVerb(
  'templates',
  'The resource templates, every page of resources/templates/list.',
  ['mcp-inspect templates'],
);

export const promptsVerb = listVerb('prompts', 'The prompts, every page of prompts/list.', [
  'mcp-inspect prompts',
]);
