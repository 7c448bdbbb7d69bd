import {
  Fragment,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type CSSProperties,
  type ReactNode,
} from 'react';
import { formatCount, formatCountOf } from '../format';
import { rowForKey, useVirtualRows } from '../useVirtualRows';
import { filterEntries, indexEntries, type PickEntry, type Searchable } from './filterEntries';
import './pickList.css';

/** Fixed row height (two lines): measuring 5,000 rows would cost more than it gives. */
export const PICK_ROW_HEIGHT = 46;

export interface PickListProps<T> {
  /** The listbox's accessible name ("Tools"); the filter is "Filter tools". */
  label: string;
  /** One item, for the count: "tool" gives "5,000 tools", "No tool matches." */
  noun: string;
  items: readonly T[];
  /** How the filter finds the item, and its key and title. */
  search: (item: T) => Searchable;
  selected: string | undefined;
  onSelect: (key: string) => void;
  /** The filter's placeholder: what it searches. */
  placeholder: string;
  /** The row's content; by default its title, then `subtitle` when there is one. */
  renderOption?: (entry: PickEntry<T>) => ReactNode;
  subtitle?: (item: T) => ReactNode;
  /** Said by a screen reader after the option's name. */
  describe?: (item: T) => string | undefined;
  /** Drawn beside the option, not in it (so the option's name stays the item's), at `style`. */
  beside?: (item: T, style: CSSProperties, select: () => void) => ReactNode;
  /** What the last list_changed refetch added or changed, by key, highlighted for a while. */
  changes?: { added: ReadonlySet<string>; changed: ReadonlySet<string> };
  /** A performance mark set after each paint of the list (the tool-list benchmark reads one). */
  drawnMark?: string;
}

/**
 * A server's list to pick one from (tools, prompts, resources, templates, skills), filtered by
 * name and text and drawn virtually so thousands stay fluid. One focus stop: arrows, Home, End
 * and Page keys move the active option, Enter or Space opens it; from the filter, ArrowDown
 * goes into the list and Enter opens the active option.
 */
export function PickList<T>({
  label,
  noun,
  items,
  search,
  selected,
  onSelect,
  placeholder,
  renderOption,
  subtitle,
  describe,
  beside,
  changes,
  drawnMark,
}: PickListProps<T>) {
  const [query, setQuery] = useState('');
  const index = useMemo(() => indexEntries(items, search), [items, search]);
  const shown = useMemo(() => filterEntries(index, query), [index, query]);
  const [active, setActive] = useState(() =>
    Math.max(
      0,
      shown.findIndex((entry) => entry.key === selected),
    ),
  );
  const activeIndex = Math.min(active, shown.length - 1);
  const scrollRef = useRef<HTMLDivElement>(null);
  const view = useVirtualRows(scrollRef, shown.length, PICK_ROW_HEIGHT);
  const idPrefix = useId();
  const listboxId = `${idPrefix}listbox`;
  const optionId = (row: number): string => `${idPrefix}option-${row}`;

  useEffect(() => {
    if (drawnMark) markAfterPaint(drawnMark);
  }, [shown, drawnMark]);

  // Picked from elsewhere (a lint finding's "show tool"): the cursor moves there, in view.
  const [seenSelected, setSeenSelected] = useState(selected);
  if (selected !== seenSelected) {
    setSeenSelected(selected);
    const row = shown.findIndex((entry) => entry.key === selected);
    if (row >= 0) setActive(row);
  }
  useEffect(() => {
    const row = shown.findIndex((entry) => entry.key === selected);
    if (row >= 0) view.scrollToRow(row);
    // Only when the pick changes: a new filter starts at its top.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [selected]);

  const pick = (row: number): void => {
    const entry = shown[row];
    if (!entry) return;
    setActive(row);
    onSelect(entry.key);
  };

  return (
    <div className="pick-list-box">
      <input
        type="search"
        className="pick-filter"
        placeholder={placeholder}
        aria-label={`Filter ${label.toLowerCase()}`}
        aria-controls={listboxId}
        value={query}
        onChange={(event) => {
          setQuery(event.target.value);
          setActive(0);
          if (scrollRef.current) scrollRef.current.scrollTop = 0;
        }}
        onKeyDown={(event) => {
          // From the filter, the arrows go straight into the list.
          if (event.key === 'ArrowDown' || event.key === 'Enter') {
            event.preventDefault();
            scrollRef.current?.focus();
            if (event.key === 'Enter') pick(activeIndex);
          }
        }}
      />
      <p className="pick-count muted" aria-live="polite">
        {shown.length === items.length
          ? formatCountOf(items.length, noun)
          : `${formatCount(shown.length)} of ${formatCountOf(items.length, noun)}`}
      </p>
      <div
        ref={scrollRef}
        id={listboxId}
        className="pick-list"
        role="listbox"
        aria-label={label}
        tabIndex={0}
        aria-activedescendant={shown[activeIndex] ? optionId(activeIndex) : undefined}
        onKeyDown={(event) => {
          const to = rowForKey(event.key, activeIndex, shown.length, view.pageRows);
          if (to !== undefined) {
            event.preventDefault();
            setActive(to);
            view.scrollToRow(to);
          } else if ((event.key === 'Enter' || event.key === ' ') && shown[activeIndex]) {
            event.preventDefault();
            pick(activeIndex);
          }
        }}
        onScroll={view.onScroll}
      >
        {shown.length === 0 && items.length > 0 && (
          <p className="muted pick-list-empty">No {noun} matches.</p>
        )}
        <div style={{ height: shown.length * PICK_ROW_HEIGHT, position: 'relative' }}>
          {view.indexes.map((row) => {
            const entry = shown[row];
            if (!entry) return null;
            const place: CSSProperties = { transform: `translateY(${row * PICK_ROW_HEIGHT}px)` };
            const sub = renderOption ? undefined : subtitle?.(entry.item);
            return (
              <Fragment key={entry.key}>
                <div
                  id={optionId(row)}
                  role="option"
                  aria-selected={entry.key === selected}
                  aria-setsize={shown.length}
                  aria-posinset={row + 1}
                  aria-description={describe?.(entry.item)}
                  className={`pick-option${row === activeIndex ? ' active' : ''}${
                    changes?.added.has(entry.key)
                      ? ' added'
                      : changes?.changed.has(entry.key)
                        ? ' changed'
                        : ''
                  }`}
                  style={{ ...place, height: PICK_ROW_HEIGHT }}
                  onClick={() => pick(row)}
                >
                  {renderOption ? (
                    renderOption(entry)
                  ) : (
                    <>
                      <span className="pick-title">{entry.title}</span>
                      {sub !== undefined && <code className="pick-sub">{sub}</code>}
                    </>
                  )}
                </div>
                {beside?.(entry.item, place, () => pick(row))}
              </Fragment>
            );
          })}
        </div>
      </div>
    </div>
  );
}

/** A performance mark once the frame with this render has been painted. */
function markAfterPaint(name: string): void {
  requestAnimationFrame(() => setTimeout(() => performance.mark(name), 0));
}
