import { systemClock, type Clock } from '../core/platform.js';
import { LatencyHistogram, type HistogramBucket } from './histogram.js';

/** How one call of a load test ended. */
export type LoadOutcomeKind = 'ok' | 'isError' | 'rpcError' | 'timeout';

export interface LoadOutcome {
  kind: LoadOutcomeKind;
  durationMs: number;
  /** For the failures: what went wrong, grouped by these words. */
  message?: string;
}

/**
 * A load test's settings, the one type for the page's form and `mcp-inspect load`'s options: how
 * many calls in flight, until when, how fast.
 */
export interface LoadSettings {
  concurrency: number;
  /** Stop after this many calls… */
  requests?: number;
  /** …or after this long. */
  durationMs?: number;
  /** Calls started per second at most; none: each worker calls again as soon as its call ends. */
  ratePerSecond?: number;
}

/** Distinct error messages kept; more are counted under one line. */
const MAX_ERROR_GROUPS = 50;
/** Seconds of throughput kept for the chart: the last ten minutes. */
const MAX_TIMELINE_SECONDS = 600;
const OTHER_ERRORS = '(other messages)';

export interface LoadSnapshot {
  elapsedMs: number;
  started: number;
  completed: number;
  inFlight: number;
  counts: Record<LoadOutcomeKind, number>;
  /** Completed calls a second, over the whole run so far. */
  throughput: number;
  latency: { min: number; mean: number; p50: number; p90: number; p99: number; max: number };
  histogram: HistogramBucket[];
  errors: { message: string; count: number }[];
  /** Calls completed in each second of the run (the last ten minutes). */
  timeline: { second: number; ok: number; failed: number }[];
  done: boolean;
  stopped: boolean;
}

/**
 * The numbers of a load test, in fixed memory however long it runs: a histogram rather than every
 * sample, error messages grouped (at most MAX_ERROR_GROUPS), a per-second timeline that keeps the
 * last ten minutes.
 */
export class LoadStats {
  readonly histogram = new LatencyHistogram();
  readonly counts: Record<LoadOutcomeKind, number> = { ok: 0, isError: 0, rpcError: 0, timeout: 0 };
  private readonly errors = new Map<string, number>();
  private readonly timeline: { second: number; ok: number; failed: number }[] = [];

  record(outcome: LoadOutcome, atMs: number): void {
    this.histogram.record(outcome.durationMs);
    this.counts[outcome.kind] += 1;
    const second = Math.floor(atMs / 1000);
    let slot = this.timeline[this.timeline.length - 1];
    if (!slot || slot.second !== second) {
      // Seconds with nothing completed are there too, so the chart's time axis is even.
      for (let s = slot ? slot.second + 1 : second; s <= second; s += 1)
        this.timeline.push({ second: s, ok: 0, failed: 0 });
      if (this.timeline.length > MAX_TIMELINE_SECONDS)
        this.timeline.splice(0, this.timeline.length - MAX_TIMELINE_SECONDS);
      slot = this.timeline[this.timeline.length - 1];
    }
    if (outcome.kind === 'ok') (slot as { ok: number }).ok += 1;
    else {
      (slot as { failed: number }).failed += 1;
      const message = outcome.message ?? outcome.kind;
      const key = this.errors.has(message) || this.errors.size < MAX_ERROR_GROUPS ? message : OTHER_ERRORS;
      this.errors.set(key, (this.errors.get(key) ?? 0) + 1);
    }
  }

  get completed(): number {
    return this.histogram.count;
  }

  errorGroups(): { message: string; count: number }[] {
    return [...this.errors.entries()]
      .map(([message, count]) => ({ message, count }))
      .sort((a, b) => b.count - a.count);
  }

  timelineCopy(): { second: number; ok: number; failed: number }[] {
    return this.timeline.map((slot) => ({ ...slot }));
  }
}

export interface LoadRunOptions extends LoadSettings {
  /** Makes one call; never rejects (a failure is an outcome). */
  call: () => Promise<LoadOutcome>;
  clock?: Clock;
  /** Called with a snapshot every `progressEveryMs` while it runs. */
  progress?: (snapshot: LoadSnapshot) => void;
  progressEveryMs?: number;
}

/**
 * A load test: `concurrency` workers call as soon as their last call ends, or, with a rate, at
 * evenly spaced start times shared by all of them; until `requests` calls have started or
 * `durationMs` has passed (calls in flight then are waited for and counted), or `stop()`.
 */
export class LoadRun {
  readonly stats = new LoadStats();
  private readonly clock: Clock;
  private startedAt = 0;
  private started = 0;
  private inFlight = 0;
  private stopped = false;
  private finished = false;
  private wake: (() => void)[] = [];

  constructor(private readonly options: LoadRunOptions) {
    this.clock = options.clock ?? systemClock;
  }

  /** Stops starting calls; those in flight finish and count. */
  stop(): void {
    this.stopped = true;
    for (const wake of this.wake.splice(0)) wake();
  }

  async run(): Promise<LoadSnapshot> {
    this.startedAt = this.clock.now();
    const every = this.options.progressEveryMs ?? 250;
    let ticker: unknown;
    const tick = () => {
      this.options.progress?.(this.snapshot());
      ticker = this.clock.setTimeout(tick, every);
    };
    if (this.options.progress) ticker = this.clock.setTimeout(tick, every);
    try {
      await Promise.all(Array.from({ length: this.options.concurrency }, () => this.worker()));
    } finally {
      if (ticker !== undefined) this.clock.clearTimeout(ticker);
    }
    this.finished = true;
    return this.snapshot();
  }

  snapshot(): LoadSnapshot {
    const elapsedMs = (this.finished ? this.endedAt : this.clock.now()) - this.startedAt;
    const h = this.stats.histogram;
    return {
      elapsedMs,
      started: this.started,
      completed: this.stats.completed,
      inFlight: this.inFlight,
      counts: { ...this.stats.counts },
      throughput: elapsedMs > 0 ? (this.stats.completed * 1000) / elapsedMs : 0,
      latency: {
        min: h.min,
        mean: h.mean,
        p50: h.percentile(50),
        p90: h.percentile(90),
        p99: h.percentile(99),
        max: h.max,
      },
      histogram: h.buckets(),
      errors: this.stats.errorGroups(),
      timeline: this.stats.timelineCopy(),
      done: this.finished,
      stopped: this.stopped,
    };
  }

  private endedAt = 0;

  private async worker(): Promise<void> {
    for (;;) {
      const slot = this.claim();
      if (slot === undefined) break;
      if (this.options.ratePerSecond) {
        const at = this.startedAt + (slot * 1000) / this.options.ratePerSecond;
        if (this.options.durationMs !== undefined && at - this.startedAt >= this.options.durationMs) break;
        await this.sleepUntil(at);
        if (this.stopped) break;
      }
      this.inFlight += 1;
      const outcome = await this.options.call();
      this.inFlight -= 1;
      const now = this.clock.now();
      this.stats.record(outcome, now - this.startedAt);
      this.endedAt = Math.max(this.endedAt, now);
    }
    this.endedAt = Math.max(this.endedAt, this.clock.now());
  }

  /** The next call's number, or undefined when the run is over. */
  private claim(): number | undefined {
    if (this.stopped) return undefined;
    const { requests, durationMs } = this.options;
    if (requests !== undefined && this.started >= requests) return undefined;
    if (durationMs !== undefined && this.clock.now() - this.startedAt >= durationMs) return undefined;
    return this.started++;
  }

  private sleepUntil(at: number): Promise<void> {
    const wait = at - this.clock.now();
    if (wait <= 0) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        this.clock.clearTimeout(timer);
        this.wake = this.wake.filter((other) => other !== done);
        resolve();
      };
      const timer = this.clock.setTimeout(done, wait);
      this.wake.push(done);
    });
  }
}
