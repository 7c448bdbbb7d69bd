import { useMemo } from 'react';
import { formatCount, formatLatency } from '../../components/format';
import type { TrafficIndex } from '../../../shared/core/traffic/trafficRows';
import { summarize } from '../../../shared/core/traffic/trafficSummary';

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
        <dd>{formatCount(totals.request)}</dd>
        <dt>responses</dt>
        <dd>{formatCount(totals.response)}</dd>
        <dt>error responses</dt>
        <dd>{formatCount(totals.error)}</dd>
        <dt>notifications</dt>
        <dd>{formatCount(totals.notification)}</dd>
        <dt>events</dt>
        <dd>{formatCount(totals.events)}</dd>
        <dt>errors</dt>
        <dd className={totals.flaggedErrors > 0 ? 'bad' : undefined}>{formatCount(totals.flaggedErrors)}</dd>
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
                <td>{formatLatency(line.p50)}</td>
                <td>{formatLatency(line.p95)}</td>
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
