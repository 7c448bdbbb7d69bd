import { useSyncExternalStore } from 'react';
import type { TrafficLog } from '../../../shared/core/traffic/trafficLog';

/**
 * The captured session the traffic pane shows instead of the page's own, while one is open in
 * the Captured tab: a log of its own, read-only (the host drives it). Kept apart from the
 * Captured feature so the traffic pane reads it without loading that feature.
 */
export interface CapturedTraffic {
  id: string;
  /** "<host> → <server>", for the pane's banner. */
  title: string;
  log: TrafficLog;
  /** Its proxy still pushes records. */
  live: boolean;
}

let current: CapturedTraffic | undefined;
const listeners = new Set<() => void>();

export function showCapturedTraffic(next: CapturedTraffic | undefined): void {
  current = next;
  for (const listener of listeners) listener();
}

export function useCapturedTraffic(): CapturedTraffic | undefined {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
  );
}
