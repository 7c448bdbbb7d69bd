import {
  memo,
  useEffect,
  useLayoutEffect,
  useRef,
  type CSSProperties,
  type KeyboardEvent,
  type ReactElement,
  type ReactNode,
} from 'react';
import { rowForKey, useVirtualRows } from './useVirtualRows';
import './dataGrid.css';

/** One column, as data: its header, its width, and how a row fills its cell. */
export interface GridColumn<T> {
  /** Names the column; also the class of its cells, which the feature's CSS styles. */
  id: string;
  header: string;
  /** The header's hover title, where the header is terse ("#", "Dir"). */
  description?: string;
  /** A CSS grid track: `56px`, `minmax(120px, 1fr)`, `var(--logger-width)`. */
  width: string;
  cell: (row: T) => ReactNode;
  /** The cell's hover title, e.g. the whole of a text the column cuts short. */
  title?: (row: T) => string | undefined;
  /** Classes the cell gets besides the column's id, by row (a size over a limit). */
  cellClass?: (row: T) => string | undefined;
}

/** Marks a row at its left edge: an error (red) or a warning (amber). */
export type RowFlag = 'error' | 'warning';

interface GridSelection<T> {
  selected: T | undefined;
  onSelect: (row: T) => void;
  /** Enter on the selected row: e.g. focus moves to its detail. */
  onActivate?: (row: T) => void;
  /** Finds a row faster than indexOf (a binary search, where the rows are in a known order). */
  indexOf?: (rows: readonly T[], row: T) => number;
}

interface DataGridProps<T> {
  /** The grid's accessible name. */
  label: string;
  columns: readonly GridColumn<T>[];
  rows: readonly T[];
  /** Changes whenever the rows may have changed (a backing array appended in place). */
  version?: number;
  rowKey: (row: T) => string | number;
  /** Every row's height in px: one height is what keeps 100,000 rows cheap (useVirtualRows). */
  rowHeight: number;
  /** What shows under the header while there are no rows. */
  placeholder: ReactNode;
  /** The feature's own class, which its CSS styles the grid and the columns by. */
  className?: string;
  style?: CSSProperties;
  /** Classes a row gets besides the grid's own (its kind, its level). */
  rowClass?: (row: T) => string | undefined;
  flag?: (row: T) => RowFlag | undefined;
  /**
   * For rows updated in place, which the grid cannot see change: a value that changes whenever
   * the row must be drawn again. Rows are memoized, so most of a flood's rows draw once.
   */
  rowRevision?: (row: T) => unknown;
  /**
   * With a selection the grid is an ARIA grid, one focus stop, whose arrows, Home, End and Page
   * keys move the selection; without one it is a read-only ARIA table.
   */
  selection?: GridSelection<T>;
  /**
   * Follow mode keeps the last row in view as rows come. The person scrolling up, or moving the
   * selection off the last row, turns it off; scrolling back to the bottom turns it on.
   */
  follow?: { on: boolean; onChange: (on: boolean) => void };
}

/** How long after a wheel, key or pointer action a scroll counts as the person's own. */
const USER_SCROLL_WINDOW_MS = 800;

/**
 * Rows in aligned columns defined as data, like a browser's network tab: a fixed header, then
 * only the rows in view in the DOM (useVirtualRows), with keyboard navigation, a selection, a
 * flag per row and a placeholder when empty. The traffic pane, the logs and the tasks use it.
 */
export function DataGrid<T>({
  label,
  columns,
  rows,
  version,
  rowKey,
  rowHeight,
  placeholder,
  className,
  style,
  rowClass,
  flag,
  rowRevision,
  selection,
  follow,
}: DataGridProps<T>) {
  const scroller = useRef<HTMLDivElement>(null);
  const lastUserAction = useRef(0);
  const view = useVirtualRows(scroller, rows.length, rowHeight);
  const selected = selection?.selected;
  const selectedIndex =
    selection === undefined || selected === undefined
      ? -1
      : (selection.indexOf?.(rows, selected) ?? rows.indexOf(selected));
  const following = follow?.on === true;

  // Scrolled in the frame's animation callbacks, before it paints, not in the commit: reading
  // scrollHeight mid-commit forced a layout of the whole page there (~20 ms of the first screen's
  // render, measured), which the frame then did again; and a burst of commits scrolls once. A
  // layout effect, so the callback is asked for before the frame that shows the new rows.
  useLayoutEffect(() => {
    if (!following) return;
    const frame = requestAnimationFrame(() => {
      const element = scroller.current;
      if (element) element.scrollTop = element.scrollHeight;
    });
    return () => cancelAnimationFrame(frame);
  }, [following, rows.length, version]);

  useEffect(() => {
    if (!following) view.scrollToRow(selectedIndex);
    // Only when the selection moves, not on every new row.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [selectedIndex]);

  const markUserAction = (): void => {
    lastUserAction.current = performance.now();
  };
  const onScroll = (): void => {
    view.onScroll();
    const element = scroller.current;
    if (!follow || !element || performance.now() - lastUserAction.current > USER_SCROLL_WINDOW_MS) return;
    const atBottom = element.scrollHeight - element.scrollTop - element.clientHeight < rowHeight;
    if (follow.on !== atBottom) follow.onChange(atBottom);
  };
  const onKeyDown = selection
    ? (event: KeyboardEvent): void => {
        const to = rowForKey(event.key, selectedIndex, rows.length, view.pageRows);
        const row = to === undefined ? undefined : rows[to];
        if (to !== undefined && row !== undefined) {
          event.preventDefault();
          markUserAction();
          // Moving anywhere but the last row is looking back: follow pauses.
          follow?.onChange(to >= rows.length - 1);
          selection.onSelect(row);
        } else if (event.key === 'Enter' && selected !== undefined && selection.onActivate) {
          event.preventDefault();
          selection.onActivate(selected);
        }
      }
    : undefined;

  const cellRole = selection ? 'gridcell' : 'cell';
  return (
    <div
      className={className ? `data-grid ${className}` : 'data-grid'}
      role={selection ? 'grid' : 'table'}
      aria-label={label}
      aria-rowcount={rows.length + 1}
      aria-colcount={columns.length}
      tabIndex={selection ? 0 : undefined}
      style={{
        ...style,
        ['--grid-columns' as string]: columns.map((column) => column.width).join(' '),
        ['--row-height' as string]: `${rowHeight}px`,
      }}
      onKeyDown={onKeyDown}
    >
      <div className="data-grid-row data-grid-header" role="row" aria-rowindex={1}>
        {columns.map((column) => (
          <span key={column.id} role="columnheader" title={column.description}>
            {column.header}
          </span>
        ))}
      </div>
      <div
        ref={scroller}
        className="data-grid-scroller"
        onScroll={onScroll}
        onWheel={markUserAction}
        onPointerDown={markUserAction}
        onTouchMove={markUserAction}
      >
        {rows.length === 0 ? (
          <p className="placeholder">{placeholder}</p>
        ) : (
          <div className="data-grid-rows" role="rowgroup" style={{ height: rows.length * rowHeight }}>
            {view.indexes.map((index) => {
              const row = rows[index];
              if (row === undefined) return null;
              const isSelected = index === selectedIndex;
              const rowFlag = flag?.(row);
              const extra = rowClass?.(row);
              return (
                <GridRow
                  key={rowKey(row)}
                  row={row}
                  columns={columns}
                  rowIndex={index + 2}
                  top={index * rowHeight}
                  className={`data-grid-row${extra ? ` ${extra}` : ''}${rowFlag ? ` flag-${rowFlag}` : ''}${isSelected ? ' selected' : ''}`}
                  selected={selection ? isSelected : undefined}
                  onSelect={selection?.onSelect}
                  cellRole={cellRole}
                  revision={rowRevision?.(row)}
                />
              );
            })}
          </div>
        )}
      </div>
    </div>
  );
}

interface GridRowProps<T> {
  row: T;
  columns: readonly GridColumn<T>[];
  rowIndex: number;
  top: number;
  className: string;
  /** Undefined in a table, which has no selection. */
  selected: boolean | undefined;
  onSelect: ((row: T) => void) | undefined;
  cellRole: 'gridcell' | 'cell';
  /** Read by memo only: the row is drawn again when it changes. */
  revision: unknown;
}

/** One row; memoized, so rows already drawn cost nothing when new ones come. */
const GridRow = memo(function GridRow<T>(props: GridRowProps<T>) {
  const { row, columns, onSelect } = props;
  return (
    <div
      className={props.className}
      role="row"
      aria-rowindex={props.rowIndex}
      aria-selected={props.selected}
      style={{ transform: `translateY(${props.top}px)` }}
      onClick={onSelect && (() => onSelect(row))}
    >
      {columns.map((column) => {
        const extra = column.cellClass?.(row);
        return (
          <span
            key={column.id}
            role={props.cellRole}
            className={extra ? `${column.id} ${extra}` : column.id}
            title={column.title?.(row)}
          >
            {column.cell(row)}
          </span>
        );
      })}
    </div>
  );
}) as <T>(props: GridRowProps<T>) => ReactElement;
