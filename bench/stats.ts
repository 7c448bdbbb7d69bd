/** Order statistics for the benches; nearest-rank, so every figure is a latency that really occurred. */
export interface Summary {
  count: number;
  min: number;
  p50: number;
  p99: number;
  max: number;
  mean: number;
}

/** The p-th percentile (0–100) of values already sorted ascending. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1] ?? Number.NaN;
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const middle = Math.floor(sorted.length / 2);
  // An even count averages the two middle runs rather than favouring either.
  if (sorted.length % 2 === 0) return ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
  return sorted[middle] ?? Number.NaN;
}

export function summarize(values: readonly number[]): Summary {
  const sorted = [...values].sort((a, b) => a - b);
  const total = sorted.reduce((sum, value) => sum + value, 0);
  return {
    count: sorted.length,
    min: sorted[0] ?? Number.NaN,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    max: sorted[sorted.length - 1] ?? Number.NaN,
    mean: sorted.length === 0 ? Number.NaN : total / sorted.length,
  };
}

/** How a figure measured over several runs is reported: the median, and the range around it. */
export interface Spread {
  medianMs: number;
  minMs: number;
  maxMs: number;
  runsMs: number[];
}

export function spread(runsMs: readonly number[]): Spread {
  return {
    medianMs: median(runsMs),
    minMs: Math.min(...runsMs),
    maxMs: Math.max(...runsMs),
    runsMs: [...runsMs],
  };
}
