import type { TrafficIndex, TrafficRow } from '../../shared/core/traffic/trafficRows';
import type { TrafficLog } from '../../shared/core/traffic/trafficLog';
import { trafficFileText, trafficHeaderLine } from '../../shared/core/traffic/trafficFile';

/** One server's traffic as the workspace merges it. */
export interface ServerTraffic {
  server: string;
  log: TrafficLog;
  index: TrafficIndex;
}

/** A row of one server's traffic, placed on the wall clock the servers share. */
export interface MergedRow {
  server: string;
  /** Wall-clock ms. */
  at: number;
  row: TrafficRow;
}

/**
 * Every server's rows in the order they happened. Each log's `t` counts from its own bridge
 * session's start, so the rows are put on the wall clock first; a log that has not started yet
 * has no rows. What each log keeps is bounded, so this is too.
 */
export function mergeTraffic(servers: readonly ServerTraffic[]): MergedRow[] {
  const merged: MergedRow[] = [];
  for (const { server, log, index } of servers) {
    index.sync();
    const origin = log.startedAt ?? 0;
    for (const row of index.rows) merged.push({ server, at: origin + row.record.t, row });
  }
  // Stable: rows of one server at the same millisecond keep their order.
  return merged.sort((a, b) => a.at - b.at);
}

/**
 * The merged traffic as one traffic file: its `t` from the earliest server's start, and each
 * record naming the server it came from (`server`), which readers of the format keep or ignore.
 */
export function mergedTrafficFile(rows: readonly MergedRow[], exportedAt = Date.now()): string {
  // Not Math.min(...): a spread of a hundred thousand rows overflows the stack.
  const origin = rows.reduce<number | undefined>(
    (least, { at, row }) => Math.min(least ?? Infinity, at - row.record.t),
    undefined,
  );
  const lines = rows.map(({ server, at, row }) =>
    JSON.stringify({ ...row.record, t: origin === undefined ? row.record.t : at - origin, server }),
  );
  return trafficFileText([trafficHeaderLine(origin, exportedAt), ...lines]);
}
