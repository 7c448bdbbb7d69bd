import { useMemo, useSyncExternalStore } from 'react';
import type { TimelineRecord } from '../../../shared/wire';
import { useInspector } from '../connection/inspectorContext';

/** How many lines to keep on screen; the traffic log itself holds far more. */
const SHOWN = 300;

type LogRecord = Extract<TimelineRecord, { type: 'stderr' | 'transportError' }>;

/**
 * What the server said outside the protocol: its stderr lines and the transport's
 * complaints (a stdout line that is not JSON-RPC, an HTTP error). Read from the traffic log,
 * so a reload shows what came before it.
 */
export function ServerLog() {
  const { traffic } = useInspector();
  const version = useSyncExternalStore(traffic.subscribe, traffic.getVersion);
  const lines = useMemo(() => {
    void version; // recomputed when the log changes
    const picked: LogRecord[] = [];
    const all = traffic.all();
    for (let i = all.length - 1; i >= 0 && picked.length < SHOWN; i -= 1) {
      const record = all[i];
      if (record?.type === 'stderr' || record?.type === 'transportError') picked.push(record);
    }
    return picked.reverse();
  }, [traffic, version]);
  const errors = lines.filter((line) => line.type === 'transportError').length;

  return (
    <section className="server-log">
      <h2>
        Server log{' '}
        <span className="muted">{lines.length === 0 ? 'empty' : plural(lines.length, 'line')}</span>
        {errors > 0 && <span className="chip bad">{plural(errors, 'transport error')}</span>}
      </h2>
      <ol role="log" aria-label="Server log">
        {lines.map((record) => (
          <li key={record.seq} className={record.type}>
            <time>{(record.t / 1000).toFixed(3)}s</time>
            {record.type === 'stderr' ? (
              <span className="line">{record.line}</span>
            ) : (
              <span className="line">
                <strong>transport error</strong> {record.message}
                {record.status !== undefined && ` (HTTP ${record.status})`}
                {record.raw !== undefined && <code className="raw">{record.raw}</code>}
              </span>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}
