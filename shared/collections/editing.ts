import type { Collection, CollectionItem } from './format.js';

/**
 * Edits the person makes to a collection in the page, as pure functions over the collection (the
 * page saves the result through the bridge, which writes it as `test` reads it).
 */

/** Why a name cannot be given to the item now named `current`, or undefined when it can. */
export function nameProblem(collection: Collection, current: string, next: string): string | undefined {
  if (next.trim() === '') return 'an item needs a name';
  if (next !== current && collection.items.some((item) => item.name === next))
    return `another item is named "${next}"`;
  if (next.includes('}')) return 'a name cannot hold "}" (it would end the ${item:…} that refers to it)';
  return undefined;
}

/**
 * Renames an item, and every `${item:old…}` reference to it in the items after it, so a chain
 * keeps working; nothing else changes.
 */
export function renameItem(collection: Collection, from: string, to: string): Collection {
  const at = collection.items.findIndex((item) => item.name === from);
  if (at < 0 || from === to) return collection;
  const reference = new RegExp(`\\$\\{item:${escapeRegExp(from)}(?=[.[}])`, 'g');
  const rewrite = (value: unknown): unknown => {
    if (typeof value === 'string') return value.replace(reference, `\${item:${to}`);
    if (Array.isArray(value)) return value.map(rewrite);
    if (value !== null && typeof value === 'object')
      return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, rewrite(item)]));
    return value;
  };
  return {
    ...collection,
    items: collection.items.map((item, index): CollectionItem => {
      if (index === at) return { ...item, name: to };
      if (index < at) return item;
      if (item.kind === 'resource') return { ...item, uri: rewrite(item.uri) as string };
      return item.arguments ? ({ ...item, arguments: rewrite(item.arguments) } as CollectionItem) : item;
    }),
  };
}

/** The reference an argument holds to take a value from an earlier item's result, by JSON path. */
export function chainReference(itemName: string, path: string): string {
  const inside = path.trim().replace(/^\$/, '');
  return `\${item:${itemName}${inside === '' || inside.startsWith('.') || inside.startsWith('[') ? inside : `.${inside}`}}`;
}

/** A place in a result a chain may take, and what is there now. */
export interface ResultPath {
  path: string;
  /** The value there, as JSON, shortened. */
  preview: string;
}

/** How many places are offered at most: a result with thousands of leaves is cut. */
const MAX_PATHS = 200;
const PLAIN_NAME = /^[A-Za-z_][A-Za-z0-9_-]*$/;

/**
 * The places in a result an argument can take a value from: every leaf (string, number, boolean,
 * null), structuredContent first (that is what a tool means to be read), `_meta` left out.
 */
export function resultPaths(result: unknown): ResultPath[] {
  const paths: ResultPath[] = [];
  const visit = (value: unknown, path: string): void => {
    if (paths.length >= MAX_PATHS) return;
    if (Array.isArray(value)) value.forEach((item, index) => visit(item, `${path}[${index}]`));
    else if (value !== null && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) {
        if (path === '$' && key === '_meta') continue;
        visit(item, PLAIN_NAME.test(key) ? `${path}.${key}` : `${path}[${JSON.stringify(key)}]`);
      }
    } else {
      const text = JSON.stringify(value) ?? 'null';
      paths.push({ path, preview: text.length > 60 ? `${text.slice(0, 57)}…` : text });
    }
  };
  if (result !== null && typeof result === 'object' && !Array.isArray(result)) {
    const { structuredContent, ...rest } = result as Record<string, unknown>;
    if (structuredContent !== undefined) visit(structuredContent, '$.structuredContent');
    visit(rest, '$');
  } else visit(result, '$');
  return paths;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
