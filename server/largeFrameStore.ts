/**
 * The whole text of frames too large for the history (see largeFrames.ts), kept apart and
 * bounded by bytes, oldest out first: a reloaded page lists such a frame from its envelope
 * and fetches the whole one only when the person opens it.
 */
export class LargeFrameStore {
  private frames = new Map<number, string>();
  private bytes = 0;

  constructor(private readonly maxBytes: number) {}

  put(seq: number, json: string): void {
    this.frames.set(seq, json);
    this.bytes += json.length;
    // Map iteration is insertion order: the first key is the oldest frame.
    for (const [oldest, text] of this.frames) {
      if (this.bytes <= this.maxBytes || this.frames.size === 1) break;
      this.frames.delete(oldest);
      this.bytes -= text.length;
    }
  }

  get(seq: number): string | undefined {
    return this.frames.get(seq);
  }
}
