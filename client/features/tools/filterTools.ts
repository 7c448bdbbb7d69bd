import type { Tool } from '@modelcontextprotocol/client';
import type { Searchable } from '../../components/pickList/filterEntries';
import { toolDisplayName } from '../../session/toolsQuery';

/** A tool to the list's filter: found by name, titles or description, ranked by name and display title. */
export function toolSearch(tool: Tool): Searchable {
  const title = toolDisplayName(tool);
  return {
    key: tool.name,
    title,
    names: [tool.name, title],
    text: [tool.title, tool.annotations?.title, tool.description],
  };
}
