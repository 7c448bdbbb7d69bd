import { Fragment, useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { Tool } from '@modelcontextprotocol/client';
import { rowForKey, useVirtualRows } from '../../components/useVirtualRows';
import { formatCount, formatCountOf } from '../../components/format';
import { filterTools, indexTools } from './filterTools';
import { declaresApp } from '../apps/declaresApp';
import { destructiveness } from './toolHints';
import type { LintBadge } from './useLintBadges';

interface ToolListProps {
  tools: Tool[];
  selected: string | undefined;
  onSelect: (name: string) => void;
  /** What the last list_changed refetch added or changed, highlighted for a while. */
  changes?: { added: ReadonlySet<string>; changed: ReadonlySet<string> };
  /** Lint findings per tool name (see the Lint tab), once they are counted. */
  lintBadges?: ReadonlyMap<string, LintBadge> | undefined;
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
export function ToolList({ tools, selected, onSelect, changes, lintBadges }: ToolListProps) {
  const [query, setQuery] = useState('');
  const toolIndex = useMemo(() => indexTools(tools), [tools]);
  const shown = useMemo(() => filterTools(toolIndex, query), [toolIndex, query]);
  const [active, setActive] = useState(0);
  const activeIndex = Math.min(active, shown.length - 1);
  const scrollRef = useRef<HTMLDivElement>(null);
  const view = useVirtualRows(scrollRef, shown.length, ROW_HEIGHT);

  useEffect(() => markAfterPaint(LIST_DRAWN_MARK), [shown]);

  const onKeyDown = (event: KeyboardEvent): void => {
    const to = rowForKey(event.key, activeIndex, shown.length, view.pageRows);
    if (to !== undefined) {
      event.preventDefault();
      setActive(to);
      view.scrollToRow(to);
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
          if (scrollRef.current) scrollRef.current.scrollTop = 0;
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
        {shown.length === tools.length
          ? formatCountOf(tools.length, 'tool')
          : `${formatCount(shown.length)} of ${formatCountOf(tools.length, 'tool')}`}
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
        onScroll={view.onScroll}
      >
        {shown.length === 0 && <p className="muted tool-list-empty">No tool matches.</p>}
        <div style={{ height: shown.length * ROW_HEIGHT, position: 'relative' }}>
          {view.indexes.map((index) => {
            const entry = shown[index];
            if (!entry) return null;
            const { tool, title } = entry;
            const destructive = destructiveness(tool);
            const lint = lintBadges?.get(tool.name);
            return (
              <Fragment key={tool.name}>
                <div
                  id={optionId(index)}
                  role="option"
                  aria-selected={tool.name === selected}
                  aria-setsize={shown.length}
                  aria-posinset={index + 1}
                  aria-description={destructive ? DESTRUCTIVE[destructive].description : undefined}
                  className={`tool-option${index === activeIndex ? ' active' : ''}${
                    changes?.added.has(tool.name)
                      ? ' added'
                      : changes?.changed.has(tool.name)
                        ? ' changed'
                        : ''
                  }`}
                  style={{ height: ROW_HEIGHT, transform: `translateY(${index * ROW_HEIGHT}px)` }}
                  onClick={() => {
                    setActive(index);
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
                {lint && (
                  // Beside the option, not in it: the option's name and text stay the tool's (tests and
                  // screen readers find tools by them); the Lint tab says each finding.
                  <span
                    className={`lint-badge ${lint.worst}`}
                    aria-hidden="true"
                    data-tool={tool.name}
                    title={`${lintSaid(lint.count)} (see the Lint tab)`}
                    style={{ transform: `translateY(${index * ROW_HEIGHT}px)` }}
                    onClick={() => {
                      setActive(index);
                      onSelect(tool.name);
                    }}
                  >
                    {lint.count}
                  </span>
                )}
              </Fragment>
            );
          })}
        </div>
      </div>
    </div>
  );
}

function lintSaid(count: number): string {
  return `${count} lint finding${count === 1 ? '' : 's'}`;
}

function optionId(index: number): string {
  return `tool-option-${index}`;
}

/** A performance mark once the frame with this render has been painted. */
function markAfterPaint(name: string): void {
  requestAnimationFrame(() => setTimeout(() => performance.mark(name), 0));
}
