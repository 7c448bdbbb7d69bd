import { Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { JSONRPCRequest } from '@modelcontextprotocol/client';
import { useInspector, useInspectorSnapshot } from '../../session/inspectorContext';
import { TrafficActions, type OfflineFile } from './TrafficActions';
import { TrafficGrid } from './TrafficGrid';
import { FrameDetail, preloadFrameDetail, TimelinePanel } from '../../lazyFeatures';
import { afterFirstScreen } from '../../afterFirstScreen';
import { formatCount, formatCountOf } from '../../components/format';
import { isFiltering } from './trafficFilter';
import { TrafficSummary } from './TrafficSummary';
import { TrafficToolbar } from './TrafficToolbar';
import type { TrafficRow } from '../../../shared/core/traffic/trafficRows';
import { useTrafficFilter } from './useTrafficFilter';
import { useTrafficRows } from './useTrafficRows';
import { showCapturedTraffic, useCapturedTraffic } from '../captured/capturedTraffic';
import { onShowFrame, takePendingFrame, type WantedFrame } from '../../session/trafficNavigation';
import './traffic.css';

/**
 * The wire, frame by frame: every frame and event of the session with the bridge's stamps,
 * responses paired with their requests, filters, a detail with the paired frame, replay,
 * export and import, and a summary. Reads the live TrafficLog, or a file imported to look at
 * offline.
 */
export function TrafficPane() {
  const session = useInspector();
  const snapshot = useInspectorSnapshot();
  const [offline, setOffline] = useState<OfflineFile | undefined>();
  // A session a host drives through the proxy, opened in the Captured tab: shown read-only.
  const capturedNow = useCapturedTraffic();
  const captured = offline ? undefined : capturedNow;
  const log = offline?.log ?? captured?.log ?? session.traffic;
  const controls = useTrafficFilter();
  const { rows, count, index, version } = useTrafficRows(log, controls.filter);
  const [selected, setSelected] = useState<TrafficRow | undefined>();
  const [follow, setFollow] = useState(true);
  const [showSummary, setShowSummary] = useState(false);
  const [showTimeline, setShowTimeline] = useState(false);
  // The detail loads with the first frame picked; ahead of it once the first screen has shown.
  useEffect(() => afterFirstScreen(preloadFrameDetail), []);

  const select = useCallback((row: TrafficRow) => setSelected(row), []);
  // A bar picked on the timeline: the list stops following so it can scroll to that frame.
  const selectFromTimeline = useCallback((row: TrafficRow) => {
    setFollow(false);
    setSelected(row);
  }, []);
  // Another panel asks for a call's frames (an eval's run): its request selected, the list stops following.
  useEffect(() => {
    // Only in this page's own session: an imported file or a captured session holds other calls.
    if (log !== session.traffic) return undefined;
    const show = (wanted: WantedFrame): void => {
      index.sync();
      const row = index.rows.find(
        (candidate) =>
          candidate.position >= wanted.from &&
          candidate.kind === 'request' &&
          candidate.method === wanted.method &&
          (wanted.name === undefined || requestName(candidate) === wanted.name),
      );
      if (!row) return;
      setFollow(false);
      setSelected(row);
    };
    const waiting = takePendingFrame();
    if (waiting) show(waiting);
    return onShowFrame((wanted) => {
      takePendingFrame();
      show(wanted);
    });
  }, [index, log, session.traffic]);
  const detail = useRef<HTMLElement>(null);
  // Enter on the selected row takes the keyboard to its detail.
  const activate = useCallback(() => detail.current?.focus(), []);
  const connected = snapshot.mcp?.status === 'ready' && snapshot.socket.kind === 'open';
  const replay = useMemo(
    () =>
      offline || captured || !connected
        ? undefined
        : (request: JSONRPCRequest): string | undefined => {
            const id = session.replay(request);
            setFollow(true);
            return id;
          },
    [offline, captured, connected, session],
  );
  // A selection from another log (after clear or import) or evicted since is dropped.
  const shown = selected && log.at(selected.position) === selected.record ? selected : undefined;
  const filtering = isFiltering(controls.filter);

  return (
    <section className="traffic-pane" aria-label="Traffic pane">
      <div className="traffic-bar">
        <h2>Traffic</h2>
        <span className="traffic-count" role="status" aria-live="off" aria-label="Traffic count">
          {filtering
            ? `${formatCount(count)} of ${formatCountOf(log.size, 'record')}`
            : formatCountOf(log.size, 'record')}
        </span>
        <button type="button" aria-pressed={follow} onClick={() => setFollow(!follow)}>
          Follow
        </button>
        <button type="button" aria-expanded={showSummary} onClick={() => setShowSummary(!showSummary)}>
          Summary
        </button>
        <button type="button" aria-expanded={showTimeline} onClick={() => setShowTimeline(!showTimeline)}>
          Timeline
        </button>
        <TrafficActions
          live={session.traffic}
          shown={log}
          offline={offline ?? (captured && { name: captured.title, log: captured.log, skipped: 0 })}
          onOffline={(file) => {
            setOffline(file);
            setSelected(undefined);
          }}
        />
      </div>
      <TrafficToolbar controls={controls} methods={index.methods} />
      {offline && (
        <p className="traffic-banner" role="status">
          Viewing <strong>{offline.name}</strong> offline, read-only:{' '}
          {formatCountOf(offline.log.size, 'record')}
          {offline.skipped > 0 && `, ${offline.skipped} lines skipped (not records)`}.{' '}
          <button type="button" onClick={() => setOffline(undefined)}>
            Back to the live session
          </button>
        </p>
      )}
      {captured && (
        <p className="traffic-banner" role="status">
          Captured session <strong>{captured.title}</strong>, read-only: the host drives it
          {captured.live ? ' (live)' : ''}. {formatCountOf(captured.log.size, 'record')}.{' '}
          <button type="button" onClick={() => showCapturedTraffic(undefined)}>
            Back to this page&apos;s session
          </button>
        </p>
      )}
      {log.evicted > 0 && (
        <p className="traffic-banner warn" role="note">
          ⚠ {formatCount(log.evicted)} older records were dropped from this page&apos;s log to keep it
          bounded; the newest are kept.
        </p>
      )}
      {showSummary && <TrafficSummary index={index} version={version} />}
      {showTimeline && (
        <Suspense fallback={<p className="placeholder">Loading the timeline…</p>}>
          <TimelinePanel
            index={index}
            version={version}
            selected={shown}
            onSelect={selectFromTimeline}
            live={offline === undefined && (captured === undefined || captured.live)}
            startedAt={log.startedAt}
          />
        </Suspense>
      )}
      <div className={shown ? 'traffic-body with-detail' : 'traffic-body'}>
        <TrafficGrid
          rows={rows}
          version={version}
          selected={shown}
          onSelect={select}
          onActivate={activate}
          follow={follow}
          onFollowChange={setFollow}
          startedAt={log.startedAt}
          emptyText={
            log.size === 0
              ? offline
                ? 'The file holds no records.'
                : captured
                  ? 'No records yet: they appear as the host and the server talk.'
                  : 'No traffic yet: frames appear here as the page and the server talk.'
              : 'No records match the filters.'
          }
        />
        {shown && (
          <Suspense fallback={<p className="placeholder">Loading the frame…</p>}>
            <FrameDetail
              ref={detail}
              key={shown.position}
              row={shown}
              startedAt={log.startedAt}
              onSelect={select}
              onClose={() => setSelected(undefined)}
              replay={replay}
            />
          </Suspense>
        )}
      </div>
    </section>
  );
}

/** A request row's params.name (a tool's name in a tools/call). */
function requestName(row: TrafficRow): unknown {
  if (row.record.type !== 'frame') return undefined;
  const params = (row.record.message as { params?: { name?: unknown } }).params;
  return params?.name;
}
