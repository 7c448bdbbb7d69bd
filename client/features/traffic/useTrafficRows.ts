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
  // Anew for another log too (an imported file, a captured session): its index's generation
  // can equal the last log's, and the rows held would be the other log's.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `log` is the reason, not an input
  const filtered = useMemo(() => new FilteredRows(filter), [filter, log]);
  const rows = useMemo(() => {
    void version; // the log changed: bring the rows up to date
    index.sync();
    filtered.update(index);
    return filtered.rows;
  }, [version, index, filtered]);
  return { rows, count: rows.length, index, version };
}
