import type { JSONRPCMessage } from '@modelcontextprotocol/client';
import type { TargetState } from '../../shared/wire.js';
import { isNotification } from '../../shared/jsonRpcShape.js';
import { RelayTransport } from '../../shared/core/relayTransport.js';
import type { LiveOut, RecordOut } from '../relay/envelopeText.js';
import { Recorder, type RecordSink } from '../relay/recorder.js';
import { describeExit } from '../targets/targetOutput.js';
import { TargetRuns } from '../relay/targetRuns.js';
import type { TargetSpec } from '../targets/targetSpec.js';
import type { SpawnedServer } from '../targets/spawnServer.js';
import type { TargetAuth } from '../targets/targetAuth.js';
import type { TargetTuning } from '../targets/target.js';
import { CliAuth, type Challenge } from './cliAuth.js';
import { EXIT, VerbFailure } from './exitCodes.js';

/** What the link tells the verb's shell about besides MCP messages. */
export interface LinkEvents {
  /** One line of a stdio server's stderr (masked where recorded: the person's own values are not repeated). */
  stderr?(line: string): void;
  /** A problem on the wire that does not end the target: garbage on stdout, an HTTP error. */
  transportError?(message: string): void;
  /** A notifications/message (a log message) from the server. */
  log?(params: Record<string, unknown>): void;
  /** Every record, stamped as the bridge stamps it: for `--traffic`. */
  record?(record: RecordOut): void;
}

export interface TargetLinkOptions {
  /** The stdio server, when the CLI started it before loading the rest (it must be for this spec). */
  early?: SpawnedServer | undefined;
  tuning?: TargetTuning | undefined;
  events?: LinkEvents;
  /** The OAuth client's tokens for a URL target, when OAuth is on (see oauth/headlessOAuth.ts). */
  oauth?: TargetAuth | undefined;
}

/**
 * The headless verbs' way to a target: the bridge's own target runs (spawning, exit codes, the
 * stderr tail, bad stdout lines, HTTP exchanges with their secrets masked, requests failed by name
 * when the server exits) and its recorder (the stamped records the page shows and exports), with
 * an SDK `Transport` in the same process where the bridge would have a WebSocket to a page.
 */
export class TargetLink {
  private readonly recorder: Recorder;
  private readonly runs: TargetRuns;
  private readonly auth: CliAuth;
  private transport: RelayTransport | undefined;
  private lastState: TargetState | undefined;
  private nextRef = 1;

  constructor(
    readonly spec: TargetSpec,
    private readonly options: TargetLinkOptions = {},
  ) {
    this.auth = new CliAuth(options.oauth);
    const sink: RecordSink = { record: (live, kept) => this.onRecord(live, kept) };
    // Nothing is kept for a page that might reload: whole large frames are held for none.
    this.recorder = new Recorder(sink, { diskBytes: 0, queueBytes: 0 });
    this.runs = new TargetRuns(spec, this.recorder, {
      // The verbs say what matters themselves, on stderr; the bridge's terminal lines are not theirs.
      log: () => undefined,
      targetAuth: () => this.auth,
      earlyServer: options.early,
      tuning: options.tuning,
    });
  }

  /** Wall-clock time at which the records' `t` is 0. */
  get startedAt(): number {
    return this.recorder.startedAt;
  }

  /** How the current run of the target ended, once it has. */
  get ended(): TargetState | undefined {
    const state = this.lastState;
    return state && (state.state === 'exited' || state.state === 'failed') ? state : undefined;
  }

  get transportKind(): TargetState['transport'] {
    return this.lastState?.transport;
  }

  get pid(): number | undefined {
    return this.runs.pid;
  }

  /**
   * Starts (or starts again) the target, and resolves with a fresh SDK transport over it once it
   * runs; fails with the verbs' exit codes when it does not (4, or 3 for a server that wants
   * authorization).
   */
  async open(): Promise<RelayTransport> {
    this.transport?.closeFromTarget();
    if (this.closed) throw stopped();
    await this.runs.restart();
    if (this.closed) throw stopped();
    const state = this.lastState;
    if (state?.state !== 'connected') throw this.failure();
    const transport = new RelayTransport(
      state.generation,
      (message, headers) => {
        this.runs.relay(message, this.nextRef++, JSON.stringify(message), headers);
        return true;
      },
      {
        shape: this.spec.kind === 'stdio' ? 'stdio' : 'http',
        onProtocolVersion: (version) => this.runs.setProtocolVersion(version),
      },
    );
    this.transport = transport;
    return transport;
  }

  /** Stops the target (a stdio server: stdin closed, then SIGTERM, then SIGKILL). */
  /** Stopped for good (the verb is done, or was interrupted): nothing starts it again. */
  private closed = false;

  get isClosed(): boolean {
    return this.closed;
  }

  async close(): Promise<void> {
    this.closed = true;
    this.transport?.closeFromTarget();
    await this.runs.stop();
  }

  /**
   * Why the target is not usable, as a verb's failure: authorization (3) when the server asked
   * for it, else could not connect or exited (4), with the last lines of its stderr.
   */
  failure(fallback = 'the MCP server is not running'): VerbFailure {
    const state = this.ended;
    if (this.auth.challenge) return this.auth.failure(this.spec);
    if (!state) return new VerbFailure(EXIT.connect, 'connect', fallback);
    const tail = state.stderrTail ?? [];
    const details =
      tail.length === 0
        ? []
        : [
            `its last ${tail.length === 1 ? 'line' : `${tail.length} lines`} on stderr:`,
            ...tail.map((line) => `│ ${line}`),
          ];
    if (state.state === 'failed')
      return new VerbFailure(EXIT.connect, 'connect', state.reason ?? fallback, details);
    const exit = {
      code: state.code ?? null,
      signal: state.signal ?? null,
      ...(state.reason ? { reason: state.reason } : {}),
    };
    return new VerbFailure(EXIT.connect, 'server-exited', `the MCP server ${describeExit(exit)}`, details);
  }

  /** Whether the server asked for authorization (HTTP 401, or 403 insufficient_scope). */
  get wantsAuthorization(): boolean {
    return this.auth.challenge !== undefined;
  }

  /** The server's last challenge (401, or 403 insufficient_scope), if any. */
  get challenge(): Challenge | undefined {
    return this.auth.challenge;
  }

  /** Before trying again with new tokens: the old challenge is answered. */
  forgetChallenge(): void {
    this.auth.challenge = undefined;
  }

  authFailure(): VerbFailure {
    return this.auth.failure(this.spec);
  }

  private onRecord(live: LiveOut, kept: RecordOut | undefined): void {
    // A stamp stands for the frame the page already holds; the file gets the whole frame.
    const record = live.type === 'stamp' ? kept : live;
    if (record) this.options.events?.record?.(record);
    const events = this.options.events ?? {};
    switch (live.type) {
      case 'frame': {
        if (live.dir !== 'fromServer' || live.generation !== this.transport?.generation) return;
        const message = JSON.parse(live.message.text) as JSONRPCMessage;
        // Log messages are the shell's to show; the SDK client has no use for them.
        if (isNotification(message) && message.method === 'notifications/message') {
          events.log?.((message.params ?? {}) as Record<string, unknown>);
          return;
        }
        this.transport.deliver(message);
        return;
      }
      case 'state':
        this.lastState = live;
        if (live.state !== 'starting' && live.state !== 'connected') {
          if (live.generation === this.transport?.generation) this.transport.closeFromTarget();
        }
        return;
      case 'stderr':
        events.stderr?.(live.line);
        return;
      case 'transportError':
        // Once the verb is done, what stopping the target shakes loose (an aborted event stream)
        // is the traffic file's, not the person's.
        if (!this.closed)
          events.transportError?.(live.message + (live.raw === undefined ? '' : `: ${live.raw}`));
        return;
      default:
        return;
    }
  }
}

function stopped(): VerbFailure {
  return new VerbFailure(EXIT.interrupted, 'interrupted', 'stopped before the server was ready');
}
