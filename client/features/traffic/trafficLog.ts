import type { TimelineRecord } from '../../../shared/wire';

/**
 * The page's append-only record of the wire, kept outside React Query: it is a log, not
 * server state. Bounded; what falls out (here or in the bridge before a reload) is counted,
 * never silently lost. Listeners are told at most once per animation frame, so a flood of
 * frames does not re-render per frame.
 */
export class TrafficLog {
  private records: TimelineRecord[] = [];
  private droppedCount = 0;
  private version = 0;
  private listeners = new Set<() => void>();
  private notifyScheduled = false;

  constructor(private readonly capacity = 100_000) {}

  append(record: TimelineRecord): void {
    this.records.push(record);
    if (this.records.length > this.capacity) {
      const excess = this.records.length - this.capacity;
      this.records.splice(0, excess);
      this.droppedCount += excess;
    }
    this.changed();
  }

  /** Records from before this page attached, and how many the bridge no longer had. */
  prepend(records: TimelineRecord[], droppedByBridge: number): void {
    this.records = [...records, ...this.records];
    this.droppedCount += droppedByBridge;
    this.changed();
  }

  get dropped(): number {
    return this.droppedCount;
  }

  all(): readonly TimelineRecord[] {
    return this.records;
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getVersion = (): number => this.version;

  private changed(): void {
    this.version += 1;
    if (this.notifyScheduled) return;
    this.notifyScheduled = true;
    requestAnimationFrame(() => {
      this.notifyScheduled = false;
      for (const listener of this.listeners) listener();
    });
  }
}
