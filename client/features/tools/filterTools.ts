import type { Tool } from '@modelcontextprotocol/client';
import { toolDisplayName } from './toolsQuery';

export interface IndexedTool {
  tool: Tool;
  title: string;
  /** Name, titles and description, lower-cased once so each keystroke only scans. */
  haystack: string;
}

export function indexTools(tools: Tool[]): IndexedTool[] {
  return tools.map((tool) => ({
    tool,
    title: toolDisplayName(tool),
    haystack: [tool.name, tool.title, tool.annotations?.title, tool.description]
      .filter((part) => typeof part === 'string')
      .join('\n')
      .toLowerCase(),
  }));
}

/** Every word of the query must appear in the name, a title or the description. */
export function filterTools(index: IndexedTool[], query: string): IndexedTool[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return index;
  return index.filter((entry) => words.every((word) => entry.haystack.includes(word)));
}
