import { performance } from 'node:perf_hooks';
import type { JSONRPCMessage, RequestId } from '@modelcontextprotocol/client';
import {
  BRIDGE_CONNECTION_CLOSED,
  PageEnvelopeSchema,
  WIRE_PROTOCOL_VERSION,
  assertNever,
  type FrameDirection,
  type HttpExchange,
  type PageEnvelope,
  type TargetInfo,
  type TargetState,
  type TransportKind,
} from '../shared/wire.js';
import { appRecord } from './appMessages.js';
import { isJsonRpcMessageShape } from '../shared/jsonRpcShape.js';
import { isInitialize, requestIdOf, responseIdOf } from './jsonRpcShape.js';
import { HISTORY_FRAME_LIMIT_BYTES, elideMessage } from './largeFrames.js';
import { LargeFrameStore } from './largeFrameStore.js';
import { Timeline } from './timeline.js';
import { unhandledEnvelopeReason } from './unhandledEnvelope.js';
import { describeTarget, targetFromRequest, targetLabel, type TargetSpec } from './targetSpec.js';
import { openTarget } from './targets/openTarget.js';
import type { SpawnedServer } from './targets/spawnServer.js';
import type { TargetAuth } from './oauth/oauthManager.js';
import type { TargetConnection, TargetEvents, TargetExit, TargetTimings } from './targets/target.js';

/** Where the session writes envelopes for the page; a WebSocket in production. */
export interface PageSink {
  send(text: string): void;
  close(code: number, reason: string): void;
}

export interface SessionOptions {
  /** The mcp-inspect version, told to the page. */
  version: string;
  /** Lines for the terminal; never given secrets. */
  log: (line: string) => void;
  /** Bounds of the history a re-attaching page gets back. */
  historyRecords?: number;
  historyBytes?: number;
  /** The bridge's OAuth client for a URL target (server/oauth). */
  targetAuth?: (url: string) => TargetAuth;
  /** The stdio server of the first run, when the CLI started it before loading the bridge. */
  earlyServer?: SpawnedServer;
  /** Shorter waits on the target than the product's, for tests. */
  timings?: TargetTimings;
}

const STDERR_TAIL_LINES = 20;
/** How many of those the terminal gets when a server fails; the page has them all. */
const TERMINAL_STDERR_LINES = 10;
/** How long a stamp may wait for a record to travel with; under one animation frame of the page. */
const STAMP_WAIT_MS = 8;
/** Bound of the whole texts of large frames a reloaded page may still open. */
const LARGE_FRAME_STORE_BYTES = 256 * 1024 * 1024;
/** WebSocket close codes in the private range, so the page can tell why it was closed. */
export const CLOSE_TAKEN_OVER = 4001;
export const CLOSE_WIRE_MISMATCH = 4002;
export const CLOSE_NO_HELLO = 4003;

type StateFields = Omit<TargetState, 'type' | 'seq' | 't' | 'generation'>;

/**
 * One inspection session: one MCP target and the page attached to it.
 *
 * The session relays JSON-RPC frames both ways without reinterpreting them, and stamps each
 * frame and event with a sequence number and a monotonic time; those stamps are the timings
 * the traffic pane shows. It keeps the target across page reloads; a page that attaches to
 * a target another page already initialized gets a fresh run, because MCP allows one
 * `initialize` per connection.
 */
export class BridgeSession {
  private readonly clockZero = performance.now();
  private readonly startedAt = Date.now();
  private readonly timeline: Timeline;
  /** Whole texts of the frames the history keeps only the envelope of. */
  private readonly largeFrames = new LargeFrameStore(LARGE_FRAME_STORE_BYTES);
  private seq = 0;
  private generation = 0;
  private target: TargetConnection | undefined;
  private targetRunning = false;
  private initialized = false;
  private lastState: TargetState | undefined;
  private stderrTail: string[] = [];
  /** Requests from the page the target has not answered, so an exit can fail them by name. */
  private pending = new Map<RequestId, string>();
  private page: PageSink | undefined;
  private greeted = new WeakSet<PageSink>();
  /** Live records waiting for the end of this turn of the event loop, and the page they are for. */
  private outbox: string[] = [];
  private outboxPage: PageSink | undefined;
  private flushQueued = false;
  /** Sends the stamps that wait in the outbox (see `emit`); armed while one may be waiting. */
  private stampTimer: NodeJS.Timeout | undefined;
  private stampTimerArmed = false;
  /** Start, restart and stop run one at a time, in the order they were asked for. */
  private lifecycle: Promise<void> = Promise.resolve();
  private lifecycleSteps = 0;
  /** Taken by the first run (see SessionOptions.earlyServer). */
  private earlyServer: SpawnedServer | undefined;

  constructor(
    private spec: TargetSpec,
    private readonly options: SessionOptions,
  ) {
    this.earlyServer = options.earlyServer;
    this.timeline = new Timeline(options.historyRecords ?? 20_000, options.historyBytes ?? 64 * 1024 * 1024);
  }

  get pid(): number | undefined {
    return this.targetRunning ? this.target?.pid : undefined;
  }

  get state(): TargetState | undefined {
    return this.lastState;
  }

  /** Starts (or restarts) the target; resolves when it is running or has failed. */
  restart(): Promise<void> {
    return this.enqueue(async () => {
      await this.stopTarget();
      await this.startTarget();
    });
  }

  /** The whole JSON text of a frame the history elided, while the bridge still keeps it. */
  largeFrame(seq: number): string | undefined {
    return this.largeFrames.get(seq);
  }

  /** What the session inspects, as the page may see it (no secret values). */
  get targetInfo(): TargetInfo {
    return describeTarget(this.spec);
  }

  /** The URL of a URL target, as given (with its secrets: for the bridge only). */
  get targetUrl(): string | undefined {
    return this.spec.kind === 'url' ? this.spec.url : undefined;
  }

  /** Switches to another target: the current one is stopped, the new one started. */
  connect(spec: TargetSpec, askedBy?: string): Promise<void> {
    return this.enqueue(async () => {
      await this.stopTarget();
      this.spec = spec;
      // The terminal names every command a page starts: whoever holds the token can run one.
      this.options.log(`now inspecting ${targetLabel(spec)}${askedBy ? ` (asked for by ${askedBy})` : ''}`);
      this.emit(
        JSON.stringify({ type: 'target', seq: this.nextSeq(), t: this.now(), target: this.targetInfo }),
      );
      await this.startTarget();
    });
  }

  /** Stops the target at the user's request. */
  stop(): Promise<void> {
    return this.enqueue(() => this.stopTarget());
  }

  /** Ends everything; the bridge is exiting. */
  dispose(): Promise<void> {
    this.page?.close(1001, 'mcp-inspect is shutting down');
    this.page = undefined;
    return this.stop();
  }

  attach(page: PageSink): void {
    if (this.page && this.page !== page) {
      this.page.close(CLOSE_TAKEN_OVER, 'Another page took over this session');
    }
    this.page = page;
  }

  detach(page: PageSink): void {
    if (this.page === page) this.page = undefined;
  }

  /** Handles one text message from the page; never throws, and answers what it cannot handle. */
  receive(page: PageSink, text: string): void {
    try {
      this.handle(page, text);
    } catch (error) {
      if (page === this.page) this.reject(page, unhandledEnvelopeReason(error));
    }
  }

  private handle(page: PageSink, text: string): void {
    if (page !== this.page) return;
    const compact = this.greeted.has(page) ? compactMcpEnvelope(text) : undefined;
    if (compact !== undefined) {
      try {
        this.relayToServer(compact.message, compact.ref, undefined, compact.json);
      } catch (error) {
        this.refuseRelay(page, compact.message, error);
      }
      return;
    }
    let raw: unknown;
    try {
      raw = JSON.parse(text);
    } catch {
      this.reject(page, 'The envelope is not JSON');
      return;
    }
    // Most envelopes are MCP frames: checked by hand (see shared/jsonRpcShape.ts), the rest by zod.
    const parsed = isMcpEnvelopeShape(raw)
      ? { success: true as const, data: raw }
      : PageEnvelopeSchema.safeParse(raw);
    if (!parsed.success) {
      this.reject(
        page,
        `The envelope does not match the wire schema: ${parsed.error.issues[0]?.message ?? ''}`,
      );
      return;
    }
    const envelope = parsed.data;
    if (envelope.type !== 'hello' && !this.greeted.has(page)) {
      this.reject(page, 'The first envelope must be hello', CLOSE_NO_HELLO);
      return;
    }
    switch (envelope.type) {
      case 'hello':
        this.greet(page, envelope.wireVersion);
        return;
      case 'mcp': {
        // Relay the message as the page wrote it; the schema's output may drop unknown keys.
        const message = (raw as { message: JSONRPCMessage }).message;
        try {
          this.relayToServer(message, envelope.ref, envelope.headers);
        } catch (error) {
          this.refuseRelay(page, message, error);
        }
        return;
      }
      case 'protocolVersion':
        this.target?.setProtocolVersion?.(envelope.version);
        return;
      case 'note':
        this.emitNote(envelope.generation, envelope.level, 'page', envelope.text);
        return;
      case 'app':
        // An MCP App's message, seen only by the page: stamped here so it sorts among the frames.
        this.emit(JSON.stringify(appRecord(envelope, this.nextSeq(), this.now())));
        return;
      case 'restart':
        void this.restart();
        return;
      case 'disconnect':
        void this.stop();
        return;
      case 'connect': {
        // Secrets kept by the bridge go only to the server they were given for.
        const next = targetFromRequest(envelope.target, this.spec);
        if ('error' in next) this.reject(page, next.error);
        else void this.connect(next, 'the page');
        return;
      }
      default:
        assertNever(envelope);
    }
  }

  private greet(page: PageSink, wireVersion: number): void {
    if (wireVersion !== WIRE_PROTOCOL_VERSION) {
      this.reject(
        page,
        `This page speaks wire version ${wireVersion} but the bridge speaks ${WIRE_PROTOCOL_VERSION}: reload the page from the link mcp-inspect printed`,
        CLOSE_WIRE_MISMATCH,
      );
      return;
    }
    this.greeted.add(page);
    this.flushOutbox();
    page.send(
      JSON.stringify({
        type: 'welcome',
        wireVersion: WIRE_PROTOCOL_VERSION,
        bridgeVersion: this.options.version,
        target: describeTarget(this.spec),
        startedAt: this.startedAt,
      }),
    );
    // A target that already answered an initialize, or is not running, gets a fresh run;
    // one that is starting or restarting right now is left to finish. The old run is
    // detached before the history is sent, so the page never sees it as usable.
    const freshRun = this.lifecycleSteps === 0 && (this.initialized || !this.targetRunning);
    const old = freshRun ? this.detachTarget() : undefined;
    // What detaching emitted is in the history too; the page gets it there, in order.
    if (this.outboxPage === page) this.outbox = [];
    page.send(
      `{"type":"history","dropped":${this.timeline.dropped},"records":${this.timeline.toJsonArray()}}`,
    );
    if (freshRun) {
      void this.enqueue(async () => {
        await old?.close();
        await this.startTarget();
      });
    }
  }

  private reject(page: PageSink, reason: string, closeCode?: number): void {
    this.flushOutbox();
    page.send(JSON.stringify({ type: 'rejected', reason, fatal: closeCode !== undefined }));
    if (closeCode !== undefined) {
      page.close(closeCode, reason.slice(0, 120));
      this.detach(page);
    }
  }

  /** A message the bridge could not relay: the page is told, and a request gets its answer. */
  private refuseRelay(page: PageSink, message: JSONRPCMessage, error: unknown): void {
    const reason = unhandledEnvelopeReason(error);
    if (page === this.page) this.reject(page, reason);
    const requestId = requestIdOf(message);
    if (requestId !== undefined) this.failRequest(requestId, this.generation, reason);
  }

  /**
   * Not async, and no `await` of the write: on the relay's hot path, the promises and microtasks
   * of an async function cost more than the rest of the relaying (measured in the relay bench).
   */
  private relayToServer(
    message: JSONRPCMessage,
    ref: number,
    headers?: Record<string, string>,
    json = JSON.stringify(message),
  ): void {
    const target = this.target;
    const generation = this.generation;
    // Stamped when seen, but reported after the write: the server starts work sooner.
    const seq = this.nextSeq();
    const t = this.now();
    const requestId = requestIdOf(message);
    if (!target || !this.targetRunning) {
      this.emitPageFrame(json, generation, seq, t, ref, message);
      if (requestId !== undefined) this.failRequest(requestId, generation, 'The MCP server is not running');
      return;
    }
    if (isInitialize(message)) this.initialized = true;
    if (requestId !== undefined) this.pending.set(requestId, (message as { method: string }).method);
    const sent = target.send(message, json, headers);
    this.emitPageFrame(json, generation, seq, t, ref, message);
    sent?.then(undefined, (error: unknown) => {
      if (requestId !== undefined && this.pending.delete(requestId)) {
        this.failRequest(requestId, generation, (error as Error).message);
      }
    });
  }

  private async startTarget(): Promise<void> {
    this.generation += 1;
    const generation = this.generation;
    this.initialized = false;
    this.stderrTail = [];
    this.pending.clear();
    this.emitState(generation, { state: 'starting' });
    const target = this.openTarget({
      onMessage: (message, json) => {
        const responseId = responseIdOf(message);
        if (responseId !== undefined) this.pending.delete(responseId);
        this.emitFrame('fromServer', json, generation, { message });
      },
      onStderr: (line) => {
        this.stderrTail.push(line);
        if (this.stderrTail.length > STDERR_TAIL_LINES) this.stderrTail.shift();
        this.emit(
          `{"type":"stderr","seq":${this.nextSeq()},"t":${this.now()},"generation":${generation},"line":${JSON.stringify(line)}}`,
        );
      },
      onTransportError: (message, detail) => {
        this.options.log(`transport error: ${message}`);
        this.emit(
          JSON.stringify({
            type: 'transportError',
            seq: this.nextSeq(),
            t: this.now(),
            generation,
            message,
            ...detail,
          }),
        );
      },
      onHttpExchange: ({ startedAt, ...exchange }) => {
        const t = Math.round((startedAt - this.clockZero) * 1000) / 1000;
        this.emit(
          JSON.stringify({
            type: 'http',
            ...exchange,
            seq: this.nextSeq(),
            t,
            generation,
          } satisfies HttpExchange),
        );
      },
      onNote: (level, text) => {
        this.options.log(text);
        this.emitNote(generation, level, 'bridge', text);
      },
      onExit: (exit) => this.onTargetExit(target, generation, exit),
    });
    this.target = target;
    try {
      await target.start();
    } catch (error) {
      // onExit already reported a stdio spawn failure; a URL target reports it here.
      if (
        this.target === target &&
        this.targetRunning === false &&
        this.lastState?.generation === generation
      ) {
        if (this.lastState.state === 'starting') {
          this.emitState(generation, { state: 'failed', reason: (error as Error).message });
          this.options.log(`✖ ${(error as Error).message}`);
        }
      }
      return;
    }
    if (this.target !== target || this.lastState?.state !== 'starting') return;
    this.targetRunning = true;
    // Once, when the transport really connected; how it was chosen is a note, not an error.
    const { note, pid } = target;
    this.options.log(
      `● connected over ${transportName(target.kind)}${pid === undefined ? '' : ` (pid ${pid})`}${note ? `: ${note}` : ''}`,
    );
    this.emitState(generation, {
      state: 'connected',
      transport: target.kind,
      ...(pid === undefined ? {} : { pid }),
      ...(note ? { note } : {}),
    });
  }

  /**
   * A URL target gets the bridge's OAuth client for its URL (server/oauth); the first run of a
   * stdio target takes over the process the CLI started early, if it did (for this very target).
   */
  private openTarget(events: TargetEvents): TargetConnection {
    const spec = this.spec;
    const early = this.earlyServer;
    this.earlyServer = undefined;
    const { targetAuth, timings } = this.options;
    if (spec.kind === 'url') return openTarget(spec, events, targetAuth?.(spec.url), undefined, timings);
    return openTarget(spec, events, undefined, early?.spec === spec ? early : undefined, timings);
  }

  private async stopTarget(): Promise<void> {
    await this.detachTarget()?.close();
  }

  /**
   * Takes the target out of service at once: pending requests fail, the page is told it
   * stopped, and nothing more is relayed to or from it. Closing the process is the caller's.
   */
  private detachTarget(): TargetConnection | undefined {
    const target = this.target;
    if (!target) return undefined;
    const wasRunning = this.targetRunning;
    this.targetRunning = false;
    this.target = undefined;
    this.failPending(this.generation, 'The MCP server was stopped before it answered');
    if (wasRunning) this.emitState(this.generation, { state: 'stopped' });
    return target;
  }

  private onTargetExit(target: TargetConnection, generation: number, exit: TargetExit): void {
    if (this.target !== target) return; // stopped on purpose; stopTarget reports it
    this.targetRunning = false;
    const how = describeExit(exit);
    this.failPending(generation, `The MCP server ${how} before it answered`, exit);
    const stderrTail = [...this.stderrTail];
    if (exit.reason !== undefined && this.lastState?.state === 'starting') {
      this.emitState(generation, { state: 'failed', reason: exit.reason, stderrTail });
    } else {
      this.emitState(generation, {
        state: 'exited',
        code: exit.code,
        signal: exit.signal,
        ...(exit.reason === undefined ? {} : { reason: exit.reason }),
        stderrTail,
      });
    }
    this.options.log(`${exit.reason !== undefined ? '✖' : '●'} ${exit.reason ?? `the MCP server ${how}`}`);
    // Why it failed is usually on its stderr: the last lines go to the terminal too.
    if (exit.code !== 0 && stderrTail.length > 0) {
      const shown = stderrTail.slice(-TERMINAL_STDERR_LINES);
      this.options.log(`  its last ${shown.length === 1 ? 'line' : `${shown.length} lines`} on stderr:`);
      for (const line of shown) this.options.log(`  │ ${maskSecretValues(line, this.spec)}`);
    }
  }

  private failPending(generation: number, message: string, exit?: TargetExit): void {
    for (const id of this.pending.keys()) this.failRequest(id, generation, message, exit);
    this.pending.clear();
  }

  /**
   * Answers a request the target never will, so the page's call fails with the reason
   * instead of waiting for its timeout. Marked synthetic: the traffic pane shows it as the
   * bridge's, not the server's.
   */
  private failRequest(id: RequestId, generation: number, message: string, exit?: TargetExit): void {
    const data = exit
      ? { exitCode: exit.code, signal: exit.signal, stderrTail: [...this.stderrTail] }
      : undefined;
    const response = {
      jsonrpc: '2.0',
      id,
      error: { code: BRIDGE_CONNECTION_CLOSED, message, ...(data ? { data } : {}) },
    };
    this.emitFrame('fromServer', JSON.stringify(response), generation, { synthetic: true });
  }

  private emitFrame(
    dir: FrameDirection,
    json: string,
    generation: number,
    options: { seq?: number; t?: number; synthetic?: boolean; message?: JSONRPCMessage } = {},
  ): void {
    const bytes = Buffer.byteLength(json);
    const seq = options.seq ?? this.nextSeq();
    const t = options.t ?? this.now();
    const stamps = `{"type":"frame","seq":${seq},"t":${t},"dir":"${dir}","bytes":${bytes},"generation":${generation}${options.synthetic ? ',"synthetic":true' : ''}`;
    const record = `${stamps},"message":${json}}`;
    if (bytes > HISTORY_FRAME_LIMIT_BYTES) {
      const message = options.message ?? (JSON.parse(json) as JSONRPCMessage);
      this.largeFrames.put(seq, json);
      this.emit(record, `${stamps},"elided":true,"message":${JSON.stringify(elideMessage(message))}}`);
      return;
    }
    this.emit(record);
  }

  /**
   * A frame the page sent: the history keeps it whole, but the page that sent it gets only the
   * stamps (the page still holds the message; see shared/frameStamps.ts). Sending each request
   * back whole was 37% of the bridge's CPU in the relay bench.
   */
  private emitPageFrame(
    json: string,
    generation: number,
    seq: number,
    t: number,
    ref: number,
    message: JSONRPCMessage,
  ): void {
    const bytes = Buffer.byteLength(json);
    const stamp = `{"type":"stamp","seq":${seq},"t":${t},"generation":${generation},"ref":${ref},"bytes":${bytes}}`;
    const stamps = `{"type":"frame","seq":${seq},"t":${t},"dir":"toServer","bytes":${bytes},"generation":${generation}`;
    if (bytes > HISTORY_FRAME_LIMIT_BYTES) {
      this.largeFrames.put(seq, json);
      this.emit(stamp, `${stamps},"elided":true,"message":${JSON.stringify(elideMessage(message))}}`, true);
      return;
    }
    this.emit(stamp, `${stamps},"message":${json}}`, true);
  }

  private emitNote(
    generation: number,
    level: 'info' | 'warning',
    source: 'page' | 'bridge',
    text: string,
  ): void {
    this.emit(
      JSON.stringify({ type: 'note', seq: this.nextSeq(), t: this.now(), generation, level, source, text }),
    );
  }

  private emitState(generation: number, fields: StateFields): void {
    const state: TargetState = { type: 'state', seq: this.nextSeq(), t: this.now(), generation, ...fields };
    this.lastState = state;
    this.emit(JSON.stringify(state));
  }

  /**
   * Sends a record to the page and keeps it (or what stands for it: a large frame's envelope,
   * the whole frame of a stamp). A record that `canWait` (a stamp) may ride with the next one.
   */
  private emit(record: string, kept: string = record, canWait = false): void {
    this.timeline.push(kept);
    const page = this.page;
    if (!page || !this.greeted.has(page)) return;
    if (this.outboxPage !== page) this.flushOutbox();
    this.outboxPage = page;
    this.outbox.push(record);
    // Everything emitted in this turn (a stdout chunk holds hundreds of lines in a flood) goes
    // as one WebSocket message: per-message costs, not bytes, limit a flood on both ends.
    if (!canWait) {
      if (!this.flushQueued) {
        this.flushQueued = true;
        queueMicrotask(() => {
          this.flushQueued = false;
          this.flushOutbox();
        });
      }
      return;
    }
    // A stamp waits for the server's answer, which usually comes within a millisecond: the
    // two then travel as one message, as a raw relay would send the answer alone. The page
    // draws at most once per animation frame, so the wait is never seen. One timer, re-armed,
    // rather than one set and cleared per request: on the relay's hot path that cost more.
    if (this.stampTimerArmed) return;
    this.stampTimerArmed = true;
    if (this.stampTimer) this.stampTimer.refresh();
    else this.stampTimer = setTimeout(() => this.onStampTimer(), STAMP_WAIT_MS).unref();
  }

  private onStampTimer(): void {
    this.stampTimerArmed = false;
    this.flushOutbox();
  }

  /** Sends the waiting records; called before anything else is sent to a page, to keep order. */
  private flushOutbox(): void {
    const page = this.outboxPage;
    const records = this.outbox;
    if (records.length === 0 || !page) return;
    this.outbox = [];
    if (page !== this.page) return; // detached or taken over meanwhile: it would not have got them
    page.send(
      records.length === 1 ? (records[0] ?? '') : `{"type":"batch","records":[${records.join(',')}]}`,
    );
  }

  private nextSeq(): number {
    this.seq += 1;
    return this.seq;
  }

  private now(): number {
    return Math.round((performance.now() - this.clockZero) * 1000) / 1000;
  }

  private enqueue(step: () => Promise<void>): Promise<void> {
    this.lifecycleSteps += 1;
    const run = async (): Promise<void> => {
      try {
        await step();
      } finally {
        this.lifecycleSteps -= 1;
      }
    };
    this.lifecycle = this.lifecycle.then(run, run);
    return this.lifecycle;
  }
}

const COMPACT_MCP_PREFIX = '{"type":"mcp","ref":';
const COMPACT_MCP_MESSAGE = ',"message":';
/** Past this, re-serializing costs little next to the message; and the general path walks it. */
const COMPACT_MCP_MAX_CHARS = 16 * 1024;

/**
 * An `mcp` envelope exactly as the page writes it (`JSON.stringify` of type, ref, message, no
 * headers), read without parsing the envelope around the message: the message's own text is
 * relayed as it came, instead of being parsed with the envelope and written out again. A
 * slice that parses on its own is exactly one JSON value, so the envelope is exactly
 * `{type, ref, message}`. Anything else takes the general path, which says what is wrong.
 * Measured on the session alone (CPU time per request, 100,000 echo calls): 5.4–7 → 4.3–5.4 µs,
 * and 8–11 → 6.4–7.5 µs for 2026-07-28 requests, which carry their `_meta` envelope each time.
 */
function compactMcpEnvelope(
  text: string,
): { ref: number; message: JSONRPCMessage; json: string } | undefined {
  if (text.length > COMPACT_MCP_MAX_CHARS || !text.startsWith(COMPACT_MCP_PREFIX)) return undefined;
  if (text.charCodeAt(text.length - 1) !== 0x7d /* } */) return undefined;
  let at = COMPACT_MCP_PREFIX.length;
  // A positive integer without a leading zero, as JSON writes it.
  if (text.charCodeAt(at) < 0x31 || text.charCodeAt(at) > 0x39) return undefined;
  let ref = 0;
  for (; at < text.length && text.charCodeAt(at) >= 0x30 && text.charCodeAt(at) <= 0x39; at++) {
    ref = ref * 10 + text.charCodeAt(at) - 0x30;
  }
  if (!Number.isSafeInteger(ref) || !text.startsWith(COMPACT_MCP_MESSAGE, at)) return undefined;
  const json = text.slice(at + COMPACT_MCP_MESSAGE.length, -1);
  let message: unknown;
  try {
    message = JSON.parse(json);
  } catch {
    return undefined;
  }
  return isJsonRpcMessageShape(message) ? { ref, message: message as JSONRPCMessage, json } : undefined;
}

/** An `mcp` envelope without per-message headers (those are rare, and left to the schema). */
function isMcpEnvelopeShape(value: unknown): value is Extract<PageEnvelope, { type: 'mcp' }> {
  if (typeof value !== 'object' || value === null) return false;
  const envelope = value as Record<string, unknown>;
  return (
    envelope.type === 'mcp' &&
    Number.isSafeInteger(envelope.ref) &&
    (envelope.ref as number) > 0 &&
    envelope.headers === undefined &&
    isJsonRpcMessageShape(envelope.message)
  );
}

/**
 * A line for the terminal with the values of the person's variables and headers masked: the
 * bridge never logs them, and a server may well print its own configuration.
 */
function maskSecretValues(line: string, spec: TargetSpec): string {
  const values = Object.values(spec.kind === 'stdio' ? spec.env : spec.headers);
  // Very short values would mask ordinary words and tell little anyway.
  return values
    .filter((value) => value.length >= 4)
    .reduce((masked, value) => masked.split(value).join('****'), line);
}

export function describeExit(exit: TargetExit): string {
  if (exit.reason !== undefined) return `failed: ${exit.reason}`;
  if (exit.signal) return `was ended by ${exit.signal}`;
  if (exit.code !== null) return `exited with code ${exit.code}`;
  return 'closed the connection';
}

function transportName(kind: TransportKind): string {
  return kind === 'stdio' ? 'stdio' : kind === 'sse' ? 'SSE' : 'Streamable HTTP';
}
