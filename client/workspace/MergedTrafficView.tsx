import { useMemo, useState } from 'react';
import type { ServerPageHandle } from '../bridge/serverPageHandle';
import { TrafficIndex } from '../../shared/core/traffic/trafficRows';
import { mergeTraffic, mergedTrafficFile, type MergedRow } from './mergedTraffic';
import { useLogsVersion } from './serverPage';

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
  const indexes = useMemo(
    () =>
      servers.flatMap(({ name, handle }) =>
        handle ? [{ server: name, log: handle.traffic, index: new TrafficIndex(handle.traffic) }] : [],
      ),
    [servers],
  );
  const [hidden, setHidden] = useState<ReadonlySet<string>>(new Set());
  const [search, setSearch] = useState('');
  // eslint-disable-next-line react-hooks/exhaustive-deps -- version is the logs' change signal
  const merged = useMemo(() => mergeTraffic(indexes), [indexes, version]);
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
    const blob = new Blob([mergedTrafficFile(shown)], { type: 'application/x-ndjson' });
    const link = document.createElement('a');
    link.href = URL.createObjectURL(blob);
    link.download = `mcp-inspect-workspace-${new Date().toISOString().replace(/[:.]/g, '-')}.jsonl`;
    link.click();
    setTimeout(() => URL.revokeObjectURL(link.href), 1_000);
  };
  return (
    <section className="ws-traffic" aria-label="All servers' traffic">
      <div className="ws-traffic-bar">
        <strong>All traffic</strong>
        <span role="group" aria-label="Servers shown">
          {servers.map(({ name }) => (
            <label key={name} className="ws-filter">
              <input type="checkbox" checked={!hidden.has(name)} onChange={() => toggle(name)} /> {name}
            </label>
          ))}
        </span>
        <input
          type="search"
          placeholder="Filter by method or text"
          aria-label="Filter the traffic"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
        <span className="ws-count">{shown.length} rows</span>
        <button type="button" onClick={download} disabled={shown.length === 0}>
          Export
        </button>
      </div>
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
    </section>
  );
}
