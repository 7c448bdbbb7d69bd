/**
 * JSON that reads well as a diff in code review: keys in a stable (sorted) order at every depth,
 * two-space indent, a final newline. Used for the files a person commits (snapshots, collections,
 * lint configs), so that saving the same thing twice writes the same bytes.
 */
export function stableJson(value: unknown): string {
  return `${JSON.stringify(sortedKeys(value), null, 2)}\n`;
}

/** A copy of `value` whose objects have their keys sorted; arrays keep their order. */
export function sortedKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortedKeys);
  if (value === null || typeof value !== 'object') return value;
  const sorted: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort()) {
    const item = (value as Record<string, unknown>)[key];
    if (item !== undefined) sorted[key] = sortedKeys(item);
  }
  return sorted;
}
