import { spawn, type ChildProcess } from 'node:child_process';
import { adoptGroup, endGroup } from './processGroups.js';
import type { StdioTargetSpec } from './stdioTarget.js';

/** How long a discarded process gets between SIGTERM and SIGKILL. */
const DISCARD_GRACE_MS = 500;
/** Output held for whoever takes the process over; past this, the child waits on its pipe. */
const HELD_OUTPUT_BYTES = 16 * 1024 * 1024;

type OutputName = 'stdout' | 'stderr';

/**
 * A stdio server's process, and what happened to it before anyone listened: the CLI starts it
 * first thing, before loading the bridge (express, ws, zod, the SDK: ~165 ms of module loading),
 * so the two start up side by side, and the session takes it over once loaded. Its output is
 * held meanwhile: Node discards what nobody reads from a child's pipes when the child exits,
 * and a server that fails at start says why on stderr. Imports only Node's own modules, to stay
 * cheap to load.
 */
export class SpawnedServer {
  readonly child: ChildProcess;
  /** The process is running (its pid leads its own process group). */
  spawned = false;
  /** Why it could not be started. */
  error: NodeJS.ErrnoException | undefined;
  /** How it ended, if it ended before being taken over. */
  exit: { code: number | null; signal: NodeJS.Signals | null } | undefined;
  private readonly held = { stdout: new HeldOutput(), stderr: new HeldOutput() };

  constructor(readonly spec: StdioTargetSpec) {
    this.child = spawn(spec.command, spec.args, {
      env: { ...defaultEnvironment(), ...spec.env },
      cwd: spec.cwd,
      stdio: ['pipe', 'pipe', 'pipe'],
      // Its own process group, so closing it also ends whatever it spawned (npx, sh -c…).
      detached: process.platform !== 'win32',
      windowsHide: true,
    });
    // Registered first, so these run before the listeners of whoever takes the process over.
    this.child.once('spawn', () => {
      this.spawned = true;
      if (this.child.pid !== undefined) adoptGroup(this.child.pid);
    });
    this.child.once('error', (error: NodeJS.ErrnoException) => (this.error = error));
    this.child.once('exit', (code, signal) => (this.exit = { code, signal }));
    for (const name of ['stdout', 'stderr'] as const) {
      const stream = this.child[name];
      if (stream) this.held[name].hold(stream);
    }
  }

  /** Ends a process nobody will take over (its group, once it has one), giving it a moment. */
  discard(): void {
    this.child.stdin?.end();
    const end = (): void => {
      if (this.child.pid !== undefined) void endGroup(this.child.pid, DISCARD_GRACE_MS);
    };
    if (this.spawned) end();
    else this.child.once('spawn', end);
  }

  /** Hands one of the outputs over: what was held, in order, then everything that follows. */
  pipeTo(name: OutputName, onData: (chunk: Buffer) => void, onEnd: () => void): void {
    const stream = this.child[name];
    if (stream) this.held[name].release(stream, onData, onEnd);
  }
}

class HeldOutput {
  private chunks: Buffer[] = [];
  private bytes = 0;
  private ended = false;
  private readonly onData = (chunk: Buffer): void => {
    this.chunks.push(chunk);
    this.bytes += chunk.length;
    if (this.bytes > HELD_OUTPUT_BYTES) this.stream?.pause();
  };
  private readonly onEnd = (): void => {
    this.ended = true;
  };
  private stream: NodeJS.ReadableStream | undefined;

  hold(stream: NodeJS.ReadableStream): void {
    this.stream = stream;
    stream.on('data', this.onData);
    stream.once('end', this.onEnd);
  }

  release(stream: NodeJS.ReadableStream, onData: (chunk: Buffer) => void, onEnd: () => void): void {
    stream.off('data', this.onData);
    stream.off('end', this.onEnd);
    for (const chunk of this.chunks) onData(chunk);
    this.chunks = [];
    this.bytes = 0;
    if (this.ended) {
      onEnd();
      return;
    }
    stream.on('data', onData);
    stream.once('end', onEnd);
    stream.resume();
  }
}

/**
 * The variables a stdio server inherits from the bridge, as the MCP SDK's
 * `getDefaultEnvironment` chooses them (a test holds the two together): importing the SDK for
 * this would load it before the server is started.
 */
export function defaultEnvironment(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const key of INHERITED_VARIABLES) {
    const value = process.env[key];
    // A value starting with "()" is a shell function, a security risk to pass on.
    if (value === undefined || value.startsWith('()')) continue;
    env[key] = value;
  }
  return env;
}

const INHERITED_VARIABLES =
  process.platform === 'win32'
    ? [
        'APPDATA',
        'COMSPEC',
        'HOMEDRIVE',
        'HOMEPATH',
        'LOCALAPPDATA',
        'PATH',
        'PATHEXT',
        'PROCESSOR_ARCHITECTURE',
        'PROGRAMDATA',
        'PROGRAMFILES',
        'PROGRAMFILES(X86)',
        'PROGRAMW6432',
        'SYSTEMDRIVE',
        'SYSTEMROOT',
        'TEMP',
        'USERNAME',
        'USERPROFILE',
        'WINDIR',
      ]
    : ['HOME', 'LOGNAME', 'PATH', 'SHELL', 'TERM', 'USER'];
