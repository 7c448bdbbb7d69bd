import { memo } from 'react';
import { eventText, formatAbsolute, formatBytes, formatMs, formatRelative, KIND_LABELS } from './format';
import type { TrafficRow } from './trafficRows';
import { LARGE_FRAME_BYTES } from '../../../shared/wire';

interface TrafficRowViewProps {
  row: TrafficRow;
  rowIndex: number;
  top: number;
  selected: boolean;
  /** The selected row's request, response or linked request. */
  paired: boolean;
  startedAt: number | undefined;
  onSelect: (row: TrafficRow) => void;
  /** Passed apart from the row, which pairing updates in place, so the memo sees the change. */
  latencyMs: number | undefined;
  isError: boolean;
  /** Likewise: set in place when the page cancels or times out the request. */
  ended: TrafficRow['ended'];
  /** Likewise: the round of a multi round-trip call, known once the conversation forms. */
  round: number | undefined;
}

/** One row of the traffic grid; memoized, since pairing updates its request row in place. */
export const TrafficRowView = memo(function TrafficRowView({
  row,
  rowIndex,
  top,
  selected,
  paired,
  startedAt,
  onSelect,
  latencyMs,
  isError,
  ended,
  round,
}: TrafficRowViewProps) {
  const record = row.record;
  const frame = record.type === 'frame' ? record : undefined;
  const classes = ['traffic-row', `kind-${row.kind}`];
  if (isError) classes.push('is-error');
  if (selected) classes.push('selected');
  if (paired) classes.push('paired');
  return (
    <div
      className={classes.join(' ')}
      role="row"
      aria-rowindex={rowIndex}
      aria-selected={selected}
      style={{ transform: `translateY(${top}px)` }}
      onClick={() => onSelect(row)}
    >
      <span role="gridcell" className="seq">
        {record.type === 'page' ? '·' : record.seq}
      </span>
      <span role="gridcell" className="time" title={formatAbsolute(record.t, startedAt)}>
        {formatRelative(record.t)}
      </span>
      <span role="gridcell" className="dir">
        {record.type === 'app' ? (
          <span title={record.dir === 'appToHost' ? 'from the app' : 'to the app'}>
            {record.dir === 'appToHost' ? '⇠' : '⇢'}
            <span className="traffic-sr">{record.dir === 'appToHost' ? 'from app' : 'to app'}</span>
          </span>
        ) : frame ? (
          <span title={frame.dir === 'toServer' ? 'to the server' : 'from the server'}>
            {frame.dir === 'toServer' ? '→' : '←'}
            <span className="traffic-sr">{frame.dir === 'toServer' ? 'to server' : 'from server'}</span>
          </span>
        ) : null}
      </span>
      <span role="gridcell" className="kind">
        {isError && (
          <span className="error-flag" aria-label="error" title="error">
            ●
          </span>
        )}
        {KIND_LABELS[row.kind]}
      </span>
      <span role="gridcell" className="method" title={frame ? undefined : eventText(row)}>
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
      </span>
      <span role="gridcell" className="id">
        {row.id ?? ''}
      </span>
      <span role="gridcell" className={frame && frame.bytes > LARGE_FRAME_BYTES ? 'size large' : 'size'}>
        {frame ? formatBytes(frame.bytes) : record.type === 'app' ? formatBytes(record.bytes) : ''}
      </span>
      <span role="gridcell" className="latency">
        {latencyMs !== undefined ? formatMs(latencyMs) : latencyText(row, ended)}
      </span>
    </div>
  );
});

function latencyText(row: TrafficRow, ended: TrafficRow['ended']): string {
  if (row.linked) return `↳ #${row.linked.record.seq}`;
  if (row.kind === 'app' && row.method !== undefined && row.id !== undefined) return 'pending';
  // The modern era's subscriptions/listen is answered only when the stream ends.
  if (row.kind === 'request')
    return ended ?? (row.method === 'subscriptions/listen' ? 'stream open' : 'pending');
  return '';
}
