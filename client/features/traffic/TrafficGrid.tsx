import { useMemo } from 'react';
import { DataGrid, type GridColumn } from '../../components/DataGrid';
import { formatBytes, formatLatency, formatRecordTime, formatSessionTime } from '../../components/format';
import { LARGE_FRAME_BYTES } from '../../../shared/wire';
import { eventText, KIND_LABELS } from './eventText';
import type { TrafficRow } from '../../../shared/core/traffic/trafficRows';

export const ROW_HEIGHT = 22;

interface TrafficGridProps {
  rows: readonly TrafficRow[];
  /** Changes whenever rows may have changed (the backing array is appended in place). */
  version: number;
  selected: TrafficRow | undefined;
  onSelect: (row: TrafficRow) => void;
  /** Enter on the selected row. */
  onActivate: (row: TrafficRow) => void;
  follow: boolean;
  onFollowChange: (follow: boolean) => void;
  startedAt: number | undefined;
  emptyText: string;
}

/**
 * The frames as a grid, like a browser's network tab: 100,000 frames cost what a screenful
 * does (DataGrid draws only the rows in view). Follow mode keeps the newest row in view; the
 * person scrolling up pauses it, and scrolling back to the bottom resumes it.
 */
export function TrafficGrid({
  rows,
  version,
  selected,
  onSelect,
  onActivate,
  follow,
  onFollowChange,
  startedAt,
  emptyText,
}: TrafficGridProps) {
  const columns = useMemo(() => trafficColumns(startedAt), [startedAt]);
  return (
    <DataGrid
      label="Traffic"
      className="traffic-grid"
      columns={columns}
      rows={rows}
      version={version}
      rowKey={(row) => row.position}
      rowHeight={ROW_HEIGHT}
      placeholder={emptyText}
      rowClass={(row) =>
        selected !== undefined && (row === selected.pair || row === selected.linked)
          ? `kind-${row.kind} paired`
          : `kind-${row.kind}`
      }
      flag={(row) => (row.isError ? 'error' : undefined)}
      // Pairing, a cancel or a timeout, and a conversation forming update a row in place.
      rowRevision={(row) => `${row.latencyMs}|${row.ended}|${roundOf(row)}`}
      selection={{
        selected,
        onSelect,
        onActivate,
        indexOf: (all, row) => indexOfPosition(all, row.position),
      }}
      follow={{ on: follow, onChange: onFollowChange }}
    />
  );
}

/** The grid's eight columns. */
function trafficColumns(startedAt: number | undefined): GridColumn<TrafficRow>[] {
  return [
    {
      id: 'seq',
      header: '#',
      description: 'The order the bridge saw it in',
      width: '56px',
      cell: (row) => (row.record.type === 'page' ? '·' : row.record.seq),
    },
    {
      id: 'time',
      header: 'Time',
      description: 'Since the session started',
      width: '78px',
      cell: (row) => formatSessionTime(row.record.t),
      title: (row) => formatRecordTime(row.record.t, startedAt),
    },
    { id: 'dir', header: 'Dir', description: 'Direction', width: '28px', cell: directionCell },
    {
      id: 'kind',
      header: 'Kind',
      width: '112px',
      cell: (row) => (
        <>
          {row.isError && (
            <span className="error-flag" aria-label="error" title="error">
              ●
            </span>
          )}
          {KIND_LABELS[row.kind]}
        </>
      ),
    },
    {
      id: 'method',
      header: 'Method / event',
      width: 'minmax(120px, 1fr)',
      cell: methodCell,
      // An event's words can be long; a frame's method is short.
      title: (row) => (row.record.type === 'frame' ? undefined : eventText(row)),
    },
    { id: 'id', header: 'Id', width: '80px', cell: (row) => row.id ?? '' },
    {
      id: 'size',
      header: 'Size',
      width: '64px',
      cell: (row) =>
        row.record.type === 'frame' || row.record.type === 'app' ? formatBytes(row.record.bytes) : '',
      cellClass: (row) =>
        row.record.type === 'frame' && row.record.bytes > LARGE_FRAME_BYTES ? 'large' : undefined,
    },
    {
      id: 'latency',
      header: 'Latency',
      // Wide enough for its longest word, "stream open" (a subscriptions/listen still streaming).
      width: '92px',
      cell: (row) => (row.latencyMs !== undefined ? formatLatency(row.latencyMs) : latencyText(row)),
    },
  ];
}

function directionCell(row: TrafficRow) {
  const record = row.record;
  if (record.type === 'app') {
    return (
      <span title={record.dir === 'appToHost' ? 'from the app' : 'to the app'}>
        {record.dir === 'appToHost' ? '⇠' : '⇢'}
        <span className="traffic-sr">{record.dir === 'appToHost' ? 'from app' : 'to app'}</span>
      </span>
    );
  }
  if (record.type !== 'frame') return null;
  return (
    <span title={record.dir === 'toServer' ? 'to the server' : 'from the server'}>
      {record.dir === 'toServer' ? '→' : '←'}
      <span className="traffic-sr">{record.dir === 'toServer' ? 'to server' : 'from server'}</span>
    </span>
  );
}

function methodCell(row: TrafficRow) {
  const frame = row.record.type === 'frame' ? row.record : undefined;
  const round = roundOf(row);
  return (
    <>
      {eventText(row)}
      {frame?.synthetic && <span className="tag">by mcp-inspect</span>}
      {frame?.elided && <span className="tag">elided</span>}
      {row.causedBy && (
        <span className="tag app" title="Sent by mcp-inspect to answer an MCP App's request">
          for app #{row.causedBy.record.seq}
        </span>
      )}
      {round !== undefined && (
        <span
          className="tag round"
          title="A multi round-trip call: each retry answers the server's input_required"
        >
          round {round}
        </span>
      )}
    </>
  );
}

/** The round of a multi round-trip call's request, known once the conversation forms. */
function roundOf(row: TrafficRow): number | undefined {
  return row.conversation && row.kind === 'request' ? row.conversation.rounds.indexOf(row) + 1 : undefined;
}

function latencyText(row: TrafficRow): string {
  if (row.linked) return `↳ #${row.linked.record.seq}`;
  if (row.kind === 'app' && row.method !== undefined && row.id !== undefined) return 'pending';
  // The modern era's subscriptions/listen is answered only when the stream ends.
  if (row.kind === 'request')
    return row.ended ?? (row.method === 'subscriptions/listen' ? 'stream open' : 'pending');
  return '';
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
