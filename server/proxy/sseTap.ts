/** An SSE event the capture cares for: its name and its data (the data lines joined). */
export interface SseEvent {
  event: string;
  data: string;
}

/** Bytes of one event the tap holds while it waits for the event's end; past it, the event is skipped. */
const MAX_EVENT_BYTES = 8 * 1024 * 1024;

/**
 * Reads a copy of a `text/event-stream` body as it passes, event by event (the format's rules:
 * lines end with LF, CR LF or CR; a blank line ends an event; `data:` lines join with LF; a
 * comment starts with `:`). The stream itself goes on unchanged; this only looks.
 */
export class SseTap {
  private buffer = '';
  private event = '';
  private data: string[] = [];
  private dataBytes = 0;
  private readonly decoder = new TextDecoder();

  constructor(
    private readonly onEvent: (event: SseEvent) => void,
    private readonly onSkipped: (bytes: number) => void,
  ) {}

  push(chunk: Uint8Array): void {
    this.buffer += this.decoder.decode(chunk, { stream: true });
    for (;;) {
      const match = /\r\n|\n|\r/.exec(this.buffer);
      // A CR at the very end may be the first half of CR LF: wait for the next chunk.
      if (!match || (match[0] === '\r' && match.index === this.buffer.length - 1)) break;
      const line = this.buffer.slice(0, match.index);
      this.buffer = this.buffer.slice(match.index + match[0].length);
      this.line(line);
    }
    if (this.buffer.length > MAX_EVENT_BYTES) {
      this.onSkipped(this.buffer.length);
      this.buffer = '';
    }
  }

  private line(line: string): void {
    if (line === '') {
      if (this.data.length > 0) this.onEvent({ event: this.event || 'message', data: this.data.join('\n') });
      this.event = '';
      this.data = [];
      this.dataBytes = 0;
      return;
    }
    if (line.startsWith(':')) return;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') this.event = value;
    else if (field === 'data') {
      this.dataBytes += value.length;
      if (this.dataBytes > MAX_EVENT_BYTES) {
        this.onSkipped(this.dataBytes);
        this.data = [];
        this.dataBytes = 0;
        return;
      }
      this.data.push(value);
    }
  }
}
