import { lookup, parsePath } from './jsonPath.js';

/**
 * Values that come in at run time, written into a collection as placeholders:
 *   `${env:NAME}`            an environment variable (a secret is never written, its name is);
 *   `${item:create.$.structuredContent.id}` (or `${item:create.structuredContent.id}`) a value
 *                            from the result of an earlier item, by JSON path: chaining.
 * A string that is exactly one placeholder takes the value as it is (a number stays a number);
 * placeholders inside a longer string are replaced by their text.
 */
const PLACEHOLDER = /\$\{(env|item):([^}]*)\}/g;

export interface ReferenceSources {
  /** An environment variable; undefined when it is not set (or there is no environment). */
  env(name: string): string | undefined;
  /** The results of the items run so far, by name (an item that got no result is absent). */
  results: ReadonlyMap<string, unknown>;
  /** The names of the items before this one, to tell "not run yet" from "no such item". */
  earlier: readonly string[];
}

export type Resolved<T> = { value: T } | { error: string };

/** `value` with every placeholder in its strings (keys stay as written) replaced. */
export function resolveReferences<T>(value: T, sources: ReferenceSources): Resolved<T> {
  try {
    return { value: replaceIn(value, sources) as T };
  } catch (error) {
    if (error instanceof ReferenceError) return { error: error.message };
    throw error;
  }
}

/** The names of the items a value refers to, for the page to draw the chain. */
export function referencedItems(value: unknown): string[] {
  const names = new Set<string>();
  const visit = (item: unknown): void => {
    if (typeof item === 'string') {
      for (const match of item.matchAll(PLACEHOLDER))
        if (match[1] === 'item') names.add((match[2] ?? '').split(/[.[]/)[0] ?? '');
    } else if (Array.isArray(item)) item.forEach(visit);
    else if (item !== null && typeof item === 'object') Object.values(item).forEach(visit);
  };
  visit(value);
  return [...names];
}

class ReferenceError extends Error {}

function replaceIn(value: unknown, sources: ReferenceSources): unknown {
  if (typeof value === 'string') return replaceString(value, sources);
  if (Array.isArray(value)) return value.map((item) => replaceIn(item, sources));
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) out[key] = replaceIn(item, sources);
    return out;
  }
  return value;
}

function replaceString(text: string, sources: ReferenceSources): unknown {
  const whole = /^\$\{(env|item):([^}]*)\}$/.exec(text);
  if (whole) return valueOf(whole[1] as 'env' | 'item', whole[2] ?? '', sources);
  return text.replace(PLACEHOLDER, (_, source: 'env' | 'item', body: string) => {
    const value = valueOf(source, body, sources);
    return typeof value === 'string' ? value : JSON.stringify(value);
  });
}

/**
 * mcp-inspect's own variables (`MCP_INSPECT_TOKEN`, the session's key, among them): never the
 * value of a placeholder, whoever wrote it, in the page's runs and in `test` alike.
 */
export function isInspectorVariable(name: string): boolean {
  return name.toUpperCase().startsWith('MCP_INSPECT_');
}

function valueOf(source: 'env' | 'item', body: string, sources: ReferenceSources): unknown {
  if (source === 'env') {
    if (isInspectorVariable(body))
      throw new ReferenceError(
        `\${env:${body}}: mcp-inspect never gives out its own MCP_INSPECT_* variables`,
      );
    const value = sources.env(body);
    if (value === undefined)
      throw new ReferenceError(`\${env:${body}}: the environment variable ${body} is not set`);
    return value;
  }
  const name = itemNameIn(body, sources.earlier);
  if (name === undefined)
    throw new ReferenceError(
      `\${item:${body}}: no earlier item is named "${body.split(/[.[]/)[0]}" (an item can use only the items above it)`,
    );
  if (!sources.results.has(name))
    throw new ReferenceError(`\${item:${body}}: the item "${name}" has no result to take a value from`);
  const rest = body.slice(name.length);
  const parsed = parsePath(rest.replace(/^\.\$/, '$').replace(/^\.(?=\[)/, ''));
  if ('error' in parsed) throw new ReferenceError(`\${item:${body}}: ${parsed.error}`);
  const found = lookup(sources.results.get(name), parsed.steps);
  if (!found.found)
    throw new ReferenceError(`\${item:${body}}: in the result of "${name}", ${found.missing}`);
  return found.value;
}

/** The longest earlier item's name that the reference starts with (names may hold dots). */
function itemNameIn(body: string, earlier: readonly string[]): string | undefined {
  let best: string | undefined;
  for (const name of earlier) {
    const next = body.charAt(name.length);
    if (
      body.startsWith(name) &&
      (next === '' || next === '.' || next === '[') &&
      (best === undefined || name.length > best.length)
    )
      best = name;
  }
  return best;
}

/** The environment variables a value names in `${env:NAME}` placeholders, each once. */
export function envNamesIn(value: unknown): string[] {
  const names = new Set<string>();
  const visit = (item: unknown): void => {
    if (typeof item === 'string') {
      for (const match of item.matchAll(PLACEHOLDER)) if (match[1] === 'env') names.add(match[2] ?? '');
    } else if (Array.isArray(item)) item.forEach(visit);
    else if (item !== null && typeof item === 'object') Object.values(item).forEach(visit);
  };
  visit(value);
  return [...names];
}
