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

/**
 * Every word of the query must appear in the name, a title or the description. The best matches
 * come first: the exact name or title, then names and titles that start with the query, then
 * those that contain it, then matches in the description; the server's order within each.
 */
export function filterTools(index: IndexedTool[], query: string): IndexedTool[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return index;
  const whole = words.join(' ');
  const ranked = index
    .filter((entry) => words.every((word) => entry.haystack.includes(word)))
    .map((entry, order) => ({ entry, order, rank: rank(entry, whole) }));
  ranked.sort((a, b) => a.rank - b.rank || a.order - b.order);
  return ranked.map(({ entry }) => entry);
}

function rank(entry: IndexedTool, query: string): number {
  const names = [entry.tool.name, entry.title].map((name) => name.toLowerCase());
  if (names.some((name) => name === query)) return 0;
  if (names.some((name) => name.startsWith(query))) return 1;
  if (names.some((name) => name.includes(query))) return 2;
  return 3;
}
