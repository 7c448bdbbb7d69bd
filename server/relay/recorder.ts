import { performance } from 'node:perf_hooks';
import type { Readable } from 'node:stream';
import type { JSONRPCErrorResponse, JSONRPCMessage, RequestId } from '@modelcontextprotocol/client';
import { LARGE_FRAME_BYTES } from '../../shared/wireConstants.js';
import type {
  AppMessageOut,
  FrameDirection,
  FrameStamp,
  TargetInfo,
  TargetState,
} from '../../shared/wire.js';
import { appRecord } from './appMessages.js';
import { JsonText, type FrameOut } from './envelopeText.js';
import { elideMessage } from './largeFrames.js';
import { LargeFrameStore, type LargeFrameStoreBounds } from './largeFrameStore.js';
import type { PageChannel } from './pageChannel.js';

import type { HttpExchangeReport } from '../targets/target.js';

/**
 * Where the recorder's records go: the page channel in the bridge; in the headless verbs, the
 * SDK client in the same process and the `--traffic` file.
 */
export type RecordSink = Pick<PageChannel, 'record'>;

/** A state record's own fields; the recorder stamps the rest. */
export type StateFields = Omit<TargetState, 'type' | 'seq' | 't' | 'generation'>;

/**
 * Stamps what happens in a session (frames both ways, the target's states, stderr lines, errors,
 * HTTP exchanges, notes, app messages) with a sequence number and a monotonic time, as a typed
 * record of the wire (shared/wire.ts), and hands it to the page channel, which keeps and sends it.
 * Those stamps are the timings the traffic pane shows: the bridge's, not the browser's.
 */
export class Recorder {
  private readonly clockZero = performance.now();
  /** Wall-clock time at which `t` is 0, for the page's absolute times. */
  readonly startedAt = Date.now();
  private seq = 0;
  /** Whole texts of the frames the history keeps only the envelope of. */
  private readonly largeFrames: LargeFrameStore;
  private lastStateRecord: TargetState | undefined;

  constructor(
    private readonly channel: RecordSink,
    /** Bounds of the whole texts of large frames a reloaded page may still open. */
    largeFrameBounds: LargeFrameStoreBounds,
  ) {
    this.largeFrames = new LargeFrameStore(largeFrameBounds);
  }

  /** The latest state recorded. */
  get lastState(): TargetState | undefined {
    return this.lastStateRecord;
  }

  /** The whole JSON text of a frame the history elided, while the bridge still keeps it. */
  largeFrame(seq: number): Promise<Readable | undefined> {
    return this.largeFrames.read(seq);
  }

  /** Removes the large frames kept on disk; the session ends. */
  dispose(): void {
    this.largeFrames.dispose();
  }

  nextSeq(): number {
    this.seq += 1;
    return this.seq;
  }

  /** Milliseconds since the session started, to the microsecond. */
  now(): number {
    return this.toSessionTime(performance.now());
  }

  /** A frame from the server, as its text came off the wire. */
  serverFrame(generation: number, json: string, message?: JSONRPCMessage, relatedTo?: RequestId): void {
    const frame = this.frame('fromServer', this.nextSeq(), this.now(), generation, json);
    if (relatedTo !== undefined) frame.relatedTo = relatedTo;
    this.fromServer(frame, message);
  }

  /**
   * An answer the bridge writes in the server's place, for a request the server never will answer:
   * marked synthetic, so the traffic pane shows it as the bridge's.
   */
  bridgeAnswer(generation: number, response: JSONRPCErrorResponse): void {
    const json = JsonText.write(response).text;
    const frame = this.frame('fromServer', this.nextSeq(), this.now(), generation, json);
    frame.synthetic = true;
    this.fromServer(frame, response);
  }

  /**
   * A frame the page sent, stamped (`seq`, `t`) when the bridge saw it: the history keeps it whole,
   * but the page that sent it gets only the stamps (the page still holds the message; see
   * shared/frameStamps.ts). Sending each request back whole was 37% of the bridge's CPU in the
   * relay bench.
   */
  pageFrame(
    generation: number,
    seq: number,
    t: number,
    ref: number,
    json: string,
    message: JSONRPCMessage,
  ): void {
    const frame = this.frame('toServer', seq, t, generation, json);
    const stamp: FrameStamp = { type: 'stamp', seq, t, generation, ref, bytes: frame.bytes };
    const kept = frame.bytes > LARGE_FRAME_BYTES ? this.elided(frame, message) : frame;
    this.channel.record(stamp, kept, true);
  }

  state(generation: number, fields: StateFields): void {
    const state: TargetState = { type: 'state', seq: this.nextSeq(), t: this.now(), generation, ...fields };
    this.lastStateRecord = state;
    this.channel.record(state);
  }

  stderr(generation: number, line: string): void {
    this.channel.record({ type: 'stderr', seq: this.nextSeq(), t: this.now(), generation, line });
  }

  transportError(generation: number, message: string, detail?: { raw?: string; status?: number }): void {
    this.channel.record({
      type: 'transportError',
      seq: this.nextSeq(),
      t: this.now(),
      generation,
      message,
      ...detail,
    });
  }

  /** An HTTP exchange, timed from when its request left (a `performance.now()` reading). */
  http(generation: number, { startedAt, ...exchange }: HttpExchangeReport): void {
    const t = this.toSessionTime(startedAt);
    this.channel.record({ type: 'http', ...exchange, seq: this.nextSeq(), t, generation });
  }

  note(generation: number, level: 'info' | 'warning', source: 'page' | 'bridge', text: string): void {
    this.channel.record({
      type: 'note',
      seq: this.nextSeq(),
      t: this.now(),
      generation,
      level,
      source,
      text,
    });
  }

  /** An MCP App's message, seen only by the page: stamped here so it sorts among the frames. */
  app(envelope: AppMessageOut): void {
    this.channel.record(appRecord(envelope, this.nextSeq(), this.now()));
  }

  /** The session now inspects another target. */
  targetChanged(target: TargetInfo): void {
    this.channel.record({ type: 'target', seq: this.nextSeq(), t: this.now(), target });
  }

  private fromServer(frame: FrameOut, message: JSONRPCMessage | undefined): void {
    if (frame.bytes > LARGE_FRAME_BYTES) this.channel.record(frame, this.elided(frame, message));
    else this.channel.record(frame);
  }

  private frame(dir: FrameDirection, seq: number, t: number, generation: number, json: string): FrameOut {
    const bytes = Buffer.byteLength(json);
    return { type: 'frame', seq, t, dir, bytes, generation, message: JsonText.of(json) };
  }

  /** What the history keeps of a large frame; its whole text is kept apart, for a while. */
  private elided(frame: FrameOut, message: JSONRPCMessage | undefined): FrameOut {
    const json = frame.message.text;
    this.largeFrames.put(frame.seq, json);
    const whole = message ?? (JSON.parse(json) as JSONRPCMessage);
    return { ...frame, elided: true, message: JsonText.write(elideMessage(whole)) };
  }

  private toSessionTime(performanceNow: number): number {
    return Math.round((performanceNow - this.clockZero) * 1000) / 1000;
  }
}
