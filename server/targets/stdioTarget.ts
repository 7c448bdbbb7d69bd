import type { ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import type { JSONRPCMessage } from '@modelcontextprotocol/client';
import { isJsonRpcMessageShape } from '../../shared/jsonRpcShape.js';
import { endGroup, isAdopted, signalGroup } from './processGroups.js';
import { LineSplitter } from './lineSplitter.js';
import { SpawnedServer } from './spawnServer.js';
import type { TargetConnection, TargetEvents, TargetTuning } from './target.js';
import { DEFAULT_MEMORY_LIMITS, MAX_MESSAGE_BYTES } from './memoryLimits.js';

export interface StdioTargetSpec {
  command: string;
  args: string[];
  /** Added on top of the SDK's default environment; secrets, never logged. */
  env: Record<string, string>;
  cwd?: string;
}

/** A JSON-RPC line may be a response of tens of megabytes; past this it is dropped and reported. */
const MAX_STDOUT_LINE_BYTES = MAX_MESSAGE_BYTES;
/** stderr is for people: a longer line is cut so a runaway child cannot flood the page. */
const MAX_STDERR_LINE_CHARS = 8 * 1024;
/**
 * A stderr line longer than this is dropped (and said) as it comes, not gathered: nobody reads a
 * megabyte-long line, and gathering one of 256 MB (the stdout bound) to keep its first 8 KB cost
 * the bridge that much for each line of a flood.
 */
const MAX_STDERR_LINE_BYTES = 1024 * 1024;
/** How much of a garbage stdout line to show. */
const RAW_PREVIEW_CHARS = 2_000;
/**
 * How long a server gets to exit once asked to stop: its stdin closes, SIGTERM follows after a
 * fifth of this (500 ms), SIGKILL at its end. What the server's group still runs after the
 * server exited gets two fifths of it (1 s) between SIGTERM and SIGKILL.
 */
const KILL_GRACE_MS = 2_500;
/**
 * After the process exits, its last stdout lines may still be in the pipe: the exit is
 * reported once both pipes end, or after this long when something else holds them open
 * (a wrapper's `sleep 1000 &` inherits stdout and would keep it open for its whole life).
 */
const PIPE_DRAIN_MS = 250;
/**
 * A stdio MCP server run as a child process.
 *
 * Why not the SDK's StdioClientTransport: it reports neither the exit code nor the signal,
 * discards a bad stdout line without its text, and closes the connection at a 10 MB
 * message. A debugging tool has to show all three. This keeps the SDK's conventions (its
 * default environment, newline-delimited JSON, what its `JSONRPCMessageSchema` accepts on every line).
 */
export class StdioTarget implements TargetConnection {
  readonly kind = 'stdio' as const;
  private child: ChildProcess | undefined;
  private exited = false;
  private drained: Promise<void> | undefined;
  /** Set while writes are refused because the server does not read what waits for it. */
  private refusing = false;
  /** A message was written to stdin in this turn of the event loop: the next ones are corked. */
  private wroteThisTurn = false;
  private readonly turnEnded = (): void => {
    this.wroteThisTurn = false;
  };
  /** Resolves `close()` once the exit has been reported. */
  private onFinished: (() => void) | undefined;
  private readonly killGraceMs: number;
  /**
   * Bytes waiting for a server that does not read its stdin. A message is refused, with an
   * error to the page, once this much is already queued: a stalled server must not make the
   * bridge hold whatever the page keeps sending. One message may go past it (a large argument
   * is legitimate), so the queue holds at most this plus one message.
   */
  private readonly stdinBacklogBytes: number;

  constructor(
    private readonly spec: StdioTargetSpec,
    private readonly events: TargetEvents,
    /** The process, when it was started before the bridge was loaded (see spawnServer.ts). */
    private readonly early?: SpawnedServer,
    tuning: Pick<TargetTuning, 'killGraceMs' | 'stdinBacklogBytes'> = {},
  ) {
    this.killGraceMs = tuning.killGraceMs ?? KILL_GRACE_MS;
    this.stdinBacklogBytes = tuning.stdinBacklogBytes ?? DEFAULT_MEMORY_LIMITS.stdinBacklogBytes;
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  start(): Promise<void> {
    return new Promise((resolve, reject) => {
      const server = this.early ?? new SpawnedServer(this.spec);
      const child = server.child;
      this.child = child;
      const failed = (error: NodeJS.ErrnoException): void => {
        const reason = describeSpawnError(this.spec, error);
        this.finish({ code: null, signal: null, reason });
        reject(new Error(reason));
      };
      // What already happened to a process started early is read, the rest listened for.
      if (server.error) failed(server.error);
      else child.once('error', failed);
      if (server.spawned) resolve();
      else child.once('spawn', () => resolve());

      const stdout = new LineSplitter(
        (line) => this.onStdoutLine(line),
        (bytes) =>
          this.events.onTransportError(
            `A stdout line of ${bytes} bytes exceeds the ${MAX_STDOUT_LINE_BYTES}-byte limit and was dropped`,
          ),
        MAX_STDOUT_LINE_BYTES,
      );
      server.pipeTo(
        'stdout',
        (chunk) => stdout.push(chunk),
        () => stdout.end(),
      );

      const stderr = new LineSplitter(
        (line) => this.events.onStderr(shorten(line, MAX_STDERR_LINE_CHARS)),
        (bytes) => this.events.onStderr(`[a stderr line of ${bytes} bytes was dropped]`),
        MAX_STDERR_LINE_BYTES,
      );
      server.pipeTo(
        'stderr',
        (chunk) => stderr.push(chunk),
        () => stderr.end(),
      );

      // A child that dies while we write gives EPIPE here; the exit is reported by 'exit'.
      child.stdin?.on('error', (error) =>
        this.events.onTransportError(`Writing to the server's stdin failed: ${error.message}`),
      );

      // The process itself, not its pipes: they may outlive it in a child it left behind.
      if (server.exit) this.onProcessExit(child, server.exit);
      else child.once('exit', (code, signal) => this.onProcessExit(child, { code, signal }));
    });
  }

  send(message: JSONRPCMessage, json = JSON.stringify(message)): Promise<void> | undefined {
    const stdin = this.child?.stdin;
    if (!stdin || this.exited || stdin.destroyed) {
      return Promise.reject(new Error('The server process is not running'));
    }
    if (stdin.writableLength > this.stdinBacklogBytes) {
      const waiting = `${megabytes(stdin.writableLength)} MB already wait for it`;
      // Said once per stall, where the person looks; a request refused meanwhile is also
      // answered with the reason, by the session.
      if (!this.refusing) {
        this.refusing = true;
        stdin.once('drain', () => (this.refusing = false));
        this.events.onTransportError(
          `The MCP server is not reading its stdin (${waiting}): what the page sends is refused until it reads`,
        );
      }
      return Promise.reject(new Error(`Not sent: the MCP server is not reading its stdin (${waiting})`));
    }
    // Messages of one turn (a page's burst of calls arrives as many WebSocket messages in one
    // read) leave in one writev instead of one write each: the first is written at once, so a
    // lone call (the usual case) reaches the server without waiting for the turn's end, and the
    // rest are corked until then. Corking the first too held every call's write behind the
    // recording of it and whatever else the turn did (the relay bench, one call at a time).
    if (this.wroteThisTurn) {
      if (!stdin.writableCorked) {
        stdin.cork();
        process.nextTick(() => stdin.uncork());
      }
    } else {
      this.wroteThisTurn = true;
      process.nextTick(this.turnEnded);
    }
    if (stdin.write(json + '\n')) return undefined;
    // A server that reads slowly: everyone waits for the same drain, so a burst of queued
    // messages shares one listener instead of adding one each.
    this.drained ??= new Promise<void>((resolve) =>
      stdin.once('drain', () => {
        this.drained = undefined;
        resolve();
      }),
    );
    return this.drained;
  }

  async close(): Promise<void> {
    const child = this.child;
    if (!child || this.exited) return;
    const gone = new Promise<void>((resolve) => (this.onFinished = resolve));
    child.stdin?.end();
    const term = setTimeout(() => this.signal('SIGTERM'), this.killGraceMs / 5);
    const kill = setTimeout(() => this.signal('SIGKILL'), this.killGraceMs);
    await gone;
    clearTimeout(term);
    clearTimeout(kill);
  }

  /** Signals the server's group, while it is known to have members (a freed id may be reused). */
  private signal(signal: NodeJS.Signals): void {
    const pid = this.child?.pid;
    if (pid !== undefined && isAdopted(pid)) signalGroup(pid, signal);
  }

  /**
   * The server process exited: what its group still runs is ended, and the exit is reported
   * as soon as the pipes have given their last lines, or at once if something holds them.
   */
  private onProcessExit(child: ChildProcess, exit: { code: number | null; signal: string | null }): void {
    if (child.pid !== undefined) void endGroup(child.pid, (this.killGraceMs * 2) / 5);
    const ended = (stream: NodeJS.ReadableStream | null): Promise<void> =>
      stream === null || (stream as { readableEnded?: boolean }).readableEnded
        ? Promise.resolve()
        : new Promise((resolve) => stream.once('end', resolve).once('close', resolve));
    let timer: NodeJS.Timeout | undefined;
    const drained = Promise.all([ended(child.stdout), ended(child.stderr)]);
    const waited = new Promise<void>((resolve) => (timer = setTimeout(resolve, PIPE_DRAIN_MS)));
    void Promise.race([drained, waited]).then(() => {
      clearTimeout(timer);
      this.finish(exit);
    });
  }

  private onStdoutLine(line: string): void {
    if (line.trim() === '') return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(line);
    } catch (error) {
      this.events.onTransportError(`A stdout line is not JSON: ${(error as Error).message}`, {
        raw: shorten(line, RAW_PREVIEW_CHARS),
      });
      return;
    }
    // Checked by hand (see shared/jsonRpcShape.ts, held to the SDK's schema by its tests): the
    // SDK's schemas module costs the bridge's start more than anything else it loads.
    if (!isJsonRpcMessageShape(parsed)) {
      this.events.onTransportError('A stdout line is JSON but not a JSON-RPC message', {
        raw: shorten(line, RAW_PREVIEW_CHARS),
      });
      return;
    }
    this.events.onMessage(parsed as JSONRPCMessage, line);
  }

  private finish(exit: { code: number | null; signal: string | null; reason?: string }): void {
    if (this.exited) return;
    this.exited = true;
    this.events.onExit(exit);
    this.onFinished?.();
  }
}

function describeSpawnError(spec: StdioTargetSpec, error: NodeJS.ErrnoException): string {
  const { command, cwd } = spec;
  // spawn reports a missing working directory as ENOENT too; name the right culprit.
  if (error.code === 'ENOENT' && cwd !== undefined && !existsSync(cwd)) {
    return `working directory not found: ${cwd}`;
  }
  if (error.code === 'ENOENT') return `command not found: ${command}`;
  if (error.code === 'EACCES') return `permission denied: ${command}`;
  return `could not start ${command}: ${error.message}`;
}

function megabytes(bytes: number): string {
  return (bytes / (1024 * 1024)).toFixed(1);
}

/**
 * The start of a long text, as a string of its own: a slice would be a view that keeps the whole
 * line alive for as long as the start is kept (in the stderr tail, a record), whatever its size.
 */
function shorten(text: string, max: number): string {
  if (text.length <= max) return text;
  const start = Buffer.from(text.slice(0, max), 'utf8').toString('utf8');
  return `${start}… (${text.length} characters)`;
}
