import { useMemo, useSyncExternalStore } from 'react';
import { FilteredRows, type TrafficFilter } from './trafficFilter';
import type { TrafficLog } from '../../../shared/core/traffic/trafficLog';
import { TrafficIndex } from '../../../shared/core/traffic/trafficRows';

/**
 * The rows of a log that pass a filter, re-derived at most once per animation frame (the
 * log's notification rate) and incrementally: only records that arrived since the last render
 * are looked at, unless the filter changed.
 */
export function useTrafficRows(log: TrafficLog, filter: TrafficFilter) {
  const version = useSyncExternalStore(log.subscribe, log.getVersion);
  const index = useMemo(() => new TrafficIndex(log), [log]);
  const filtered = useMemo(() => new FilteredRows(filter), [filter]);
  const rows = useMemo(() => {
    void version; // the log changed: bring the rows up to date
    index.sync();
    filtered.update(index);
    return filtered.rows;
  }, [version, index, filtered]);
  return { rows, count: rows.length, index, version };
}
