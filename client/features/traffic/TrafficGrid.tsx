import { useEffect, useLayoutEffect, useRef } from 'react';
import type { TrafficRow } from './trafficRows';
import { TrafficRowView } from './TrafficRowView';
import { useFixedRowWindow } from './useFixedRowWindow';

export const ROW_HEIGHT = 22;
/** How long after a wheel, key or pointer action a scroll counts as the person's own. */
const USER_SCROLL_WINDOW_MS = 800;

interface TrafficGridProps {
  rows: readonly TrafficRow[];
  /** Changes whenever rows may have changed (the backing array is appended in place). */
  version: number;
  selected: TrafficRow | undefined;
  onSelect: (row: TrafficRow) => void;
  follow: boolean;
  onFollowChange: (follow: boolean) => void;
  startedAt: number | undefined;
  emptyText: string;
}

/**
 * The frames as a grid, like a browser's network tab: only the rows in view are in the DOM,
 * so 100,000 frames cost what a screenful does (rows have one fixed height, so which rows are
 * in view is arithmetic; a general virtualizer measured all 100,000 on every new row). Follow mode keeps the newest row in view; the
 * person scrolling up pauses it, and scrolling back to the bottom resumes it.
 */
export function TrafficGrid({
  rows,
  version,
  selected,
  onSelect,
  follow,
  onFollowChange,
  startedAt,
  emptyText,
}: TrafficGridProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const lastUserAction = useRef(0);
  const view = useFixedRowWindow(scroller, rows.length, ROW_HEIGHT);

  useLayoutEffect(() => {
    const element = scroller.current;
    if (follow && element) element.scrollTop = element.scrollHeight;
  }, [follow, rows.length, version]);

  const selectedIndex = selected ? indexOfPosition(rows, selected.position) : -1;
  useEffect(() => {
    const element = scroller.current;
    if (selectedIndex < 0 || follow || !element) return;
    // Scroll the least needed to show the selected row.
    const top = selectedIndex * ROW_HEIGHT;
    if (top < element.scrollTop) element.scrollTop = top;
    else if (top + ROW_HEIGHT > element.scrollTop + element.clientHeight) {
      element.scrollTop = top + ROW_HEIGHT - element.clientHeight;
    }
    // Only when the selection moves, not on every new row.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [selectedIndex]);

  const markUserAction = (): void => {
    lastUserAction.current = performance.now();
  };
  const onScroll = (): void => {
    const element = scroller.current;
    if (!element || performance.now() - lastUserAction.current > USER_SCROLL_WINDOW_MS) return;
    const atBottom = element.scrollHeight - element.scrollTop - element.clientHeight < ROW_HEIGHT;
    if (follow !== atBottom) onFollowChange(atBottom);
  };
  const move = (to: number): void => {
    const row = rows[Math.max(0, Math.min(rows.length - 1, to))];
    if (row) onSelect(row);
  };
  const page = Math.max(1, Math.floor(view.viewHeight / ROW_HEIGHT) - 1);

  return (
    <div
      className="traffic-grid"
      role="grid"
      aria-label="Traffic"
      aria-rowcount={rows.length + 1}
      aria-colcount={8}
      tabIndex={0}
      onKeyDown={(event) => {
        const steps: Record<string, number> = {
          ArrowDown: selectedIndex + 1,
          ArrowUp: selectedIndex - 1,
          PageDown: selectedIndex + page,
          PageUp: selectedIndex - page,
          Home: 0,
          End: rows.length - 1,
        };
        const to = steps[event.key];
        if (to === undefined) return;
        event.preventDefault();
        markUserAction();
        // Moving anywhere but the last row is looking back: follow pauses.
        onFollowChange(to >= rows.length - 1);
        move(to);
      }}
    >
      <div className="traffic-row traffic-header" role="row" aria-rowindex={1}>
        <span role="columnheader">#</span>
        <span role="columnheader">Time</span>
        <span role="columnheader">Dir</span>
        <span role="columnheader">Kind</span>
        <span role="columnheader">Method / event</span>
        <span role="columnheader">Id</span>
        <span role="columnheader">Size</span>
        <span role="columnheader">Latency</span>
      </div>
      <div
        ref={scroller}
        className="traffic-scroller"
        onScroll={() => {
          view.onScroll();
          onScroll();
        }}
        onWheel={markUserAction}
        onPointerDown={markUserAction}
        onTouchMove={markUserAction}
      >
        {rows.length === 0 ? (
          <p className="placeholder">{emptyText}</p>
        ) : (
          <div className="traffic-rows" role="rowgroup" style={{ height: rows.length * ROW_HEIGHT }}>
            {view.indexes.map((index) => {
              const row = rows[index];
              if (!row) return null;
              return (
                <TrafficRowView
                  key={row.position}
                  row={row}
                  rowIndex={index + 2}
                  top={index * ROW_HEIGHT}
                  selected={row === selected}
                  paired={selected !== undefined && (row === selected.pair || row === selected.linked)}
                  startedAt={startedAt}
                  onSelect={onSelect}
                  latencyMs={row.latencyMs}
                  ended={row.ended}
                  round={
                    row.conversation && row.kind === 'request'
                      ? row.conversation.rounds.indexOf(row) + 1
                      : undefined
                  }
                  isError={row.isError}
                />
              );
            })}
          </div>
        )}
      </div>
    </div>
  );
}

/** Rows are in position order: a binary search finds one among 100,000. */
export function indexOfPosition(rows: readonly TrafficRow[], position: number): number {
  let low = 0;
  let high = rows.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const at = rows[middle]?.position ?? 0;
    if (at === position) return middle;
    if (at < position) low = middle + 1;
    else high = middle - 1;
  }
  return -1;
}
