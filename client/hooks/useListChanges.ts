import { useEffect, useRef, useState } from 'react';

export interface ListChanges<T> {
  added: ReadonlySet<string>;
  changed: ReadonlySet<string>;
  /** Items that were in the previous list and are gone, shown for a while struck through. */
  removed: readonly T[];
}

const EMPTY: ListChanges<never> = { added: new Set(), changed: new Set(), removed: [] };
/** How long a change stays highlighted after a list_changed refetch. */
const HIGHLIGHT_MS = 8_000;

/**
 * What a refetch changed in a list, for highlighting: compared with the list before it, by
 * key (added, removed) and by content (changed). Nothing is reported for the first list.
 */
export function useListChanges<T>(
  items: readonly T[] | undefined,
  keyOf: (item: T) => string,
): ListChanges<T> {
  const previous = useRef<readonly T[] | undefined>(undefined);
  const [changes, setChanges] = useState<ListChanges<T>>(EMPTY);
  useEffect(() => {
    const before = previous.current;
    previous.current = items;
    if (!before || !items || before === items) return;
    const next = diffLists(before, items, keyOf);
    if (next.added.size === 0 && next.changed.size === 0 && next.removed.length === 0) return;
    setChanges(next);
    const timer = setTimeout(() => setChanges(EMPTY), HIGHLIGHT_MS);
    return () => clearTimeout(timer);
  }, [items, keyOf]);
  return changes;
}

export function diffLists<T>(
  before: readonly T[],
  after: readonly T[],
  keyOf: (item: T) => string,
): ListChanges<T> {
  const old = new Map(before.map((item) => [keyOf(item), JSON.stringify(item)]));
  const now = new Set(after.map(keyOf));
  const added = new Set<string>();
  const changed = new Set<string>();
  for (const item of after) {
    const key = keyOf(item);
    const was = old.get(key);
    if (was === undefined) added.add(key);
    else if (was !== JSON.stringify(item)) changed.add(key);
  }
  return { added, changed, removed: before.filter((item) => !now.has(keyOf(item))) };
}
