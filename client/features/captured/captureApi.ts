import { API_CAPTURES_PATH } from '../../../shared/http';
import type { CaptureListView, CaptureRecordsView } from '../../../shared/capturesWire';
import { bridgeRequest } from '../../bridge/bridgeRequest';

function get<T>(path: string, signal: AbortSignal): Promise<T> {
  return bridgeRequest<T>(path, { signal });
}

/** The captured sessions; with `since`, answered at the bridge's next change after that version. */
export function fetchCaptureList(since: number | undefined, signal: AbortSignal): Promise<CaptureListView> {
  return get(`${API_CAPTURES_PATH}${since === undefined ? '' : `?since=${since}`}`, signal);
}

/** A session's records after `after`; with `wait`, answered once there are new ones (or soon). */
export function fetchCaptureRecords(
  id: string,
  after: number,
  wait: boolean,
  signal: AbortSignal,
): Promise<CaptureRecordsView> {
  return get(
    `${API_CAPTURES_PATH}/${encodeURIComponent(id)}/records?after=${after}${wait ? '&wait=1' : ''}`,
    signal,
  );
}

/** Waits `ms`, or less when the signal aborts. */
export function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}
