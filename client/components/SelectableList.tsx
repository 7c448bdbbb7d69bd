import type { ReactNode } from 'react';
import type { ListChanges } from '../hooks/useListChanges';
import './selectableList.css';

interface SelectableListProps<T> {
  /** Accessible name of the listbox. */
  label: string;
  items: readonly T[] | undefined;
  keyOf: (item: T) => string;
  selected: string | undefined;
  onSelect: (key: string) => void;
  /** The item's main line and, when it has one, a second line (its URI or name). */
  title: (item: T) => ReactNode;
  subtitle?: (item: T) => ReactNode;
  /** Highlights what the last list_changed refetch added, changed or removed. */
  changes: ListChanges<T>;
}

/** A short list (resources, templates, prompts) to pick one from, showing what changed. */
export function SelectableList<T>({
  label,
  items,
  keyOf,
  selected,
  onSelect,
  title,
  subtitle,
  changes,
}: SelectableListProps<T>) {
  return (
    <ul className="item-list" role="listbox" aria-label={label}>
      {items?.map((item) => {
        const key = keyOf(item);
        const sub = subtitle?.(item);
        return (
          <li
            key={key}
            role="option"
            tabIndex={0}
            aria-selected={key === selected}
            className={changes.added.has(key) ? 'added' : changes.changed.has(key) ? 'changed' : ''}
            onClick={() => onSelect(key)}
            onKeyDown={(event) => event.key === 'Enter' && onSelect(key)}
          >
            <span className="item-title">{title(item)}</span>
            {sub !== undefined && <code className="item-sub">{sub}</code>}
          </li>
        );
      })}
      {changes.removed.map((item) => (
        <li key={`removed:${keyOf(item)}`} className="removed" aria-disabled="true">
          <span className="item-title">{title(item)}</span> <span className="muted">removed</span>
        </li>
      ))}
    </ul>
  );
}
