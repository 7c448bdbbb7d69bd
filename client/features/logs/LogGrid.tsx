import { useLayoutEffect, useRef, useState } from 'react';
import { formatSessionTime } from '../../components/format';
import { useFixedRowWindow } from '../traffic/useFixedRowWindow';
import { logText, type LogEntry } from './logEntries';

const ROW_HEIGHT = 22;
/** How long after a wheel, key or pointer action a scroll counts as the person's own. */
const USER_SCROLL_WINDOW_MS = 800;

interface LogGridProps {
  entries: readonly LogEntry[];
  /** Changes whenever the entries may have changed (the array is appended in place). */
  version: number;
  /** The longest logger name, in characters: the logger column is as wide as it needs. */
  longestLogger: number;
  selected: LogEntry | undefined;
  onSelect: (entry: LogEntry) => void;
}

/**
 * The log as a grid of one-line rows in aligned columns (time, level, logger, message). Only
 * the rows in view are in the DOM, so 100,000 messages cost what a screenful does. It follows
 * the newest message until the person scrolls up, and again once they scroll back down.
 */
export function LogGrid({ entries, version, longestLogger, selected, onSelect }: LogGridProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const view = useFixedRowWindow(scroller, entries.length, ROW_HEIGHT);
  const [follow, setFollow] = useState(true);
  const lastUserAction = useRef(0);

  useLayoutEffect(() => {
    const element = scroller.current;
    if (follow && element) element.scrollTop = element.scrollHeight;
  }, [follow, entries.length, version]);

  const loggerChars = Math.min(Math.max(longestLogger, 6), 28);
  const selectedIndex = selected ? entries.indexOf(selected) : -1;
  const move = (to: number): void => {
    const entry = entries[Math.max(0, Math.min(entries.length - 1, to))];
    if (!entry) return;
    onSelect(entry);
    setFollow(to >= entries.length - 1);
    const element = scroller.current;
    const top = entries.indexOf(entry) * ROW_HEIGHT;
    if (element && top < element.scrollTop) element.scrollTop = top;
    else if (element && top + ROW_HEIGHT > element.scrollTop + element.clientHeight) {
      element.scrollTop = top + ROW_HEIGHT - element.clientHeight;
    }
  };
  const page = Math.max(1, Math.floor(view.viewHeight / ROW_HEIGHT) - 1);

  return (
    <div
      className="log-grid"
      role="grid"
      aria-label="Log messages"
      aria-rowcount={entries.length + 1}
      aria-colcount={4}
      tabIndex={0}
      style={{ ['--logger-width' as string]: longestLogger === 0 ? '0px' : `${loggerChars + 2}ch` }}
      onKeyDown={(event) => {
        const steps: Record<string, number> = {
          ArrowDown: selectedIndex + 1,
          ArrowUp: selectedIndex - 1,
          PageDown: selectedIndex + page,
          PageUp: selectedIndex - page,
          Home: 0,
          End: entries.length - 1,
        };
        const to = steps[event.key];
        if (to === undefined) return;
        event.preventDefault();
        lastUserAction.current = performance.now();
        move(to);
      }}
    >
      <div className="log-row log-header" role="row" aria-rowindex={1}>
        <span role="columnheader">Time</span>
        <span role="columnheader">Level</span>
        <span role="columnheader">Logger</span>
        <span role="columnheader">Message</span>
      </div>
      <div
        ref={scroller}
        className="log-scroller"
        onScroll={() => {
          view.onScroll();
          const element = scroller.current;
          if (!element || performance.now() - lastUserAction.current > USER_SCROLL_WINDOW_MS) return;
          const atBottom = element.scrollHeight - element.scrollTop - element.clientHeight < ROW_HEIGHT;
          if (atBottom !== follow) setFollow(atBottom);
        }}
        onWheel={() => (lastUserAction.current = performance.now())}
        onPointerDown={() => (lastUserAction.current = performance.now())}
        onTouchMove={() => (lastUserAction.current = performance.now())}
      >
        {entries.length === 0 ? (
          <p className="placeholder">No log messages yet: the server’s notifications/message appear here.</p>
        ) : (
          <div className="log-rows" role="rowgroup" style={{ height: entries.length * ROW_HEIGHT }}>
            {view.indexes.map((index) => {
              const entry = entries[index];
              if (!entry) return null;
              return (
                <div
                  key={entry.position}
                  className={`log-row level-${entry.level}${entry === selected ? ' selected' : ''}`}
                  role="row"
                  aria-rowindex={index + 2}
                  aria-selected={entry === selected}
                  style={{ transform: `translateY(${index * ROW_HEIGHT}px)` }}
                  onClick={() => onSelect(entry)}
                >
                  <span role="gridcell" className="time">
                    {formatSessionTime(entry.t)}
                  </span>
                  <span role="gridcell" className="level">
                    {entry.level}
                  </span>
                  <span role="gridcell" className="logger">
                    {entry.logger ?? ''}
                  </span>
                  <span role="gridcell" className="data">
                    {logText(entry)}
                  </span>
                </div>
              );
            })}
          </div>
        )}
      </div>
    </div>
  );
}
