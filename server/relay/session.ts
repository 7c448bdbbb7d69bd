import type { JSONRPCMessage } from '@modelcontextprotocol/client';
import type { Readable } from 'node:stream';
import {
  CLOSE_BRIDGE_EXITING,
  CLOSE_NO_HELLO,
  CLOSE_WIRE_MISMATCH,
  WIRE_PROTOCOL_VERSION,
  assertNever,
  type TargetInfo,
  type TargetState,
} from '../../shared/wire.js';
import { JsonText } from './envelopeText.js';
import { PageChannel, type PageSink } from './pageChannel.js';
import { readPageEnvelope } from './pageEnvelopes.js';
import { Recorder } from './recorder.js';
import { TargetRuns } from './targetRuns.js';
import { describeTarget, targetFromRequest, type TargetSpec } from '../targets/targetSpec.js';
import type { TargetAuth } from '../targets/targetAuth.js';
import type { openTarget } from '../targets/openTarget.js';
import type { TargetTuning } from '../targets/target.js';
import { DEFAULT_MEMORY_LIMITS, type MemoryLimits } from '../targets/memoryLimits.js';
import type { SpawnedServer } from '../targets/spawnServer.js';
import { unhandledEnvelopeReason } from './unhandledEnvelope.js';

export type { PageSink } from './pageChannel.js';

export interface SessionOptions {
  /** The mcp-inspect version, told to the page. */
  version: string;
  /** Lines for the terminal; never given secrets. */
  log: (line: string) => void;
  /** Bound of the history a re-attaching page gets back, in records (its bytes: `limits`). */
  historyRecords?: number;
  /** What the session keeps at most (memoryLimits.ts); the defaults unless given. */
  limits?: MemoryLimits;
  /** The bridge's OAuth client for a URL target (server/oauth). */
  targetAuth?: (url: string) => TargetAuth;
  /** The stdio server of the first run, when the CLI started it before loading the bridge. */
  earlyServer?: SpawnedServer;
  /**
   * Where the session's connections come from: a child process or a URL by default; an
   * in-process target in tests and in bench/sessionOnly.ts, which measure the session alone.
   */
  openTarget?: typeof openTarget;
  /** Shorter waits on the target than the product's, for tests. */
  tuning?: TargetTuning;
}

/**
 * One inspection session: one MCP target and the page attached to it.
 *
 * The session relays JSON-RPC frames both ways without reinterpreting them; its parts stamp
 * each frame and event (recorder.ts), keep and send them (pageChannel.ts), and run the target
 * (targetRuns.ts). Here: the page's envelopes, read (pageEnvelopes.ts) and acted on. It keeps
 * the target across page reloads; a page that attaches to a target another page already
 * initialized gets a fresh run, because MCP allows one `initialize` per connection.
 */
export class BridgeSession {
  private readonly channel: PageChannel;
  private readonly recorder: Recorder;
  private readonly runs: TargetRuns;

  constructor(
    spec: TargetSpec,
    private readonly options: SessionOptions,
  ) {
    const limits = options.limits ?? DEFAULT_MEMORY_LIMITS;
    this.channel = new PageChannel(options.historyRecords ?? 20_000, limits.historyBytes);
    this.recorder = new Recorder(this.channel, {
      diskBytes: limits.largeFrameStoreBytes,
      queueBytes: limits.largeFrameQueueBytes,
    });
    // What a stdio target holds for a server that does not read is the target's own bound.
    const tuning = { ...options.tuning, stdinBacklogBytes: limits.stdinBacklogBytes };
    this.runs = new TargetRuns(spec, this.recorder, { ...options, tuning });
  }

  get pid(): number | undefined {
    return this.runs.pid;
  }

  get state(): TargetState | undefined {
    return this.recorder.lastState;
  }

  /** Starts (or restarts) the target; resolves when it is running or has failed. */
  restart(): Promise<void> {
    return this.runs.restart();
  }

  /** The whole JSON text of a frame the history elided, while the bridge still keeps it. */
  largeFrame(seq: number): Promise<Readable | undefined> {
    return this.recorder.largeFrame(seq);
  }

  /** What the session inspects, as the page may see it (no secret values). */
  /** The target as the session runs it (secrets included: for the bridge's own use only). */
  get spec(): TargetSpec {
    return this.runs.spec;
  }

  get targetInfo(): TargetInfo {
    return describeTarget(this.runs.spec);
  }

  /** The URL of a URL target, as given (with its secrets: for the bridge only). */
  get targetUrl(): string | undefined {
    const spec = this.runs.spec;
    return spec.kind === 'url' ? spec.url : undefined;
  }

  /** Switches to another target: the current one is stopped, the new one started. */
  connect(spec: TargetSpec, askedBy?: string): Promise<void> {
    return this.runs.connect(spec, askedBy);
  }

  /** Stops the target at the user's request. */
  stop(): Promise<void> {
    return this.runs.stop();
  }

  /** Ends everything; the bridge is exiting. */
  dispose(): Promise<void> {
    const page = this.channel.current;
    if (page) {
      page.close(CLOSE_BRIDGE_EXITING, 'mcp-inspect is shutting down');
      this.channel.detach(page);
    }
    this.recorder.dispose();
    return this.stop();
  }

  /** Makes `page` the session's page; one it replaces is closed, saying why. */
  attach(page: PageSink): void {
    this.channel.attach(page);
  }

  detach(page: PageSink): void {
    this.channel.detach(page);
  }

  /** Handles one text message from the page; never throws, and answers what it cannot handle. */
  receive(page: PageSink, text: string): void {
    try {
      this.handle(page, text);
    } catch (error) {
      if (page === this.channel.current) this.reject(page, unhandledEnvelopeReason(error));
    }
  }

  /** A binary message from the page: no part of the wire, and answered as such. */
  receiveBinary(page: PageSink): void {
    this.reject(page, 'Binary frames are not part of the wire');
  }

  private handle(page: PageSink, text: string): void {
    if (page !== this.channel.current) return;
    const greeted = this.channel.isGreeted(page);
    const read = readPageEnvelope(text, greeted);
    if ('error' in read) {
      this.reject(page, read.error);
      return;
    }
    const { envelope } = read;
    if (envelope.type !== 'hello' && !greeted) {
      this.reject(page, 'The first envelope must be hello', CLOSE_NO_HELLO);
      return;
    }
    switch (envelope.type) {
      case 'hello':
        this.greet(page, envelope.wireVersion);
        return;
      case 'mcp': {
        this.relay(page, envelope.message, envelope.ref, read.json, envelope.headers);
        return;
      }
      case 'protocolVersion':
        this.runs.setProtocolVersion(envelope.version);
        return;
      case 'note':
        this.recorder.note(envelope.generation, envelope.level, 'page', envelope.text);
        return;
      case 'app':
        this.recorder.app(envelope);
        return;
      case 'restart':
        void this.runs.restart();
        return;
      case 'disconnect':
        void this.runs.stop();
        return;
      case 'connect': {
        // Secrets kept by the bridge go only to the server they were given for.
        const next = targetFromRequest(envelope.target, this.runs.spec);
        if ('error' in next) this.reject(page, next.error);
        else void this.runs.connect(next, 'the page');
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
    this.channel.greet(page);
    this.channel.send(page, {
      type: 'welcome',
      wireVersion: WIRE_PROTOCOL_VERSION,
      bridgeVersion: this.options.version,
      target: this.targetInfo,
      startedAt: this.recorder.startedAt,
    });
    // The old run is detached before the history is sent, so the page never sees it as usable;
    // what detaching recorded is in the history too, and the page gets it there, in order.
    const freshRun = this.runs.wantsFreshRun;
    const old = freshRun ? this.runs.detach() : undefined;
    this.channel.sendHistory(page);
    if (freshRun) void this.runs.startAfter(old);
  }

  /** Relays a message from the page; one the bridge cannot write is refused, and a request answered. */
  private relay(
    page: PageSink,
    message: JSONRPCMessage,
    ref: number,
    json: string | undefined,
    headers: Record<string, string> | undefined,
  ): void {
    try {
      this.runs.relay(message, ref, json ?? JsonText.write(message).text, headers);
    } catch (error) {
      const reason = unhandledEnvelopeReason(error);
      if (page === this.channel.current) this.reject(page, reason);
      this.runs.refused(message, reason);
    }
  }

  private reject(page: PageSink, reason: string, closeCode?: number): void {
    this.channel.send(page, { type: 'rejected', reason, fatal: closeCode !== undefined });
    if (closeCode !== undefined) {
      page.close(closeCode, reason.slice(0, 120));
      this.channel.detach(page);
    }
  }
}
