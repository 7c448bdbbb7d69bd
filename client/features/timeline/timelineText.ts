import { formatLatency } from '../../components/format';
import { eventText } from '../traffic/eventText';
import type { TrafficRow } from '../../../shared/core/traffic/trafficRows';
import { barEnd, barOpen, barStart, barWaits, type Bar, type Drawn } from './timelineModel';

/** Seconds since the session started, to the millisecond: "1.234 s". */
const at = (t: number): string => `${(t / 1000).toFixed(3)} s`;

/**
 * One line for a bar, a tick or an exchange: what the tooltip and the status line say. Its times
 * are the session's own, or moved by `offset` onto an axis several sessions share (the workspace's).
 */
export function describeDrawn(drawn: Drawn, row: TrafficRow, now: number, offset = 0): string {
  if (drawn.type === 'bar') return describeBar(drawn.bar, row, now, offset);
  if (drawn.type === 'http') return describeHttp(row, offset);
  return `#${row.record.seq} ${eventText(row) || row.kind} at ${at(row.record.t + offset)}`;
}

function describeBar(bar: Bar, row: TrafficRow, now: number, offset: number): string {
  if (row.kind === 'http') return describeHttp(row, offset);
  const first = bar.segments[0]?.row;
  const start = barStart(bar);
  const open = barOpen(bar);
  const duration = barEnd(bar, now) - start;
  const parts = [
    `#${first?.record.seq ?? row.record.seq} ${callName(bar)}`,
    `start ${at(start + offset)}`,
    open ? `${formatLatency(duration)} so far` : formatLatency(duration),
  ];
  const rounds = bar.segments.filter((s) => s.kind === 'round').length;
  const polls = bar.segments.filter((s) => s.kind === 'poll').length;
  if (rounds > 0) parts.push(`${rounds} rounds`);
  if (polls > 0) parts.push(`${polls} polls`);
  const waited = barWaits(bar, now).reduce((sum, wait) => sum + (wait.end - wait.start), 0);
  if (waited > 0) parts.push(`waited for you ${formatLatency(waited)}`);
  if (bar.http.length > 0) parts.push(`${bar.http.length} HTTP`);
  if (bar.fromServer) parts.push('asked by the server');
  if (bar.cancelledAt !== undefined && open === false && bar.segments.at(-1)?.row.pair === undefined)
    parts.push('cancelled');
  if (bar.segments.some((s) => s.row.isError)) parts.push('error');
  return parts.join(' · ');
}

function describeHttp(row: TrafficRow, offset: number): string {
  const record = row.record;
  if (record.type !== 'http') return '';
  return `#${record.seq} ${eventText(row)} · start ${at(record.t + offset)} · ${formatLatency(record.durationMs)}`;
}

/** A call's method and what it was called on: "tools/call book_table". */
export function callName(bar: Bar): string {
  const first = bar.segments[0]?.row;
  const record = first?.record;
  const params =
    record?.type === 'frame'
      ? (record.message as { params?: { name?: unknown; uri?: unknown } }).params
      : undefined;
  const target =
    typeof params?.name === 'string' ? params.name : typeof params?.uri === 'string' ? params.uri : '';
  return `${first?.method ?? 'request'}${target ? ` ${target}` : ''}`;
}
