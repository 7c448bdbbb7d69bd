import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { getDefaultEnvironment } from '@modelcontextprotocol/client/stdio';
import { JSONRPCMessageSchema } from '@modelcontextprotocol/core';
import { type JSONRPCMessage } from '@modelcontextprotocol/client';
import { LineSplitter } from './lineSplitter.js';
import type { TargetConnection, TargetEvents } from './target.js';

export interface StdioTargetSpec {
  command: string;
  args: string[];
  /** Added on top of the SDK's default environment; secrets, never logged. */
  env: Record<string, string>;
  cwd?: string;
}

/** A JSON-RPC line may be a response of tens of megabytes; past this it is dropped and reported. */
const MAX_STDOUT_LINE_BYTES = 256 * 1024 * 1024;
/** stderr is for people: a longer line is cut so a runaway child cannot flood the page. */
const MAX_STDERR_LINE_CHARS = 8 * 1024;
/** How much of a garbage stdout line to show. */
const RAW_PREVIEW_CHARS = 2_000;
const SIGTERM_AFTER_MS = 500;
const SIGKILL_AFTER_MS = 2_500;

/**
 * A stdio MCP server run as a child process.
 *
 * Why not the SDK's StdioClientTransport: it reports neither the exit code nor the signal,
 * discards a bad stdout line without its text, and closes the connection at a 10 MB
 * message. A debugging tool has to show all three. This keeps the SDK's conventions (its
 * default environment, newline-delimited JSON, its `JSONRPCMessageSchema` on every line).
 */
export class StdioTarget implements TargetConnection {
  readonly kind = 'stdio' as const;
  private child: ChildProcess | undefined;
  private exited = false;
  private drained: Promise<void> | undefined;

  constructor(
    private readonly spec: StdioTargetSpec,
    private readonly events: TargetEvents,
  ) {}

  get pid(): number | undefined {
    return this.child?.pid;
  }

  start(): Promise<void> {
    return new Promise((resolve, reject) => {
      const child = spawn(this.spec.command, this.spec.args, {
        env: { ...getDefaultEnvironment(), ...this.spec.env },
        cwd: this.spec.cwd,
        stdio: ['pipe', 'pipe', 'pipe'],
        // Its own process group, so closing it also ends whatever it spawned (npx, sh -c…).
        detached: process.platform !== 'win32',
        windowsHide: true,
      });
      this.child = child;
      child.once('spawn', () => resolve());
      child.once('error', (error: NodeJS.ErrnoException) => {
        const reason = describeSpawnError(this.spec, error);
        this.finish({ code: null, signal: null, reason });
        reject(new Error(reason));
      });
      child.once('close', (code, signal) => this.finish({ code, signal }));

      const stdout = new LineSplitter(
        (line) => this.onStdoutLine(line),
        (bytes) =>
          this.events.onTransportError(
            `A stdout line of ${bytes} bytes exceeds the ${MAX_STDOUT_LINE_BYTES}-byte limit and was dropped`,
          ),
        MAX_STDOUT_LINE_BYTES,
      );
      child.stdout?.on('data', (chunk: Buffer) => stdout.push(chunk));
      child.stdout?.on('end', () => stdout.end());

      const stderr = new LineSplitter(
        (line) => this.events.onStderr(shorten(line, MAX_STDERR_LINE_CHARS)),
        (bytes) => this.events.onStderr(`[a stderr line of ${bytes} bytes was dropped]`),
        MAX_STDOUT_LINE_BYTES,
      );
      child.stderr?.on('data', (chunk: Buffer) => stderr.push(chunk));
      child.stderr?.on('end', () => stderr.end());

      // A child that dies while we write gives EPIPE here; the exit is reported by 'close'.
      child.stdin?.on('error', (error) =>
        this.events.onTransportError(`Writing to the server's stdin failed: ${error.message}`),
      );
    });
  }

  send(message: JSONRPCMessage, json = JSON.stringify(message)): Promise<void> {
    const stdin = this.child?.stdin;
    if (!stdin || this.exited || stdin.destroyed) {
      return Promise.reject(new Error('The server process is not running'));
    }
    if (stdin.write(json + '\n')) return Promise.resolve();
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
    const gone = new Promise<void>((resolve) => child.once('close', () => resolve()));
    child.stdin?.end();
    const term = setTimeout(() => this.signal('SIGTERM'), SIGTERM_AFTER_MS);
    const kill = setTimeout(() => this.signal('SIGKILL'), SIGKILL_AFTER_MS);
    await gone;
    clearTimeout(term);
    clearTimeout(kill);
  }

  /** Ends the child at once, without waiting; for a bridge that is itself exiting. */
  killNow(): void {
    if (!this.exited) this.signal('SIGKILL');
  }

  private signal(signal: NodeJS.Signals): void {
    const pid = this.child?.pid;
    if (pid === undefined || this.exited) return;
    try {
      // A negative pid signals the whole group the child leads.
      process.kill(process.platform === 'win32' ? pid : -pid, signal);
    } catch {
      // Already gone.
    }
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
    const result = JSONRPCMessageSchema.safeParse(parsed);
    if (!result.success) {
      this.events.onTransportError('A stdout line is JSON but not a JSON-RPC message', {
        raw: shorten(line, RAW_PREVIEW_CHARS),
      });
      return;
    }
    this.events.onMessage(result.data, line);
  }

  private finish(exit: { code: number | null; signal: string | null; reason?: string }): void {
    if (this.exited) return;
    this.exited = true;
    this.events.onExit(exit);
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

function shorten(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max)}… (${text.length} characters)`;
}
