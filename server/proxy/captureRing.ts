import type { CaptureSink } from './captureSink.js';

/** Records the ring keeps at most, and the bytes of their text. */
export const RING_RECORDS = 2_000;
export const RING_BYTES = 8 * 1024 * 1024;

/**
 * The last records of the session in memory, bounded by count and bytes: what a page that
 * starts watching after the session began gets first (the rendezvous replays it), whether or
 * not there is a capture file.
 */
export class CaptureRing implements CaptureSink {
  private header = '';
  private texts: string[] = [];
  private head = 0;
  private bytes = 0;
  /** How many older records the ring no longer holds. */
  dropped = 0;

  constructor(
    private readonly maxRecords = RING_RECORDS,
    private readonly maxBytes = RING_BYTES,
  ) {}

  begin(headerText: string): void {
    this.header = headerText;
  }

  write(recordText: string): void {
    this.texts.push(recordText);
    this.bytes += recordText.length;
    while (
      this.texts.length - this.head > this.maxRecords ||
      (this.bytes > this.maxBytes && this.texts.length - this.head > 1)
    ) {
      this.bytes -= this.texts[this.head]?.length ?? 0;
      this.head += 1;
      this.dropped += 1;
    }
    // Compacted now and then, not on every drop: a shift per record would be quadratic.
    if (this.head > 1024 && this.head * 2 > this.texts.length) {
      this.texts = this.texts.slice(this.head);
      this.head = 0;
    }
  }

  close(): void {}

  /** The header and the records held, oldest first. */
  snapshot(): { header: string; records: string[]; dropped: number } {
    return { header: this.header, records: this.texts.slice(this.head), dropped: this.dropped };
  }
}
