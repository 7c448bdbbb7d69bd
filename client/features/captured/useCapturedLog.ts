import { useEffect, useState } from 'react';
import type { CaptureSessionView } from '../../../shared/capturesWire';
import { fromJsonLines } from '../../../shared/core/traffic/jsonLines';
import { TrafficLog } from '../../../shared/core/traffic/trafficLog';
import { pageTrafficSchedule } from '../traffic/pageTrafficSchedule';
import { fetchCaptureRecords, pause } from './captureApi';
import { showCapturedTraffic } from './capturedTraffic';

const RETRY_MS = 2_000;

export interface CapturedLog {
  log: TrafficLog;
  session: CaptureSessionView;
  /** Records the bridge sent that are not traffic records (said, not dropped silently). */
  skipped: number;
  problem?: string;
}

/** The session's title in the traffic pane and the page: the host as it named itself, and the server. */
export function sessionTitle(session: CaptureSessionView): string {
  const host = session.client
    ? `${session.client.title ?? session.client.name}`
    : 'a host (no handshake yet)';
  return `${host} → ${session.server}`;
}

/**
 * An opened captured session: its records in a traffic log of its own (the page's model, so the
 * traffic pane, timeline and detail read it as they read the page's own), loaded from the start
 * and then as they come while its proxy pushes. Shown in the traffic pane while open.
 */
export function useCapturedLog(session: CaptureSessionView): CapturedLog {
  const [log] = useState(() => {
    const created = new TrafficLog(undefined, pageTrafficSchedule);
    created.replaceAll([], session.startedAt);
    return created;
  });
  const [state, setState] = useState<Omit<CapturedLog, 'log'>>({ session, skipped: 0 });
  const title = sessionTitle(state.session);
  const live = state.session.state === 'live';

  useEffect(() => {
    const controller = new AbortController();
    const { signal } = controller;
    void (async () => {
      let after = 0;
      let more = true;
      while (!signal.aborted) {
        try {
          const answer = await fetchCaptureRecords(session.id, after, !more, signal);
          const imported = fromJsonLines(answer.records.map((record) => JSON.stringify(record)).join('\n'));
          if (imported.records.length > 0) log.appendAll(imported.records);
          after = answer.next;
          more = answer.more;
          setState((previous) => ({
            session: answer.session,
            skipped: previous.skipped + imported.skipped.length,
          }));
          // An ended session has nothing more to wait for.
          if (!more && answer.session.state !== 'live' && answer.records.length === 0) return;
        } catch (error) {
          if (signal.aborted) return;
          setState((previous) => ({ ...previous, problem: (error as Error).message }));
          await pause(RETRY_MS, signal);
        }
      }
    })();
    return () => controller.abort();
  }, [session.id, log]);

  useEffect(() => {
    showCapturedTraffic({ id: session.id, title, log, live });
  }, [session.id, title, log, live]);
  useEffect(() => () => showCapturedTraffic(undefined), []);

  return { log, ...state };
}
