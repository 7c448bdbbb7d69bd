import type { TimelineRecord } from '../../wire.js';
import { systemClock } from '../platform.js';
import { recordWeight, type PageEventRecord, type TrafficRecord } from './trafficRecord.js';

export interface TrafficLogBounds {
  /** Records kept at most. */
  records: number;
  /** Bytes of frames kept at most (as the bridge counted them). */
  bytes: number;
}

const DEFAULT_BOUNDS: TrafficLogBounds = { records: 150_000, bytes: 128 * 1024 * 1024 };

/**
 * When listeners hear of new records: at most once per `schedule`d call. The page brings its
 * animation frames (pageTrafficSchedule); elsewhere a timer batches a flood into one notice.
 */
export type NotifySchedule = (notify: () => void) => void;

const soon: NotifySchedule = (notify) => {
  systemClock.setTimeout(notify, 0);
};

/**
 * The page's append-only record of the wire, kept outside React Query: it is a log, not
 * server state. Bounded by count and by bytes; what falls out is counted (`evicted`), and what
 * the bridge no longer had is a gap record at the place it is missing: never silently lost.
 * Listeners are told at most once per scheduled notice (an animation frame in the page), so a
 * flood of frames does not re-render per frame.
 *
 * Positions are absolute: the record appended first since the last `clear` is 0, and stays 0
 * after it is evicted, so derived views can keep positions across evictions.
 */
export class TrafficLog {
  private records: TrafficRecord[] = [];
  private weights: number[] = [];
  private head = 0;
  private base = 0;
  private bytes = 0;
  private version = 0;
  private listeners = new Set<() => void>();
  private notifyScheduled = false;
  /** The last bridge sequence number seen, to spot what is missing and skip what is repeated. */
  private lastSeq = 0;
  private lastT = 0;
  /**
   * Between the bridge's welcome and its history, live records can already arrive (the bridge
   * stops an old run of the server as a page attaches); they wait here so the history goes first.
   */
  private beforeHistory: TimelineRecord[] | undefined;
  private socketWasOpen = false;
  private socketLost = false;
  /** Bumped by `clear` and `replaceAll`: derived views start over. */
  epoch = 0;
  /** Wall-clock time of the bridge's t = 0, from its welcome or an imported file. */
  startedAt: number | undefined;

  constructor(
    private readonly bounds: TrafficLogBounds = DEFAULT_BOUNDS,
    private readonly schedule: NotifySchedule = soon,
  ) {}

  /** Absolute position of the oldest record held; everything before it was evicted. */
  get start(): number {
    return this.base + this.head;
  }

  /** Absolute position after the newest record. */
  get end(): number {
    return this.base + this.records.length;
  }

  /** How many records this page's bound pushed out since the last clear. */
  get evicted(): number {
    return this.start;
  }

  get size(): number {
    return this.records.length - this.head;
  }

  at(position: number): TrafficRecord | undefined {
    return position < this.start ? undefined : this.records[position - this.base];
  }

  /** The records held, oldest first. */
  all(): TrafficRecord[] {
    return this.records.slice(this.head);
  }

  /** A record the bridge sent live. */
  append(record: TimelineRecord): void {
    if (this.beforeHistory) {
      this.beforeHistory.push(record);
      return;
    }
    this.acceptBridgeRecord(record);
    this.changed();
  }

  /** The bridge said who it is; a different start time means a different bridge process. */
  sessionStarted(startedAt: number): void {
    if (this.startedAt !== undefined && this.startedAt !== startedAt) {
      this.addPageEvent('newBridgeSession', 'A new mcp-inspect answered: its sequence numbers start over');
      this.lastSeq = 0;
    }
    this.startedAt = startedAt;
    this.beforeHistory = [];
  }

  /**
   * The bridge's history for a page that (re)attached: records the page already has are
   * skipped, and what the bridge's buffer no longer held becomes a gap record.
   */
  receiveHistory(records: readonly TimelineRecord[]): void {
    const early = this.beforeHistory ?? [];
    this.beforeHistory = undefined;
    for (const record of records) this.acceptBridgeRecord(record);
    for (const record of early) this.acceptBridgeRecord(record);
    this.changed();
  }

  /** The page's socket to the bridge opened or closed; logged on change, not on every retry. */
  socketStatus(open: boolean): void {
    if (open) {
      if (this.socketLost) this.addPageEvent('reconnected', 'The page reconnected to mcp-inspect');
      this.socketWasOpen = true;
      this.socketLost = false;
    } else if (this.socketWasOpen && !this.socketLost) {
      this.socketLost = true;
      this.addPageEvent('disconnected', 'The page lost its connection to mcp-inspect');
    }
  }

  /** Forgets everything held; new records carry on from the bridge's current sequence number. */
  clear(): void {
    this.records = [];
    this.weights = [];
    this.head = 0;
    this.base = 0;
    this.bytes = 0;
    this.epoch += 1;
    this.changed();
  }

  /** Replaces the content with records read from a file (a log of its own, not the live one). */
  replaceAll(records: readonly TrafficRecord[], startedAt: number | undefined): void {
    this.clear();
    this.startedAt = startedAt;
    for (const record of records) this.push(record);
    this.changed();
  }

  /**
   * Adds records of a log of its own as they arrive (a captured session, read while its host
   * drives it), in order, with one notice.
   */
  appendAll(records: readonly TrafficRecord[]): void {
    for (const record of records) this.push(record);
    this.changed();
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getVersion = (): number => this.version;

  private acceptBridgeRecord(record: TimelineRecord): void {
    if (record.seq <= this.lastSeq) return; // history the page already holds, after a reconnect
    if (record.seq > this.lastSeq + 1) {
      this.push({ type: 'gap', seq: this.lastSeq + 1, t: this.lastT, count: record.seq - this.lastSeq - 1 });
    }
    this.lastSeq = record.seq;
    this.lastT = record.t;
    this.push(record);
  }

  private addPageEvent(event: PageEventRecord['event'], detail: string): void {
    const t = this.startedAt === undefined ? this.lastT : Math.max(this.lastT, Date.now() - this.startedAt);
    this.push({ type: 'page', seq: this.lastSeq, t, event, detail });
    this.changed();
  }

  private push(record: TrafficRecord): void {
    const weight = recordWeight(record);
    this.records.push(record);
    this.weights.push(weight);
    this.bytes += weight;
    while (this.size > 1 && (this.size > this.bounds.records || this.bytes > this.bounds.bytes)) {
      this.bytes -= this.weights[this.head] ?? 0;
      this.records[this.head] = undefined as unknown as TrafficRecord;
      this.head += 1;
    }
    // Compact now and then rather than shifting the arrays on every eviction.
    if (this.head > 4096 && this.head * 2 > this.records.length) {
      this.records = this.records.slice(this.head);
      this.weights = this.weights.slice(this.head);
      this.base += this.head;
      this.head = 0;
    }
  }

  private changed(): void {
    this.version += 1;
    if (this.notifyScheduled) return;
    this.notifyScheduled = true;
    const notify = (): void => {
      this.notifyScheduled = false;
      for (const listener of this.listeners) listener();
    };
    this.schedule(notify);
  }
}
