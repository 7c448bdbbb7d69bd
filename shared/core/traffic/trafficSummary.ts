import type { TrafficIndex, TrafficTotals } from './trafficRows.js';

export interface MethodLatency {
  method: string;
  count: number;
  p50: number;
  p95: number;
}

export interface TrafficSummaryFigures {
  totals: TrafficTotals;
  latency: MethodLatency[];
}

/** Nearest-rank percentile of ascending values: always a latency that really occurred. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1] ?? Number.NaN;
}

/** Counts per kind, errors, and latency p50/p95 per method, busiest method first. */
export function summarize(index: TrafficIndex): TrafficSummaryFigures {
  const latency: MethodLatency[] = [];
  for (const [method, values] of index.latencies) {
    const sorted = [...values].sort((a, b) => a - b);
    latency.push({ method, count: sorted.length, p50: percentile(sorted, 50), p95: percentile(sorted, 95) });
  }
  latency.sort((a, b) => b.count - a.count || a.method.localeCompare(b.method));
  return { totals: { ...index.totals }, latency };
}
