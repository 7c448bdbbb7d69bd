/** Records are written end to end into chunks of this size (smaller for a small history). */
const CHUNK_BYTES = 1024 * 1024;
/** Fewer chunks than this in the whole history would waste a large share of it on one chunk's slack. */
const MIN_CHUNKS_IN_HISTORY = 16;
const MIN_CHUNK_BYTES = 4 * 1024;

/**
 * The bridge's bounded memory of a session: the serialized records (frames and events) a page
 * that attaches later, such as after a reload, gets back. Bounded by count and by bytes; what
 * falls out is counted so the page can say how much is missing.
 *
 * The records are kept as UTF-8 bytes, written end to end into large buffers outside the
 * JavaScript heap, not as strings or objects in it. Every record the history keeps outlives the
 * young generation, and the collector copied each one twice (once within it, once out of it):
 * with the history kept as strings, collection cost 7.8–8.3 µs a call in flight (echo calls, 1,000
 * at once, 40,000 calls, `--trace-gc`), against 3.8–4.2 µs with a history too small to outlive
 * it. The bound is then also what it says, bytes of memory, where it counted characters before
 * (half the memory of text outside Latin-1) and nothing of the objects around them.
 */
export class Timeline {
  private readonly chunkBytes: number;
  /** The chunk small records are written into, and where its free space starts. */
  private chunk: Buffer | undefined;
  private chunkUsed = 0;
  /**
   * Per record, oldest first from `head`: the buffer that holds it and where. A chunk is freed
   * by the collector once no record kept refers to it; a large record has a buffer of its own.
   */
  private holders: (Buffer | undefined)[] = [];
  private starts: number[] = [];
  private ends: number[] = [];
  private head = 0;
  private bytes = 0;
  private droppedCount = 0;

  constructor(
    private readonly maxRecords: number,
    private readonly maxBytes: number,
  ) {
    this.chunkBytes = Math.min(
      CHUNK_BYTES,
      Math.max(MIN_CHUNK_BYTES, Math.floor(maxBytes / MIN_CHUNKS_IN_HISTORY)),
    );
  }

  /** Keeps `text` (one JSON value) as the newest record, dropping the oldest past the bounds. */
  push(text: string): void {
    const length = Buffer.byteLength(text);
    // A record past a sixteenth of a chunk gets a buffer of its own: written into the chunks, it
    // would leave the rest of a chunk unused when it does not fit.
    if (length * 16 > this.chunkBytes) {
      const own = Buffer.allocUnsafeSlow(length);
      own.write(text, 0, 'utf8');
      this.keep(own, 0, length);
    } else {
      if (this.chunk === undefined || this.chunkUsed + length > this.chunk.length) {
        this.chunk = Buffer.allocUnsafeSlow(this.chunkBytes);
        this.chunkUsed = 0;
      }
      const start = this.chunkUsed;
      this.chunkUsed += this.chunk.write(text, start, 'utf8');
      this.keep(this.chunk, start, this.chunkUsed);
    }
    while (this.size > this.maxRecords || (this.bytes > this.maxBytes && this.size > 1)) {
      this.bytes -= (this.ends[this.head] ?? 0) - (this.starts[this.head] ?? 0);
      this.holders[this.head] = undefined;
      this.head += 1;
      this.droppedCount += 1;
    }
    // Compact now and then rather than shifting the arrays on every eviction.
    if (this.head > 4096 && this.head * 2 > this.holders.length) {
      this.holders = this.holders.slice(this.head);
      this.starts = this.starts.slice(this.head);
      this.ends = this.ends.slice(this.head);
      this.head = 0;
    }
  }

  get size(): number {
    return this.holders.length - this.head;
  }

  get dropped(): number {
    return this.droppedCount;
  }

  /** The records as one JSON array text, oldest first, ready to embed in an envelope. */
  toJsonArray(): string {
    const texts: string[] = [];
    for (let i = this.head; i < this.holders.length; i++) {
      texts.push(this.holders[i]?.toString('utf8', this.starts[i], this.ends[i]) ?? '');
    }
    return `[${texts.join(',')}]`;
  }

  private keep(holder: Buffer, start: number, end: number): void {
    this.holders.push(holder);
    this.starts.push(start);
    this.ends.push(end);
    this.bytes += end - start;
  }
}
