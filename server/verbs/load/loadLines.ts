import type { LoadSnapshot } from '../../../shared/load/loadRun.js';

/** Width of the histogram's longest bar, in characters. */
const BAR_WIDTH = 40;

/** A load test's result for the terminal: counts, percentiles, a text histogram, the errors. */
export function loadLines(tool: string, concurrency: number, snapshot: LoadSnapshot): string[] {
  const { counts, latency } = snapshot;
  const lines = [
    `load ${tool}: ${snapshot.completed} call${snapshot.completed === 1 ? '' : 's'} in ${seconds(snapshot.elapsedMs)}, concurrency ${concurrency}: ${snapshot.throughput.toFixed(1)} calls/s${snapshot.stopped ? ' (stopped early)' : ''}`,
    `  ok ${counts.ok}   isError ${counts.isError}   JSON-RPC error ${counts.rpcError}   timeout ${counts.timeout}`,
    `  latency  p50 ${ms(latency.p50)}   p90 ${ms(latency.p90)}   p99 ${ms(latency.p99)}   max ${ms(latency.max)}   (min ${ms(latency.min)}, mean ${ms(latency.mean)})`,
  ];
  if (snapshot.histogram.length > 0) {
    lines.push('', '  latency histogram');
    const most = Math.max(...snapshot.histogram.map((bucket) => bucket.count));
    const labels = snapshot.histogram.map((bucket) => `${ms(bucket.lowMs)} – ${ms(bucket.highMs)}`);
    const width = Math.max(...labels.map((label) => label.length));
    snapshot.histogram.forEach((bucket, i) => {
      const bar =
        bucket.count === 0 ? '' : '█'.repeat(Math.max(1, Math.round((bucket.count / most) * BAR_WIDTH)));
      lines.push(`  ${(labels[i] ?? '').padStart(width)} │${bar.padEnd(BAR_WIDTH)} ${bucket.count}`);
    });
  }
  if (snapshot.errors.length > 0) {
    lines.push('', '  errors');
    for (const error of snapshot.errors)
      lines.push(`    ${String(error.count).padStart(6)}×  ${error.message}`);
  }
  return lines;
}

/** One line of progress while it runs. */
export function loadProgressLine(snapshot: LoadSnapshot): string {
  const failed = snapshot.counts.isError + snapshot.counts.rpcError + snapshot.counts.timeout;
  return `${seconds(snapshot.elapsedMs)}  ${snapshot.completed} calls  ${snapshot.throughput.toFixed(1)}/s  p50 ${ms(snapshot.latency.p50)}  p99 ${ms(snapshot.latency.p99)}  failed ${failed}`;
}

function ms(value: number): string {
  if (value >= 1000) return `${(value / 1000).toFixed(2)} s`;
  if (value >= 100) return `${value.toFixed(0)} ms`;
  if (value >= 10) return `${value.toFixed(1)} ms`;
  return `${value.toFixed(2)} ms`;
}

function seconds(valueMs: number): string {
  return `${(valueMs / 1000).toFixed(2)} s`;
}
