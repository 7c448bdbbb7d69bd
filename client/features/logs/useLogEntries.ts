import { useMemo, useSyncExternalStore } from 'react';
import type { LoggingLevel } from '@modelcontextprotocol/client';
import { useTabActive } from '../../components/Tabs';
import type { TrafficLog } from '../../../shared/core/traffic/trafficLog';
import { LevelView, LogIndex } from './logIndex';

const noSubscription = (): (() => void) => () => undefined;

/**
 * The log messages at or above a level, brought up to date at most once per animation frame
 * (the traffic log's notification rate), incrementally. While the Logs tab is hidden nothing
 * listens: a flood costs the hidden panel nothing, and showing it catches up once.
 */
export function useLogEntries(traffic: TrafficLog, level: LoggingLevel) {
  const active = useTabActive();
  const version = useSyncExternalStore(active ? traffic.subscribe : noSubscription, traffic.getVersion);
  const index = useMemo(() => new LogIndex(traffic), [traffic]);
  const view = useMemo(() => new LevelView(level), [level]);
  const entries = useMemo(() => {
    void version; // the log changed: bring the entries up to date
    index.sync();
    return view.update(index);
  }, [version, index, view]);
  return {
    entries,
    total: index.count - index.firstIndex,
    longestLogger: index.longestLogger,
    version: view.version,
  };
}
