import { useMemo } from 'react';
import { formatMs } from './format';
import type { TrafficIndex } from './trafficRows';
import { summarize } from './trafficSummary';

/** Counts per kind, errors, and latency p50/p95 per method, since the log was last cleared. */
export function TrafficSummary({ index, version }: { index: TrafficIndex; version: number }) {
  const figures = useMemo(() => {
    void version;
    return summarize(index);
  }, [index, version]);
  const { totals } = figures;
  return (
    <section className="traffic-summary" aria-label="Traffic summary">
      <dl>
        <dt>requests</dt>
        <dd>{totals.request.toLocaleString('en-US')}</dd>
        <dt>responses</dt>
        <dd>{totals.response.toLocaleString('en-US')}</dd>
        <dt>error responses</dt>
        <dd>{totals.error.toLocaleString('en-US')}</dd>
        <dt>notifications</dt>
        <dd>{totals.notification.toLocaleString('en-US')}</dd>
        <dt>events</dt>
        <dd>{totals.events.toLocaleString('en-US')}</dd>
        <dt>errors</dt>
        <dd className={totals.flaggedErrors > 0 ? 'bad' : undefined}>
          {totals.flaggedErrors.toLocaleString('en-US')}
        </dd>
      </dl>
      {figures.latency.length > 0 ? (
        <table aria-label="Latency by method">
          <thead>
            <tr>
              <th scope="col">method</th>
              <th scope="col">answered</th>
              <th scope="col">p50</th>
              <th scope="col">p95</th>
            </tr>
          </thead>
          <tbody>
            {figures.latency.map((line) => (
              <tr key={line.method}>
                <th scope="row">{line.method}</th>
                <td>{line.count}</td>
                <td>{formatMs(line.p50)}</td>
                <td>{formatMs(line.p95)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="muted">No answered requests yet.</p>
      )}
    </section>
  );
}
