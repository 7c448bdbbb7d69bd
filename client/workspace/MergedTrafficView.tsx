import { Suspense, useMemo, useState } from 'react';
import type { ServerPageHandle } from '../bridge/serverPageHandle';
import { lazyPart } from '../components/lazyPart';
import type { TrafficLog } from '../../shared/core/traffic/trafficLog';
import { TrafficIndex } from '../../shared/core/traffic/trafficRows';
import { mergeTraffic, mergedTrafficFile, type MergedRow } from './mergedTraffic';
import { useLogsVersion } from './serverPage';

/** The lane groups on a canvas: loaded when the person first asks for the timeline. */
const MergedTimeline = lazyPart(() =>
  import('./MergedTimeline').then((m) => ({ default: m.MergedTimeline })),
);

/**
 * One index per server's log for as long as the log lives: the list and the timeline read the
 * same rows, and the workspace's page re-rendering (its list polled) does not derive them again.
 */
const indexes = new WeakMap<TrafficLog, TrafficIndex>();

function indexOf(log: TrafficLog): TrafficIndex {
  let index = indexes.get(log);
  if (!index) {
    index = new TrafficIndex(log);
    indexes.set(log, index);
  }
  return index;
}

interface Props {
  servers: readonly { name: string; handle: ServerPageHandle | undefined }[];
}

/** Rows shown at most: the newest; the file export has all that the servers' pages keep. */
const SHOWN_ROWS = 2_000;

function clock(at: number): string {
  const date = new Date(at);
  return `${date.toLocaleTimeString(undefined, { hour12: false })}.${String(date.getMilliseconds()).padStart(3, '0')}`;
}

function what(row: MergedRow['row']): string {
  if (row.method !== undefined) return row.method;
  const record = row.record;
  if (record.type === 'stderr') return record.line;
  if (record.type === 'state') return `server ${record.state}${record.reason ? `: ${record.reason}` : ''}`;
  return record.type;
}

/**
 * Every server's traffic in one list, in the order it happened, with the server it came from: the
 * rows are each server page's own (its traffic log and index), so nothing is kept twice.
 */
export function MergedTrafficView({ servers }: Props) {
  const handles = useMemo(() => servers.map((server) => server.handle), [servers]);
  const version = useLogsVersion(handles);
  const traffic = useMemo(
    () =>
      servers.flatMap(({ name, handle }) =>
        handle ? [{ server: name, log: handle.traffic, index: indexOf(handle.traffic) }] : [],
      ),
    [servers],
  );
  const [hidden, setHidden] = useState<ReadonlySet<string>>(new Set());
  const [search, setSearch] = useState('');
  const [asTimeline, setAsTimeline] = useState(false);
  // The timeline reads the servers' models, not this list: it is not sorted while not shown.
  const merged = useMemo(
    () => (asTimeline ? [] : mergeTraffic(traffic)),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- version is the logs' change signal
    [traffic, version, asTimeline],
  );
  const needle = search.trim().toLowerCase();
  const shown = merged.filter(
    (row) =>
      !hidden.has(row.server) &&
      (needle === '' || `${row.server} ${what(row.row)}`.toLowerCase().includes(needle)),
  );
  const toggle = (name: string): void =>
    setHidden((previous) => {
      const next = new Set(previous);
      if (next.has(name)) next.delete(name);
      else next.add(name);
      return next;
    });
  const download = (): void => {
    // From the timeline, every shown server's rows (its view has no text filter).
    const rows = asTimeline ? mergeTraffic(traffic).filter((row) => !hidden.has(row.server)) : shown;
    const blob = new Blob([mergedTrafficFile(rows)], { type: 'application/x-ndjson' });
    const link = document.createElement('a');
    link.href = URL.createObjectURL(blob);
    link.download = `mcp-inspect-workspace-${new Date().toISOString().replace(/[:.]/g, '-')}.jsonl`;
    link.click();
    setTimeout(() => URL.revokeObjectURL(link.href), 1_000);
  };
  return (
    <section
      className={asTimeline ? 'ws-traffic ws-traffic-timeline' : 'ws-traffic'}
      aria-label="All servers' traffic"
    >
      <div className="ws-traffic-bar">
        <strong>All traffic</strong>
        <span role="group" aria-label="Show as" className="ws-show-as">
          <button type="button" aria-pressed={!asTimeline} onClick={() => setAsTimeline(false)}>
            List
          </button>
          <button type="button" aria-pressed={asTimeline} onClick={() => setAsTimeline(true)}>
            Timeline
          </button>
        </span>
        <span role="group" aria-label="Servers shown">
          {servers.map(({ name }) => (
            <label key={name} className="ws-filter">
              <input type="checkbox" checked={!hidden.has(name)} onChange={() => toggle(name)} /> {name}
            </label>
          ))}
        </span>
        {!asTimeline && (
          <>
            <input
              type="search"
              placeholder="Filter by method or text"
              aria-label="Filter the traffic"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
            />
            <span className="ws-count">{shown.length} rows</span>
          </>
        )}
        <button
          type="button"
          onClick={download}
          disabled={asTimeline ? traffic.length === 0 : shown.length === 0}
        >
          Export
        </button>
      </div>
      {asTimeline ? (
        <Suspense fallback={<p className="placeholder">Loading the timeline…</p>}>
          <MergedTimeline servers={traffic} hidden={hidden} version={version} />
        </Suspense>
      ) : (
        <MergedTable shown={shown} />
      )}
    </section>
  );
}

function MergedTable({ shown }: { shown: readonly MergedRow[] }) {
  return (
    <table className="ws-traffic-table">
      <thead>
        <tr>
          <th>Time</th>
          <th>Server</th>
          <th>Kind</th>
          <th>Method / what</th>
          <th>Id</th>
          <th>ms</th>
        </tr>
      </thead>
      <tbody>
        {shown.slice(-SHOWN_ROWS).map(({ server, at, row }) => (
          <tr key={`${server}:${row.position}`} className={row.isError ? 'ws-error-row' : undefined}>
            <td>{clock(at)}</td>
            <td>{server}</td>
            <td>{row.kind}</td>
            <td className="ws-what">{what(row)}</td>
            <td>{row.id ?? ''}</td>
            <td>{row.latencyMs === undefined ? '' : Math.round(row.latencyMs)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
