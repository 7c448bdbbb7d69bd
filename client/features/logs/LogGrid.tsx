import { useMemo, useState } from 'react';
import { DataGrid, type GridColumn } from '../../components/DataGrid';
import { formatSessionTime } from '../../components/format';
import { logText, type LogEntry } from './logEntries';

const ROW_HEIGHT = 22;
/** Levels a row is flagged for, at its left edge as the traffic pane flags an error. */
const ERROR_LEVELS = new Set(['error', 'critical', 'alert', 'emergency']);

interface LogGridProps {
  entries: readonly LogEntry[];
  /** Changes whenever the entries may have changed (the array is appended in place). */
  version: number;
  /** The longest logger name, in characters: the logger column is as wide as it needs. */
  longestLogger: number;
  selected: LogEntry | undefined;
  onSelect: (entry: LogEntry) => void;
  /** Enter on the selected message. */
  onActivate: (entry: LogEntry) => void;
}

/**
 * The log as a grid of one-line rows in aligned columns (time, level, logger, message): 100,000
 * messages cost what a screenful does. It follows the newest message until the person scrolls
 * up, and again once they scroll back down.
 */
export function LogGrid({ entries, version, longestLogger, selected, onSelect, onActivate }: LogGridProps) {
  const [follow, setFollow] = useState(true);
  // The logger column is sized in characters of the rows' font, up to a limit.
  const loggerWidth = longestLogger === 0 ? undefined : `${Math.min(Math.max(longestLogger, 6), 28) + 2}ch`;
  const columns = useMemo(() => logColumns(loggerWidth), [loggerWidth]);
  return (
    <DataGrid
      label="Log messages"
      className="log-grid"
      columns={columns}
      rows={entries}
      version={version}
      rowKey={(entry) => entry.position}
      rowHeight={ROW_HEIGHT}
      placeholder="No log messages yet: the server’s notifications/message appear here."
      rowClass={(entry) => `level-${entry.level}`}
      flag={(entry) => (ERROR_LEVELS.has(entry.level) ? 'error' : undefined)}
      selection={{ selected, onSelect, onActivate }}
      follow={{ on: follow, onChange: setFollow }}
    />
  );
}

function logColumns(loggerWidth: string | undefined): GridColumn<LogEntry>[] {
  return [
    {
      id: 'time',
      header: 'Time',
      description: 'Since the session started',
      width: '84px',
      cell: (entry) => formatSessionTime(entry.t),
    },
    { id: 'level', header: 'Level', width: '80px', cell: (entry) => entry.level },
    // No column at all while no message names a logger: a zero-width one still showed its heading.
    ...(loggerWidth === undefined
      ? []
      : [
          {
            id: 'logger',
            header: 'Logger',
            width: loggerWidth,
            cell: (entry: LogEntry) => entry.logger ?? '',
          },
        ]),
    { id: 'data', header: 'Message', width: 'minmax(0, 1fr)', cell: logText },
  ];
}
