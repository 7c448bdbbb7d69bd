import { Transform, type TransformCallback } from 'node:stream';
import type { ServerMessageOut } from './serverMessages.js';

/** An event of the stream, as the relay offers it: its name and its data (the data lines joined). */
export interface RelayedSseEvent {
  event: string;
  data: string;
}

/**
 * Looks at one event; true when it takes it (then `out` says, once, whether it goes on, as it was
 * or with other data, or not at all). False: the event passes as its own bytes.
 */
export type SseEventLook = (event: RelayedSseEvent, out: ServerMessageOut) => boolean;

/** Bytes of one event the relay waits for; past it, the event's bytes pass as they come, unexamined. */
const MAX_EVENT_BYTES = 8 * 1024 * 1024;

/**
 * A `text/event-stream` body the HTTP proxy may change, event by event: every event passes as
 * its own bytes (line endings, `id:`, `retry:`, comments and all) unless `look` takes it; a taken
 * event goes on later (later events are not held behind it), with its `data` replaced when the
 * person or a rule changed it (one `data:` line where the first was; the other lines kept), or not
 * at all. The stream is read as bytes (latin1 maps each byte to one character and back); each
 * event is held only until its blank line (a host acts on an event at that line anyway); comment
 * lines outside an event pass at once (keep-alives stay timely). The stream ends once every
 * taken event has gone on or been dropped.
 */
export class SseEventRelay extends Transform {
  /** The line being read (not yet ended). */
  private partial = '';
  /** The current event: lines and their endings, alternately. */
  private lines: string[] = [];
  private eventBytes = 0;
  /** The event grew past MAX_EVENT_BYTES: its bytes pass until its blank line. */
  private passing = false;
  /** While passing: the last bytes passed were inside a line (a line end then is not a blank line). */
  private midLine = false;
  private taken = 0;
  private finish: (() => void) | undefined;

  constructor(private readonly look: SseEventLook) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    const added = chunk.toString('latin1');
    // A chunk with no line end (the middle of a long event) ends no line: no scan of the rest.
    const endsLine = /[\r\n]/.test(added) || this.partial.endsWith('\r');
    this.partial += added;
    let out = '';
    while (endsLine) {
      const match = /\r\n|\n|\r/.exec(this.partial);
      // A CR at the very end may be the first half of CR LF.
      if (!match || (match[0] === '\r' && match.index === this.partial.length - 1)) break;
      const line = this.partial.slice(0, match.index);
      this.partial = this.partial.slice(match.index + match[0].length);
      if (this.passing) {
        out += line + match[0];
        if (line === '' && !this.midLine) this.passing = false;
        this.midLine = false;
        continue;
      }
      if (line === '') {
        this.lines.push(line, match[0]);
        out += this.endOfEvent();
        continue;
      }
      if (line.startsWith(':') && this.lines.length === 0) {
        out += line + match[0];
        continue;
      }
      this.lines.push(line, match[0]);
      this.eventBytes += line.length + match[0].length;
    }
    if (this.passing) {
      out += this.partial;
      this.midLine = this.partial !== '' || this.midLine;
      this.partial = '';
    } else if (this.eventBytes + this.partial.length > MAX_EVENT_BYTES) {
      out += this.lines.join('') + this.partial;
      this.passing = true;
      this.midLine = this.partial !== '';
      this.lines = [];
      this.eventBytes = 0;
      this.partial = '';
    }
    callback(null, out === '' ? undefined : Buffer.from(out, 'latin1'));
  }

  override _flush(callback: TransformCallback): void {
    const rest = this.lines.join('') + this.partial;
    this.lines = [];
    this.partial = '';
    if (rest !== '') this.push(Buffer.from(rest, 'latin1'));
    // The stream's end waits for the events still held.
    if (this.taken === 0) callback();
    else this.finish = () => callback();
  }

  /** The event just ended: its bytes, or nothing when `look` took it. */
  private endOfEvent(): string {
    const parts = this.lines;
    this.lines = [];
    this.eventBytes = 0;
    const raw = parts.join('');
    let name = '';
    const data: string[] = [];
    for (let index = 0; index < parts.length; index += 2) {
      const line = parts[index] as string;
      const colon = line.indexOf(':');
      const field = colon < 0 ? line : line.slice(0, colon);
      let value = colon < 0 ? '' : line.slice(colon + 1);
      if (value.startsWith(' ')) value = value.slice(1);
      if (field === 'event') name = value;
      else if (field === 'data') data.push(value);
    }
    if (data.length === 0) return raw;
    let settled = false;
    let looking = true;
    /** What a decision made while `look` still ran gives: its bytes go on in their place. */
    let atOnce = '';
    const settle = (text: string | undefined): void => {
      if (settled) return;
      settled = true;
      this.taken -= 1;
      if (looking) {
        atOnce = text ?? '';
        return;
      }
      if (text !== undefined && !this.destroyed) this.push(Buffer.from(text, 'latin1'));
      if (this.taken === 0 && this.finish) this.finish();
    };
    this.taken += 1;
    const took = this.look(
      { event: name || 'message', data: Buffer.from(data.join('\n'), 'latin1').toString('utf8') },
      {
        send: (text) => settle(text === undefined ? raw : withData(parts, text)),
        drop: () => settle(undefined),
      },
    );
    looking = false;
    if (took) return atOnce;
    if (!settled) this.taken -= 1;
    return raw;
  }
}

/** The event's lines with its data replaced by `text` (UTF-8, as one `data:` line where the first was). */
function withData(parts: string[], text: string): string {
  let out = '';
  let placed = false;
  for (let index = 0; index < parts.length; index += 2) {
    const line = parts[index] as string;
    const ending = parts[index + 1] as string;
    if (/^data(:|$)/.test(line)) {
      if (!placed) out += Buffer.from(`data: ${text}`, 'utf8').toString('latin1') + ending;
      placed = true;
      continue;
    }
    out += line + ending;
  }
  return out;
}
