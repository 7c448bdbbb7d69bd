/** What a list's filter knows of one item. */
export interface Searchable {
  /** The item's identity in the list (a tool's name, a resource's URI). */
  key: string;
  /** What the list shows first. */
  title: string;
  /** Matched and ranked: an exact match first, then a prefix, then a part (name, title, URI). */
  names: readonly (string | undefined)[];
  /** Matched, ranked after the names (description, MIME type). */
  text?: readonly (string | undefined)[];
}

export interface PickEntry<T> {
  item: T;
  key: string;
  title: string;
  /** The names, lower-cased once so each keystroke only compares. */
  names: string[];
  /** Names and text, lower-cased once so each keystroke only scans. */
  haystack: string;
}

const present = (part: string | undefined): part is string => typeof part === 'string' && part !== '';

export function indexEntries<T>(items: readonly T[], searchable: (item: T) => Searchable): PickEntry<T>[] {
  return items.map((item) => {
    const { key, title, names, text = [] } = searchable(item);
    const lowerNames = names.filter(present).map((name) => name.toLowerCase());
    return {
      item,
      key,
      title,
      names: lowerNames,
      haystack: [...lowerNames, ...text.filter(present).map((part) => part.toLowerCase())].join('\n'),
    };
  });
}

/**
 * Every word of the query must appear in a name or the text. The best matches come first: an
 * exact name, then names that start with the query, then those that contain it, then matches in
 * the text only; the server's order within each.
 */
export function filterEntries<T>(index: PickEntry<T>[], query: string): PickEntry<T>[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return index;
  const whole = words.join(' ');
  const ranked = index
    .filter((entry) => words.every((word) => entry.haystack.includes(word)))
    .map((entry, order) => ({ entry, order, rank: rank(entry, whole) }));
  ranked.sort((a, b) => a.rank - b.rank || a.order - b.order);
  return ranked.map(({ entry }) => entry);
}

function rank(entry: PickEntry<unknown>, query: string): number {
  if (entry.names.some((name) => name === query)) return 0;
  if (entry.names.some((name) => name.startsWith(query))) return 1;
  if (entry.names.some((name) => name.includes(query))) return 2;
  return 3;
}
