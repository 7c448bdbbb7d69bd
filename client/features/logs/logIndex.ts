import type { LoggingLevel } from '@modelcontextprotocol/client';
import type { TrafficLog } from '../../../shared/core/traffic/trafficLog';
import { LOG_LEVELS, logEntryAt, type LogEntry } from './logEntries';

/**
 * The server's log messages in the traffic log, kept up to date incrementally: each `sync` looks
 * only at records that arrived since the last one (O(new records), never O(log)), drops what the
 * log evicted, and starts over when the log does (clear, import). Entries keep the log's absolute
 * positions, which only grow, so views can carry on from where they were.
 */
export class LogIndex {
  private entries: LogEntry[] = [];
  private head = 0;
  private synced = 0;
  private epoch = -1;
  /** The longest logger name seen, for the width of the logger column. */
  longestLogger = 0;
  /** Bumped when the entries start over: views must start over too. */
  generation = 0;

  constructor(private readonly log: TrafficLog) {}

  sync(): void {
    const log = this.log;
    if (log.epoch !== this.epoch) {
      this.epoch = log.epoch;
      this.entries = [];
      this.head = 0;
      this.synced = 0;
      this.longestLogger = 0;
      this.generation += 1;
    }
    for (let position = Math.max(this.synced, log.start); position < log.end; position += 1) {
      const record = log.at(position);
      const entry = record ? logEntryAt(record, position) : undefined;
      if (!entry) continue;
      this.entries.push(entry);
      if (entry.logger && entry.logger.length > this.longestLogger) this.longestLogger = entry.logger.length;
    }
    this.synced = log.end;
    // What the log evicted leaves from the front; the array is compacted now and then.
    while (this.head < this.entries.length && (this.entries[this.head]?.position ?? 0) < log.start) {
      this.head += 1;
    }
    if (this.head > 4096 && this.head * 2 > this.entries.length) {
      this.entries = this.entries.slice(this.head);
      this.head = 0;
    }
  }

  /** Entries held are `at(firstIndex)` … `at(count - 1)`, oldest first. */
  get firstIndex(): number {
    return this.head;
  }

  get count(): number {
    return this.entries.length;
  }

  at(index: number): LogEntry | undefined {
    return this.entries[index];
  }

  /** The index of the first entry after a log position (binary search: entries are in order). */
  indexAfter(position: number): number {
    let low = this.head;
    let high = this.entries.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if ((this.entries[middle]?.position ?? 0) <= position) low = middle + 1;
      else high = middle;
    }
    return low;
  }
}

/** The entries at or above a level, extended as the index grows; rebuilt only for a new level. */
export class LevelView {
  private shown: LogEntry[] = [];
  private lastPosition = -1;
  private generation = -1;
  private readonly floor: number;
  private readonly all: boolean;
  /** Bumped whenever the entries shown change, for memoized consumers. */
  version = 0;

  constructor(readonly level: LoggingLevel) {
    this.floor = LOG_LEVELS.indexOf(level);
    this.all = this.floor <= 0;
  }

  update(index: LogIndex): readonly LogEntry[] {
    if (index.generation !== this.generation) {
      this.generation = index.generation;
      this.shown = [];
      this.lastPosition = -1;
      this.version += 1;
    }
    const before = this.shown.length;
    for (let i = index.indexAfter(this.lastPosition); i < index.count; i += 1) {
      const entry = index.at(i);
      if (entry && (this.all || LOG_LEVELS.indexOf(entry.level) >= this.floor)) this.shown.push(entry);
    }
    this.lastPosition = index.at(index.count - 1)?.position ?? this.lastPosition;
    const oldest = index.at(index.firstIndex)?.position ?? Infinity;
    let drop = 0;
    while (drop < this.shown.length && (this.shown[drop]?.position ?? 0) < oldest) drop += 1;
    if (drop > 0) this.shown = this.shown.slice(drop);
    if (drop > 0 || this.shown.length !== before) this.version += 1;
    return this.shown;
  }
}
