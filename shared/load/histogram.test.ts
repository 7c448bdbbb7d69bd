import { describe, expect, it } from 'vitest';
import { LatencyHistogram } from './histogram.js';

/** A repeatable spread of latencies: a few fast, most middling, a long tail. */
function samples(count: number): number[] {
  let seed = 7;
  const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
  return Array.from({ length: count }, () => Math.exp(random() * 8 - 2));
}

function exactPercentile(sorted: number[], p: number): number {
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}

describe('the latency histogram', () => {
  it('percentiles within the bucket precision (1/32) of the exact ones; exact min and max', () => {
    const values = samples(20_000);
    const histogram = new LatencyHistogram();
    for (const value of values) histogram.record(value);
    const sorted = [...values].sort((a, b) => a - b);
    for (const p of [50, 90, 99, 99.9]) {
      const exact = exactPercentile(sorted, p);
      expect(Math.abs(histogram.percentile(p) - exact) / exact).toBeLessThanOrEqual(1 / 32);
    }
    expect(histogram.max).toBe(sorted.at(-1));
    expect(histogram.min).toBe(sorted[0]);
    expect(histogram.count).toBe(20_000);
  });

  it('fixed memory whatever the number of samples; rows for a chart that add up', () => {
    const histogram = new LatencyHistogram();
    for (const value of samples(200_000)) histogram.record(value);
    expect(LatencyHistogram.BYTES).toBeLessThan(16 * 1024);
    const rows = histogram.buckets(20);
    expect(rows.length).toBeLessThanOrEqual(20);
    expect(rows.reduce((sum, row) => sum + row.count, 0)).toBe(200_000);
    expect(rows[0]?.lowMs).toBeLessThanOrEqual(histogram.min);
    expect(rows.at(-1)?.highMs).toBeGreaterThanOrEqual(histogram.max);
  });

  it('empty, and odd values counted as zero', () => {
    const histogram = new LatencyHistogram();
    expect(histogram.percentile(50)).toBe(0);
    histogram.record(Number.NaN);
    histogram.record(-1);
    expect(histogram.count).toBe(2);
    expect(histogram.max).toBe(0);
  });
});
