/**
 * Splits a byte stream into lines without decoding partial UTF-8 sequences.
 * A line longer than `maxLineBytes` is dropped (reported through `onOverflow`) rather than
 * buffered without bound: a child that never writes a newline must not exhaust memory.
 */
export class LineSplitter {
  private chunks: Buffer[] = [];
  private pendingBytes = 0;
  private discarding = false;

  constructor(
    private readonly onLine: (line: string) => void,
    private readonly onOverflow: (droppedBytes: number) => void,
    private readonly maxLineBytes: number,
  ) {}

  push(chunk: Buffer): void {
    let start = 0;
    for (;;) {
      const newline = chunk.indexOf(0x0a, start);
      if (newline === -1) break;
      // A whole line in this chunk, the usual case: decoded in place, without a Buffer view.
      if (this.pendingBytes === 0 && !this.discarding && newline - start <= this.maxLineBytes) {
        this.emitRange(chunk, start, newline);
      } else {
        this.take(chunk.subarray(start, newline), true);
      }
      start = newline + 1;
    }
    if (start < chunk.length) this.take(chunk.subarray(start), false);
  }

  /** Emits what is left when the stream ends without a final newline. */
  end(): void {
    if (this.pendingBytes > 0 && !this.discarding) this.emit(Buffer.concat(this.chunks));
    this.reset();
  }

  private take(piece: Buffer, complete: boolean): void {
    if (this.discarding) {
      this.pendingBytes += piece.length;
      if (complete) {
        this.onOverflow(this.pendingBytes);
        this.reset();
      }
      return;
    }
    if (this.pendingBytes + piece.length > this.maxLineBytes) {
      this.discarding = true;
      this.pendingBytes += piece.length;
      this.chunks = [];
      if (complete) {
        this.onOverflow(this.pendingBytes);
        this.reset();
      }
      return;
    }
    if (!complete) {
      this.chunks.push(piece);
      this.pendingBytes += piece.length;
      return;
    }
    const whole = this.chunks.length === 0 ? piece : Buffer.concat([...this.chunks, piece]);
    this.reset();
    this.emit(whole);
  }

  private emit(bytes: Buffer): void {
    this.emitRange(bytes, 0, bytes.length);
  }

  private emitRange(bytes: Buffer, start: number, end: number): void {
    if (end > start && bytes[end - 1] === 0x0d) end -= 1; // tolerate CRLF
    this.onLine(bytes.toString('utf8', start, end));
  }

  private reset(): void {
    this.chunks = [];
    this.pendingBytes = 0;
    this.discarding = false;
  }
}
