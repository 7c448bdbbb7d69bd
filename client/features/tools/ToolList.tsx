import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { Tool } from '@modelcontextprotocol/client';
import { filterTools, indexTools } from './filterTools';
import { declaresApp } from '../apps/declaresApp';
import { destructiveness } from './toolHints';

interface ToolListProps {
  tools: Tool[];
  selected: string | undefined;
  onSelect: (name: string) => void;
  /** What the last list_changed refetch added or changed, highlighted for a while. */
  changes?: { added: ReadonlySet<string>; changed: ReadonlySet<string> };
}

/** How the list tells a tool that says it is destructive from one that says nothing (the default). */
const DESTRUCTIVE = {
  declared: { label: 'destructive', description: 'Declared destructive: asks before running' },
  default: {
    label: 'destructive (default)',
    description: 'Destructive by default (no destructiveHint given): asks before running',
  },
} as const;

/** Fixed row height: measuring 5,000 rows would cost more than it gives. */
const ROW_HEIGHT = 46;
/** Marked after the list has painted; the tool-list benchmark reads it. */
export const LIST_DRAWN_MARK = 'mcp-inspect:tool-list-drawn';

/**
 * The server's tools, filtered by name, title or description, drawn virtually so thousands stay
 * fluid. One focus stop: arrows, Home, End and Page keys move the active option, Enter opens it.
 */
export function ToolList({ tools, selected, onSelect, changes }: ToolListProps) {
  const [query, setQuery] = useState('');
  const index = useMemo(() => indexTools(tools), [tools]);
  const shown = useMemo(() => filterTools(index, query), [index, query]);
  const [active, setActive] = useState(0);
  const activeIndex = Math.min(active, shown.length - 1);
  const scrollRef = useRef<HTMLDivElement>(null);
  // The compiler skips memoizing this component because of useVirtualizer; it needs no memo.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: shown.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 10,
  });

  useEffect(() => markAfterPaint(LIST_DRAWN_MARK), [shown]);

  const moveTo = (next: number): void => {
    if (shown.length === 0) return;
    const clamped = Math.max(0, Math.min(shown.length - 1, next));
    setActive(clamped);
    virtualizer.scrollToIndex(clamped, { align: 'auto' });
  };
  const pageSize = Math.max(
    1,
    Math.floor((scrollRef.current?.clientHeight ?? ROW_HEIGHT * 10) / ROW_HEIGHT) - 1,
  );
  const onKeyDown = (event: KeyboardEvent): void => {
    const moves: Record<string, () => number> = {
      ArrowDown: () => activeIndex + 1,
      ArrowUp: () => activeIndex - 1,
      Home: () => 0,
      End: () => shown.length - 1,
      PageDown: () => activeIndex + pageSize,
      PageUp: () => activeIndex - pageSize,
    };
    const move = moves[event.key];
    if (move) {
      event.preventDefault();
      moveTo(move());
    } else if (event.key === 'Enter' || event.key === ' ') {
      const entry = shown[activeIndex];
      if (entry) {
        event.preventDefault();
        onSelect(entry.tool.name);
      }
    }
  };

  const activeId = shown[activeIndex] ? optionId(activeIndex) : undefined;
  return (
    <div className="tool-list-box">
      <input
        type="search"
        className="tool-filter"
        placeholder="Filter by name, title or description"
        aria-label="Filter tools"
        aria-controls="tool-listbox"
        value={query}
        onChange={(event) => {
          setQuery(event.target.value);
          setActive(0);
          virtualizer.scrollToOffset(0);
        }}
        onKeyDown={(event) => {
          // From the filter, the arrows go straight into the list.
          if (event.key === 'ArrowDown' || event.key === 'Enter') {
            event.preventDefault();
            scrollRef.current?.focus();
            if (event.key === 'Enter' && shown[activeIndex]) onSelect(shown[activeIndex].tool.name);
          }
        }}
      />
      <p className="tool-count muted" aria-live="polite">
        {shown.length === tools.length ? `${tools.length} tools` : `${shown.length} of ${tools.length} tools`}
      </p>
      <div
        ref={scrollRef}
        id="tool-listbox"
        className="tool-list"
        role="listbox"
        aria-label="Tools"
        tabIndex={0}
        aria-activedescendant={activeId}
        onKeyDown={onKeyDown}
      >
        {shown.length === 0 && <p className="muted tool-list-empty">No tool matches.</p>}
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {virtualizer.getVirtualItems().map((row) => {
            const entry = shown[row.index];
            if (!entry) return null;
            const { tool, title } = entry;
            const destructive = destructiveness(tool);
            return (
              <div
                key={tool.name}
                id={optionId(row.index)}
                role="option"
                aria-selected={tool.name === selected}
                aria-setsize={shown.length}
                aria-posinset={row.index + 1}
                aria-description={destructive ? DESTRUCTIVE[destructive].description : undefined}
                className={`tool-option${row.index === activeIndex ? ' active' : ''}${
                  changes?.added.has(tool.name) ? ' added' : changes?.changed.has(tool.name) ? ' changed' : ''
                }`}
                style={{ height: ROW_HEIGHT, transform: `translateY(${row.start}px)` }}
                onClick={() => {
                  setActive(row.index);
                  onSelect(tool.name);
                }}
              >
                <span className="tool-title">
                  {title}
                  {declaresApp(tool) && (
                    <span className="tool-flag app" aria-label="has an MCP App" title="Has an MCP App">
                      {' '}
                      ▣
                    </span>
                  )}
                </span>
                {(title !== tool.name || destructive) && (
                  <span className="tool-second-line">
                    {title !== tool.name && <code className="tool-name">{tool.name}</code>}
                    {destructive && (
                      <span
                        className={`tool-flag ${destructive}`}
                        aria-hidden="true"
                        title={DESTRUCTIVE[destructive].description}
                      >
                        {DESTRUCTIVE[destructive].label}
                      </span>
                    )}
                  </span>
                )}
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}

function optionId(index: number): string {
  return `tool-option-${index}`;
}

/** A performance mark once the frame with this render has been painted. */
function markAfterPaint(name: string): void {
  requestAnimationFrame(() => setTimeout(() => performance.mark(name), 0));
}
