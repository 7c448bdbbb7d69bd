import type { JSONRPCErrorResponse, JSONRPCMessage, RequestId } from '@modelcontextprotocol/client';
import { isRequest, requestIdOf, responseIdOf } from '../../shared/jsonRpcShape.js';
import { BRIDGE_CONNECTION_CLOSED } from '../../shared/wireConstants.js';
import type { TargetAuth } from '../targets/targetAuth.js';
import type { Recorder } from './recorder.js';
import { NegotiationWatch } from './negotiationWatch.js';
import { StderrTail, connectedLine, describeExit, logExit, secretMask } from '../targets/targetOutput.js';
import { describeTarget, targetLabel, type TargetSpec } from '../targets/targetSpec.js';
import { openTarget } from '../targets/openTarget.js';
import type { SpawnedServer } from '../targets/spawnServer.js';
import type { TargetConnection, TargetEvents, TargetExit, TargetTuning } from '../targets/target.js';

export interface TargetRunsOptions {
  /** Lines for the terminal; never given secrets. */
  log: (line: string) => void;
  /** The bridge's OAuth client for a URL target (server/oauth). */
  targetAuth?: ((url: string) => TargetAuth) | undefined;
  /** The stdio server of the first run, when the CLI started it before loading the bridge. */
  earlyServer?: SpawnedServer | undefined;
  /** Where connections come from (see SessionOptions.openTarget). */
  openTarget?: typeof openTarget | undefined;
  /** Waits on the target (shorter in tests) and the stdin backlog it may hold (see TargetTuning). */
  tuning?: TargetTuning | undefined;
}

/**
 * The runs of a session's target: starting, stopping, switching and restarting it (one at a time,
 * in the order asked), relaying the page's messages to the current run, and what a run leaves
 * when it ends. Each run is a generation; a restart is a new one, with a fresh `initialize`, as MCP
 * allows one per connection. A request the run will never answer (it exited, was stopped, or the
 * message could not be written) gets an answer from the bridge, so the page's call fails with the
 * reason instead of waiting for its timeout.
 */
export class TargetRuns {
  private generationCount = 0;
  private target: TargetConnection | undefined;
  private running = false;
  private initialized = false;
  private readonly stderrTail = new StderrTail();
  /** Requests from the page the target has not answered, so an exit can fail them by name. */
  private pending = new Map<RequestId, string>();
  /** Start, restart and stop run one at a time, in the order they were asked for. */
  private lifecycle: Promise<void> = Promise.resolve();
  private lifecycleSteps = 0;
  /** Taken by the first run (see TargetRunsOptions.earlyServer). */
  private earlyServer: SpawnedServer | undefined;
  /** Says in the terminal which era and version the page and the server agreed on, or why not. */
  private readonly negotiation: NegotiationWatch;

  constructor(
    private currentSpec: TargetSpec,
    private readonly recorder: Recorder,
    private readonly options: TargetRunsOptions,
  ) {
    this.earlyServer = options.earlyServer;
    this.negotiation = new NegotiationWatch(() => this.currentSpec.era, options.log);
  }

  /** What the session inspects, secrets included (for the bridge only). */
  get spec(): TargetSpec {
    return this.currentSpec;
  }

  /** The current run; the one a message from the page goes to. */
  get generation(): number {
    return this.generationCount;
  }

  get pid(): number | undefined {
    return this.running ? this.target?.pid : undefined;
  }

  /**
   * Whether a page that says hello gets a fresh run: one that already answered an initialize, or
   * is not running, does; one that is starting or restarting right now is left to finish.
   */
  get wantsFreshRun(): boolean {
    return this.lifecycleSteps === 0 && (this.initialized || !this.running);
  }

  /** Starts (or restarts) the target; resolves when it is running or has failed. */
  restart(): Promise<void> {
    this.abandonStart();
    return this.enqueue(async () => {
      await this.stopTarget();
      await this.startTarget();
    });
  }

  /** Switches to another target: the current one is stopped, the new one started. */
  connect(spec: TargetSpec, askedBy?: string): Promise<void> {
    this.abandonStart();
    return this.enqueue(async () => {
      await this.stopTarget();
      this.currentSpec = spec;
      // The terminal names every command a page starts: whoever holds the token can run one.
      this.options.log(`now inspecting ${targetLabel(spec)}${askedBy ? ` (asked for by ${askedBy})` : ''}`);
      this.recorder.targetChanged(describeTarget(spec));
      await this.startTarget();
    });
  }

  /** Stops the target at the user's request. */
  stop(): Promise<void> {
    this.abandonStart();
    return this.enqueue(() => this.stopTarget());
  }

  /**
   * A start still under way is cut short, not waited for: a URL server that accepts the
   * connection and never answers holds the start's probe for the whole connect timeout (10 s),
   * and stopping it, restarting it, removing it from the workspace or quitting waited as long.
   * The start then ends on its own (its target closed), and reports nothing more.
   */
  private abandonStart(): void {
    const target = this.target;
    if (target === undefined || this.running || this.recorder.lastState?.state !== 'starting') return;
    this.target = undefined;
    this.recorder.state(this.generationCount, { state: 'stopped' });
    void target.close();
  }

  /** Closes a run already detached, then starts a fresh one. */
  startAfter(old: TargetConnection | undefined): Promise<void> {
    return this.enqueue(async () => {
      await old?.close();
      await this.startTarget();
    });
  }

  /** The protocol version the page negotiated, for transports that send it as a header. */
  setProtocolVersion(version: string): void {
    this.target?.setProtocolVersion?.(version);
  }

  /**
   * Writes a message from the page to the current run, and records it. Not async, and no `await`
   * of the write: on the relay's hot path, the promises and microtasks of an async function cost
   * more than the rest of the relaying (measured in the relay bench). Throws when the message
   * cannot be written at all (see `refused`).
   */
  relay(message: JSONRPCMessage, ref: number, json: string, headers?: Record<string, string>): void {
    const target = this.target;
    const generation = this.generationCount;
    // Stamped when seen, but recorded after the write: the server starts work sooner.
    const seq = this.recorder.nextSeq();
    const t = this.recorder.now();
    const requestId = requestIdOf(message);
    if (!target || !this.running) {
      this.recorder.pageFrame(generation, seq, t, ref, json, message);
      if (requestId !== undefined) this.failRequest(requestId, generation, 'The MCP server is not running');
      return;
    }
    if (isRequest(message)) {
      if (message.method === 'initialize') this.initialized = true;
      this.pending.set(message.id, message.method);
      this.negotiation.pageRequest(message.id, message.method, message);
    }
    const sent = target.send(message, json, headers);
    this.recorder.pageFrame(generation, seq, t, ref, json, message);
    sent?.then(undefined, (error: unknown) => {
      if (requestId !== undefined && this.pending.delete(requestId)) {
        this.failRequest(requestId, generation, (error as Error).message);
      }
    });
  }

  /** A message the bridge could not relay (`reason`): a request gets its answer. */
  refused(message: JSONRPCMessage, reason: string): void {
    const requestId = requestIdOf(message);
    if (requestId !== undefined) this.failRequest(requestId, this.generationCount, reason);
  }

  /**
   * Takes the target out of service at once: pending requests fail, the page is told it
   * stopped, and nothing more is relayed to or from it. Closing the process is the caller's.
   */
  detach(): TargetConnection | undefined {
    const target = this.target;
    if (!target) return undefined;
    const wasRunning = this.running;
    this.running = false;
    this.target = undefined;
    this.failPending(this.generationCount, 'The MCP server was stopped before it answered');
    if (wasRunning) this.recorder.state(this.generationCount, { state: 'stopped' });
    return target;
  }

  private async stopTarget(): Promise<void> {
    await this.detach()?.close();
  }

  private async startTarget(): Promise<void> {
    this.generationCount += 1;
    const generation = this.generationCount;
    const recorder = this.recorder;
    this.initialized = false;
    this.stderrTail.clear();
    this.pending.clear();
    this.negotiation.reset();
    recorder.state(generation, { state: 'starting' });
    // What the server prints about itself is masked once, here, before anything keeps or shows it.
    const mask = secretMask(this.currentSpec);
    const target = this.openTarget({
      onMessage: (message, json, relatedTo) => {
        const responseId = responseIdOf(message);
        if (responseId !== undefined) {
          this.pending.delete(responseId);
          this.negotiation.response(responseId, message);
        }
        recorder.serverFrame(generation, json, message, relatedTo);
      },
      onStderr: (line) => {
        const masked = mask(line);
        this.stderrTail.push(masked);
        recorder.stderr(generation, masked);
      },
      onTransportError: (message, detail) => {
        // A line that is not JSON-RPC is quoted in the message (the parser's words) and in `raw`.
        const masked = mask(message);
        this.options.log(`transport error: ${masked}`);
        const raw = detail?.raw === undefined ? {} : { raw: mask(detail.raw) };
        recorder.transportError(generation, masked, detail ? { ...detail, ...raw } : undefined);
      },
      onHttpExchange: (exchange) => recorder.http(generation, exchange),
      onNote: (level, text) => {
        this.options.log(text);
        recorder.note(generation, level, 'bridge', text);
      },
      onExit: (exit) => this.onTargetExit(target, generation, exit),
    });
    this.target = target;
    try {
      await target.start();
    } catch (error) {
      // onExit already reported a stdio spawn failure; a URL target reports it here.
      const last = recorder.lastState;
      if (this.target === target && !this.running && last?.generation === generation) {
        if (last.state === 'starting') {
          recorder.state(generation, { state: 'failed', reason: (error as Error).message });
          this.options.log(`✖ ${(error as Error).message}`);
        }
      }
      return;
    }
    if (this.target !== target || recorder.lastState?.state !== 'starting') return;
    this.running = true;
    // Once, when the transport really connected; how it was chosen is a note, not an error.
    this.options.log(connectedLine(target));
    const { note, pid } = target;
    recorder.state(generation, {
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
    const spec = this.currentSpec;
    const early = this.earlyServer;
    this.earlyServer = undefined;
    const { openTarget: open = openTarget, targetAuth, tuning } = this.options;
    if (spec.kind === 'url') return open(spec, events, targetAuth?.(spec.url), undefined, tuning);
    return open(spec, events, undefined, early?.spec === spec ? early : undefined, tuning);
  }

  private onTargetExit(target: TargetConnection, generation: number, exit: TargetExit): void {
    if (this.target !== target) return; // stopped on purpose; stopTarget reports it
    this.running = false;
    this.failPending(generation, `The MCP server ${describeExit(exit)} before it answered`, exit);
    const stderrTail = this.stderrTail.lines();
    if (exit.reason !== undefined && this.recorder.lastState?.state === 'starting') {
      this.recorder.state(generation, { state: 'failed', reason: exit.reason, stderrTail });
    } else {
      this.recorder.state(generation, {
        state: 'exited',
        code: exit.code,
        signal: exit.signal,
        ...(exit.reason === undefined ? {} : { reason: exit.reason }),
        stderrTail,
      });
    }
    // Why it failed is usually on its stderr: the last lines go to the terminal too.
    logExit(this.options.log, exit, stderrTail);
  }

  private failPending(generation: number, message: string, exit?: TargetExit): void {
    for (const id of this.pending.keys()) this.failRequest(id, generation, message, exit);
    this.pending.clear();
  }

  /**
   * Answers a request the target never will. Marked synthetic: the traffic pane shows it as the
   * bridge's, not the server's.
   */
  private failRequest(id: RequestId, generation: number, message: string, exit?: TargetExit): void {
    const data = exit
      ? { exitCode: exit.code, signal: exit.signal, stderrTail: this.stderrTail.lines() }
      : undefined;
    const response: JSONRPCErrorResponse = {
      jsonrpc: '2.0',
      id,
      error: { code: BRIDGE_CONNECTION_CLOSED, message, ...(data ? { data } : {}) },
    };
    this.recorder.bridgeAnswer(generation, response);
    if (generation === this.generationCount) this.negotiation.response(id, response);
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
