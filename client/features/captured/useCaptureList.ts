import { useEffect, useState } from 'react';
import type { CaptureListView } from '../../../shared/capturesWire';
import { fetchCaptureList, pause } from './captureApi';

/** After a failed request (the bridge restarting), the next one waits this long. */
const RETRY_MS = 2_000;

export type CaptureListState = { list?: CaptureListView; problem?: string };

/**
 * The captured sessions, kept current while the Captured tab is shown: each request is answered
 * at the bridge's next change (a long poll), so a session shows as it starts, changes and ends.
 */
export function useCaptureList(): CaptureListState {
  const [state, setState] = useState<CaptureListState>({});
  useEffect(() => {
    const controller = new AbortController();
    const { signal } = controller;
    void (async () => {
      let since: number | undefined;
      while (!signal.aborted) {
        try {
          const list = await fetchCaptureList(since, signal);
          since = list.version;
          setState({ list });
        } catch (error) {
          if (signal.aborted) return;
          setState((previous) => ({ ...previous, problem: (error as Error).message }));
          await pause(RETRY_MS, signal);
        }
      }
    })();
    return () => controller.abort();
  }, []);
  return state;
}
