import { useEffect, useRef, useState } from 'react';
import type { Client, Tool } from '@modelcontextprotocol/client';
import { callTool, mcpParamHeaders } from '../../../shared/core';
import { loadOutcomeOf } from '../../../shared/load/callOutcome';
import { LoadRun, type LoadSnapshot } from '../../../shared/load/loadRun';
import { useInspector } from '../../session/inspectorContext';
import './load.css';

interface Props {
  tool: Tool;
  client: Client;
  connected: boolean;
  timeoutSeconds: number;
  /** The arguments as the form has them now; undefined when they have problems (shown above). */
  collectArgs: () => Record<string, unknown> | undefined;
}

/** Refreshed this often while it runs: often enough to look live, seldom enough to cost nothing. */
const REFRESH_MS = 250;

/**
 * "Load test" on a tool, with the settings of `mcp-inspect load`: C calls in flight, for N calls or
 * a duration, optionally at a rate. A latency histogram and a throughput-over-time chart that
 * update live, the counts by outcome, percentiles, errors grouped by message, and Stop. The same
 * bounded numbers as the CLI (shared/load): a histogram, not every sample.
 */
export function LoadTestPanel({ tool, client, connected, timeoutSeconds, collectArgs }: Props) {
  const session = useInspector();
  const [concurrency, setConcurrency] = useState(4);
  const [mode, setMode] = useState<'requests' | 'duration'>('requests');
  const [requests, setRequests] = useState(200);
  const [durationSeconds, setDurationSeconds] = useState(10);
  const [rate, setRate] = useState('');
  const [snapshot, setSnapshot] = useState<LoadSnapshot | undefined>();
  const running = useRef<LoadRun | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  // Leaving the tool stops its load test.
  useEffect(() => () => running.current?.stop(), []);

  const start = async () => {
    const args = collectArgs();
    if (args === undefined || running.current) return;
    const timeoutMs = timeoutSeconds * 1000;
    let calls = 0;
    const ratePerSecond = Number(rate);
    const run = new LoadRun({
      concurrency,
      ...(mode === 'requests' ? { requests } : { durationMs: durationSeconds * 1000 }),
      ...(ratePerSecond > 0 ? { ratePerSecond } : {}),
      progressEveryMs: REFRESH_MS,
      progress: setSnapshot,
      call: async () =>
        loadOutcomeOf(
          await callTool({
            client,
            tool,
            args,
            timeoutMs,
            answerer: session.answerer,
            owner: `load:${++calls}`,
            headers: mcpParamHeaders,
            timeoutSetting: 'set beside Run',
          }),
          timeoutMs,
        ),
    });
    running.current = run;
    setBusy(true);
    try {
      setSnapshot(await run.run());
    } finally {
      running.current = undefined;
      setBusy(false);
    }
  };

  return (
    <details className="load-test">
      <summary>Load test</summary>
      <div className="load-settings" role="group" aria-label="Load test settings">
        <label>
          Concurrency
          <input
            type="number"
            min={1}
            max={1000}
            value={concurrency}
            onChange={(e) => setConcurrency(Math.max(1, Number(e.target.value) || 1))}
          />
        </label>
        <label>
          <input
            type="radio"
            name={`load-mode-${tool.name}`}
            aria-label="By requests"
            checked={mode === 'requests'}
            onChange={() => setMode('requests')}
          />
          Requests
          <input
            type="number"
            min={1}
            aria-label="Requests"
            value={requests}
            disabled={mode !== 'requests'}
            onChange={(e) => setRequests(Math.max(1, Number(e.target.value) || 1))}
          />
        </label>
        <label>
          <input
            type="radio"
            name={`load-mode-${tool.name}`}
            aria-label="By duration"
            checked={mode === 'duration'}
            onChange={() => setMode('duration')}
          />
          Duration (s)
          <input
            type="number"
            min={1}
            aria-label="Duration (s)"
            value={durationSeconds}
            disabled={mode !== 'duration'}
            onChange={(e) => setDurationSeconds(Math.max(1, Number(e.target.value) || 1))}
          />
        </label>
        <label>
          Rate (/s)
          <input
            type="number"
            min={0}
            placeholder="as fast as they end"
            value={rate}
            onChange={(e) => setRate(e.target.value)}
          />
        </label>
        {busy ? (
          <button type="button" onClick={() => running.current?.stop()}>
            Stop
          </button>
        ) : (
          <button type="button" disabled={!connected} onClick={() => void start()}>
            Start load test
          </button>
        )}
      </div>
      {snapshot && <LoadView snapshot={snapshot} />}
    </details>
  );
}

function LoadView({ snapshot }: { snapshot: LoadSnapshot }) {
  const { counts, latency } = snapshot;
  return (
    <div className="load-view" aria-label="Load test result" role="region">
      <p role="status" aria-label="Load test status">
        {snapshot.done ? (snapshot.stopped ? 'stopped' : 'done') : 'running'}: {snapshot.completed} calls in{' '}
        {(snapshot.elapsedMs / 1000).toFixed(1)} s, {snapshot.throughput.toFixed(1)} calls/s
      </p>
      <p aria-label="Load test counts">
        ok {counts.ok} · isError {counts.isError} · JSON-RPC error {counts.rpcError} · timeout{' '}
        {counts.timeout}
      </p>
      <p aria-label="Load test latency">
        p50 {ms(latency.p50)} · p90 {ms(latency.p90)} · p99 {ms(latency.p99)} · max {ms(latency.max)}
      </p>
      <div className="load-charts">
        <Histogram snapshot={snapshot} />
        <Throughput snapshot={snapshot} />
      </div>
      {snapshot.errors.length > 0 && (
        <ul className="load-errors" aria-label="Errors by message">
          {snapshot.errors.map((error) => (
            <li key={error.message}>
              {error.count}× {error.message}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function Histogram({ snapshot }: { snapshot: LoadSnapshot }) {
  const most = Math.max(1, ...snapshot.histogram.map((bucket) => bucket.count));
  return (
    <figure className="load-histogram" aria-label="Latency histogram">
      <figcaption>Latency</figcaption>
      {snapshot.histogram.map((bucket) => (
        <div key={bucket.lowMs} className="bar-row">
          <span className="bar-label">
            {ms(bucket.lowMs)} – {ms(bucket.highMs)}
          </span>
          <span className="bar" style={{ width: `${(bucket.count / most) * 100}%` }} />
          <span className="bar-count">{bucket.count}</span>
        </div>
      ))}
    </figure>
  );
}

const CHART_WIDTH = 320;
const CHART_HEIGHT = 120;

function Throughput({ snapshot }: { snapshot: LoadSnapshot }) {
  const points = snapshot.timeline;
  const most = Math.max(1, ...points.map((point) => point.ok + point.failed));
  const x = (i: number) => (points.length <= 1 ? 0 : (i / (points.length - 1)) * CHART_WIDTH);
  const y = (value: number) => CHART_HEIGHT - (value / most) * CHART_HEIGHT;
  const line = (value: (point: (typeof points)[number]) => number) =>
    points.map((point, i) => `${x(i).toFixed(1)},${y(value(point)).toFixed(1)}`).join(' ');
  return (
    <figure className="load-throughput" aria-label="Throughput over time">
      <figcaption>Calls per second (max {most})</figcaption>
      <svg width={CHART_WIDTH} height={CHART_HEIGHT} role="img" aria-label={`${points.length} seconds`}>
        <polyline className="all" points={line((point) => point.ok + point.failed)} />
        <polyline className="failed" points={line((point) => point.failed)} />
      </svg>
    </figure>
  );
}

function ms(value: number): string {
  if (value >= 1000) return `${(value / 1000).toFixed(2)} s`;
  if (value >= 10) return `${value.toFixed(0)} ms`;
  return `${value.toFixed(1)} ms`;
}
