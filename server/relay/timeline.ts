/**
 * The bridge's bounded memory of a session: the serialized records (frames and events) a
 * page that attaches later, such as after a reload, gets back. Bounded by count and by
 * bytes; what falls out is counted so the page can say how much is missing.
 */
export class Timeline {
  private records: string[] = [];
  private head = 0;
  private bytes = 0;
  private droppedCount = 0;

  constructor(
    private readonly maxRecords: number,
    private readonly maxBytes: number,
  ) {}

  push(record: string): void {
    this.records.push(record);
    this.bytes += record.length;
    while (this.size > this.maxRecords || (this.bytes > this.maxBytes && this.size > 1)) {
      const oldest = this.records[this.head];
      this.records[this.head] = '';
      this.head += 1;
      this.bytes -= oldest?.length ?? 0;
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
    return `[${this.records.slice(this.head).join(',')}]`;
  }
}
