import type { Readable, Writable } from 'node:stream';
import { LineSplitter } from '../targets/lineSplitter.js';
import type { Breakpoints, HoldActions } from './breakpoints.js';
import type { Capture, CaptureDirection } from './capture.js';
import { matchRule, type InjectRule, type InjectSide } from './injectRules.js';

/** A line the relay holds while it waits for its end; past this, the bytes go on unexamined. */
const MAX_HELD_LINE_BYTES = 16 * 1024 * 1024;
/** A line the capture keeps whole while bytes pass uncut; longer ones are passed on and noted. */
const CAPTURE_LINE_BYTES = 8 * 1024 * 1024;

/** The two ends of one direction, and what the relay of the other direction shares with it. */
export interface LineRelayEnds {
  source: Readable;
  sink: Writable;
  /** Who writes to `source`. */
  from: InjectSide;
  /** Where an answer the proxy writes in place of the receiver goes (back to the sender). */
  back: () => Writable;
  /** Ids of requests this direction's sender made whose answers are to be truncated. */
  truncateAnswersTo: Map<string, number | undefined>;
  /** The same map, for requests going the other way: this direction carries their answers. */
  truncateAnswersFrom: Map<string, number | undefined>;
}

/**
 * One direction of the stdio proxy. With no `--inject` rule and no breakpoint set, bytes pass as
 * they come, chunk by chunk (the capture reads a copy, cut into lines on its side). With either,
 * the stream is cut into lines, each line looked at, and passed on as the same bytes (newline
 * and all) unless a rule or the person changes it; each change is marked in the capture. A
 * breakpoint set mid-session switches to lines at the next line boundary (the rest of a line
 * already begun passes as bytes), and back once none is left, so the page's breakpoints cost
 * nothing while there are none.
 */
export class LineRelay {
  private held: Buffer[] = [];
  private heldBytes = 0;
  /** The line being held grew past MAX_HELD_LINE_BYTES: its bytes pass through until its end. */
  private passing = false;
  /** Whether the stream is being cut into lines (else bytes pass as they come). */
  private cutting = false;
  /** While uncut: whether the last byte passed was inside a line (not its newline). */
  private midLine = false;
  private readonly dir: CaptureDirection;
  private readonly uncutLines: LineSplitter;

  constructor(
    private readonly ends: LineRelayEnds,
    private readonly rules: readonly InjectRule[],
    private readonly capture: Capture,
    private readonly breakpoints?: Breakpoints,
  ) {
    this.dir = ends.from === 'host' ? 'toServer' : 'fromServer';
    this.uncutLines = new LineSplitter(
      (line) => capture.line(this.dir, line, Buffer.byteLength(line)),
      (bytes) => capture.overlong(this.dir, bytes),
      CAPTURE_LINE_BYTES,
    );
    ends.source.on('data', (chunk: Buffer) => this.take(chunk));
  }

  /** The source ended: a last line without a newline goes on as it is. */
  end(): void {
    if (!this.cutting) {
      this.uncutLines.end();
      return;
    }
    if (this.heldBytes > 0 && !this.passing) this.handle(Buffer.concat(this.held), false);
    this.held = [];
    this.heldBytes = 0;
  }

  private wantsLines(): boolean {
    return this.rules.length > 0 || this.breakpoints?.active === true;
  }

  private take(chunk: Buffer): void {
    this.uncutIfDone();
    if (!this.cutting) {
      if (!this.wantsLines()) {
        this.passUncut(chunk);
        return;
      }
      // Cutting starts at a line boundary: the rest of a line begun uncut goes on uncut.
      if (this.midLine) {
        const newline = chunk.indexOf(0x0a);
        if (newline < 0) {
          this.passUncut(chunk);
          return;
        }
        this.passUncut(chunk.subarray(0, newline + 1));
        chunk = chunk.subarray(newline + 1);
      }
      this.cutting = true;
    }
    this.push(chunk);
    this.uncutIfDone();
  }

  /** Back to bytes as they come once nothing asks for lines and no line is half read. */
  private uncutIfDone(): void {
    if (!this.cutting || this.heldBytes > 0 || this.passing || this.wantsLines()) return;
    this.cutting = false;
    this.midLine = false;
  }

  private passUncut(chunk: Buffer): void {
    if (chunk.length === 0) return;
    this.midLine = chunk[chunk.length - 1] !== 0x0a;
    // The bytes go on first: the receiver starts on them while the capture reads its copy
    // (parsing, masking, the sinks), which is off the message's path this way.
    this.write(chunk);
    this.uncutLines.push(chunk);
  }

  private push(chunk: Buffer): void {
    let start = 0;
    for (;;) {
      const newline = chunk.indexOf(0x0a, start);
      if (newline < 0) break;
      const piece = chunk.subarray(start, newline + 1);
      start = newline + 1;
      if (this.passing) {
        this.write(piece);
        this.passing = false;
        continue;
      }
      const line = this.heldBytes === 0 ? piece : Buffer.concat([...this.held, piece]);
      this.held = [];
      this.heldBytes = 0;
      this.handle(line, true);
    }
    if (start >= chunk.length) return;
    const rest = chunk.subarray(start);
    if (this.passing) {
      this.write(rest);
      return;
    }
    this.held.push(rest);
    this.heldBytes += rest.length;
    if (this.heldBytes > MAX_HELD_LINE_BYTES) {
      this.capture.overlong(this.dir, this.heldBytes);
      for (const part of this.held) this.write(part);
      this.held = [];
      this.heldBytes = 0;
      this.passing = true;
    }
  }

  /** One whole line, `bytes` as it came (with its newline when `terminated`). */
  private handle(bytes: Buffer, terminated: boolean): void {
    const text = bytes.toString('utf8', 0, terminated ? bytes.length - 1 : bytes.length).replace(/\r$/, '');
    const size = Buffer.byteLength(text);
    this.capture.line(this.dir, text, size);
    let message:
      { id?: unknown; method?: unknown; params?: unknown; result?: unknown; error?: unknown } | undefined;
    try {
      const value: unknown = JSON.parse(text);
      if (typeof value === 'object' && value !== null && !Array.isArray(value))
        message = value as typeof message;
    } catch {
      // Not JSON: passed on as it came; the capture said so.
    }
    if (message === undefined) {
      this.write(bytes);
      return;
    }
    const id = idKey(message.id);
    if (typeof message.method !== 'string' && id !== undefined && this.ends.truncateAnswersFrom.has(id)) {
      const cut = this.ends.truncateAnswersFrom.get(id) ?? Math.floor(size / 2);
      this.ends.truncateAnswersFrom.delete(id);
      this.capture.note(
        `injected: the answer to request ${id} cut to its first ${cut} of ${size} bytes`,
        'warning',
      );
      this.write(Buffer.concat([bytes.subarray(0, Math.min(cut, bytes.length)), Buffer.from('\n')]));
      return;
    }
    const rule = matchRule(this.rules, message, this.ends.from);
    if (rule === undefined) {
      if (this.breakpoints?.consider(message, this.ends.from, size, this.holdActions(bytes))) return;
      this.write(bytes);
      return;
    }
    const what = `${String(message.method)}${id === undefined ? '' : ` (id ${id})`} from the ${this.ends.from}`;
    const because = `(rule "${rule.text}")`;
    switch (rule.action.kind) {
      case 'drop':
        this.capture.note(`injected: ${what} dropped ${because}`, 'warning');
        return;
      case 'delay': {
        this.capture.note(`injected: ${what} held ${rule.action.ms} ms ${because}`, 'warning');
        setTimeout(() => this.write(bytes), rule.action.ms);
        return;
      }
      case 'truncate':
        if (id !== undefined) {
          this.ends.truncateAnswersTo.set(id, rule.action.bytes);
          this.capture.note(`injected: the answer to ${what} will be cut ${because}`, 'warning');
        }
        this.write(bytes);
        return;
      case 'error': {
        if (message.id === undefined) {
          this.capture.note(
            `injected: ${what} dropped, a notification cannot be answered with an error ${because}`,
            'warning',
          );
          return;
        }
        const answer = JSON.stringify({
          jsonrpc: '2.0',
          id: message.id,
          error: { code: rule.action.code, message: rule.action.message },
        });
        this.capture.note(
          `injected: ${what} answered by the proxy with error ${rule.action.code} ${because}`,
          'warning',
        );
        this.capture.line(
          this.dir === 'toServer' ? 'fromServer' : 'toServer',
          answer,
          Buffer.byteLength(answer),
          {
            synthetic: true,
          },
        );
        writeTo(this.ends.back(), Buffer.from(`${answer}\n`));
        return;
      }
    }
  }

  /** What a breakpoint's release does with a held line (`bytes`, as it came). */
  private holdActions(bytes: Buffer): HoldActions {
    return {
      forward: (text) => this.write(text === undefined ? bytes : Buffer.from(`${text}\n`)),
      answerBack: (text) => writeTo(this.ends.back(), Buffer.from(`${text}\n`)),
      drop: () => undefined,
    };
  }

  private write(bytes: Buffer): void {
    if (!writeTo(this.ends.sink, bytes)) {
      this.ends.source.pause();
      this.ends.sink.once('drain', () => this.ends.source.resume());
    }
  }
}

function writeTo(sink: Writable, bytes: Buffer): boolean {
  if (sink.destroyed || sink.writableEnded) return true;
  return sink.write(bytes);
}

function idKey(id: unknown): string | undefined {
  return typeof id === 'string' || typeof id === 'number' ? JSON.stringify(id) : undefined;
}
