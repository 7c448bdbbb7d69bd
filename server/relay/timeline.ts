/**
 * A record the history keeps without its text: written only if a page attaches and gets the
 * history. `chars` bounds the length of that text, for the history's byte bound.
 */
export interface DeferredRecord {
  readonly chars: number;
  text(): string;
}

/**
 * The bridge's bounded memory of a session: the serialized records (frames and events) a
 * page that attaches later, such as after a reload, gets back. Bounded by count and by
 * bytes; what falls out is counted so the page can say how much is missing. A record may be
 * kept as text, or deferred: the stamped frame of each request the page sent is kept but
 * seldom read (only on a reload), so writing its text at once was work for nothing on the
 * relay's hot path.
 */
export class Timeline {
  private records: (string | DeferredRecord)[] = [];
  private head = 0;
  private bytes = 0;
  private droppedCount = 0;

  constructor(
    private readonly maxRecords: number,
    private readonly maxBytes: number,
  ) {}

  push(record: string | DeferredRecord): void {
    this.records.push(record);
    this.bytes += charsOf(record);
    while (this.size > this.maxRecords || (this.bytes > this.maxBytes && this.size > 1)) {
      const oldest = this.records[this.head];
      this.records[this.head] = '';
      this.head += 1;
      this.bytes -= oldest === undefined ? 0 : charsOf(oldest);
      this.droppedCount += 1;
    }
    // Compact now and then rather than shifting the array on every eviction.
    if (this.head > 4096 && this.head * 2 > this.records.length) {
      this.records = this.records.slice(this.head);
      this.head = 0;
    }
  }

  get size(): number {
    return this.records.length - this.head;
  }

  get dropped(): number {
    return this.droppedCount;
  }

  /** The records as one JSON array text, oldest first, ready to embed in an envelope. */
  toJsonArray(): string {
    const texts: string[] = [];
    for (let i = this.head; i < this.records.length; i++) {
      const record = this.records[i] ?? '';
      texts.push(typeof record === 'string' ? record : record.text());
    }
    return `[${texts.join(',')}]`;
  }
}

function charsOf(record: string | DeferredRecord): number {
  return typeof record === 'string' ? record.length : record.chars;
}
