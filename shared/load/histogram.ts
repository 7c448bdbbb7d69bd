/**
 * A latency histogram of fixed size, whatever the number of samples (a load test may run for
 * hours): log-linear buckets, each power of two of microseconds split into SUB_BUCKETS equal
 * parts, so a percentile read from it is within 1/SUB_BUCKETS (about 3 %) of the true value, from
 * a microsecond to days. The exact minimum and maximum are kept beside it.
 */
const SUB_BUCKETS = 32;
/** Powers of two of microseconds: 2^40 µs is about 12 days. */
const MAGNITUDES = 41;

export interface HistogramBucket {
  /** The bucket's bounds in milliseconds: [lowMs, highMs). */
  lowMs: number;
  highMs: number;
  count: number;
}

export class LatencyHistogram {
  private readonly counts = new Float64Array(MAGNITUDES * SUB_BUCKETS);
  private total = 0;
  private sum = 0;
  private minimum = Number.POSITIVE_INFINITY;
  private maximum = 0;

  /** Memory used by the counters, the same from the first sample to the last. */
  static readonly BYTES = MAGNITUDES * SUB_BUCKETS * 8;

  record(ms: number): void {
    const value = Number.isFinite(ms) && ms > 0 ? ms : 0;
    const index = indexOf(value * 1000);
    this.counts[index] = (this.counts[index] ?? 0) + 1;
    this.total += 1;
    this.sum += value;
    if (value < this.minimum) this.minimum = value;
    if (value > this.maximum) this.maximum = value;
  }

  get count(): number {
    return this.total;
  }

  get max(): number {
    return this.total === 0 ? 0 : this.maximum;
  }

  get min(): number {
    return this.total === 0 ? 0 : this.minimum;
  }

  get mean(): number {
    return this.total === 0 ? 0 : this.sum / this.total;
  }

  /** The latency under which `p` percent of the samples fall (the bucket's upper bound, at most the max). */
  percentile(p: number): number {
    if (this.total === 0) return 0;
    const rank = Math.max(1, Math.ceil((p / 100) * this.total));
    let seen = 0;
    for (let i = 0; i < this.counts.length; i += 1) {
      seen += this.counts[i] ?? 0;
      if (seen >= rank) return Math.max(this.min, Math.min(upperOf(i) / 1000, this.maximum));
    }
    return this.maximum;
  }

  /** The buckets with samples, merged into at most `rows` rows of neighbours (for a chart). */
  buckets(rows = 20): HistogramBucket[] {
    const filled: HistogramBucket[] = [];
    for (let i = 0; i < this.counts.length; i += 1) {
      const count = this.counts[i] ?? 0;
      if (count > 0) filled.push({ lowMs: lowerOf(i) / 1000, highMs: upperOf(i) / 1000, count });
    }
    if (filled.length <= rows) return filled;
    const first = filled[0] as HistogramBucket;
    const last = filled[filled.length - 1] as HistogramBucket;
    // Rows of equal width on a log scale between the lowest and highest filled buckets.
    const low = Math.log(Math.max(first.lowMs, 1e-3));
    const step = (Math.log(last.highMs) - low) / rows;
    const merged: HistogramBucket[] = Array.from({ length: rows }, (_, r) => ({
      lowMs: Math.exp(low + r * step),
      highMs: Math.exp(low + (r + 1) * step),
      count: 0,
    }));
    for (const bucket of filled) {
      const row = Math.min(
        rows - 1,
        Math.max(0, Math.floor((Math.log(Math.max(bucket.lowMs, 1e-3)) - low) / step)),
      );
      (merged[row] as HistogramBucket).count += bucket.count;
    }
    merged[0] = { ...(merged[0] as HistogramBucket), lowMs: first.lowMs };
    merged[rows - 1] = { ...(merged[rows - 1] as HistogramBucket), highMs: last.highMs };
    return merged;
  }
}

function indexOf(us: number): number {
  if (us < 1) return 0;
  const magnitude = Math.min(MAGNITUDES - 1, Math.floor(Math.log2(us)));
  const base = 2 ** magnitude;
  const sub = Math.min(SUB_BUCKETS - 1, Math.floor(((us - base) / base) * SUB_BUCKETS));
  return magnitude * SUB_BUCKETS + sub;
}

function lowerOf(index: number): number {
  if (index === 0) return 0;
  const magnitude = Math.floor(index / SUB_BUCKETS);
  const sub = index % SUB_BUCKETS;
  return 2 ** magnitude * (1 + sub / SUB_BUCKETS);
}

function upperOf(index: number): number {
  const magnitude = Math.floor(index / SUB_BUCKETS);
  const sub = index % SUB_BUCKETS;
  return 2 ** magnitude * (1 + (sub + 1) / SUB_BUCKETS);
}
