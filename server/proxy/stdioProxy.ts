import { spawn } from 'node:child_process';
import type { Readable, Writable } from 'node:stream';
import { LineSplitter } from '../targets/lineSplitter.js';
import { adoptGroup, endGroup, signalGroup } from '../targets/processGroups.js';
import type { Breakpoints } from './breakpoints.js';
import type { Capture } from './capture.js';
import type { InjectRule } from './injectRules.js';
import { LineRelay } from './lineRelay.js';

/** How long a server gets to exit once the host has closed its stdin, before its group is ended. */
const HOST_GONE_GRACE_MS = 2_000;
/** How long a server gets to exit after the signal the proxy passed on, before SIGKILL. */
const SIGNAL_GRACE_MS = 2_000;
/** How long the proxy waits for the server's stdout to drain once the server has exited. */
const DRAIN_AFTER_EXIT_MS = 1_000;
/** A line the capture keeps whole; longer ones are passed on and noted, not kept. */
const CAPTURE_LINE_BYTES = 8 * 1024 * 1024;

export interface StdioProxyOptions {
  command: string;
  args: string[];
  env: NodeJS.ProcessEnv;
  cwd?: string;
  rules: readonly InjectRule[];
  /** The page's breakpoints, when a page may set them (proxyMain.ts). */
  breakpoints?: Breakpoints;
  capture: Capture;
  host: { input: Readable; output: Writable; errors: Writable };
  /** Says something about the proxy itself (to stderr, never stdout). */
  say: (line: string) => void;
}

export interface StdioProxyEnd {
  code: number | null;
  signal: NodeJS.Signals | null;
}

const PASSED_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/**
 * The stdio proxy: starts the server (the leader of its own process group, so what it spawns
 * ends with it) and relays the host's stdin to it and its stdout to the host as bytes, in
 * order, unchanged; its stderr goes to the host's stderr. The capture reads copies. Resolves
 * with how the server ended, once its output is passed on.
 *
 * The host going away (stdin closed, stdout broken) closes the server's stdin and, if it is
 * still running after HOST_GONE_GRACE_MS, ends its group. A signal to the proxy is passed on to
 * the server's group, then SIGKILL after SIGNAL_GRACE_MS.
 */
export function runStdioProxy(options: StdioProxyOptions): Promise<StdioProxyEnd> {
  const { capture, host, rules } = options;
  return new Promise((resolve) => {
    const child = spawn(options.command, options.args, {
      env: options.env,
      cwd: options.cwd,
      stdio: ['pipe', 'pipe', 'pipe'],
      detached: process.platform !== 'win32',
      windowsHide: true,
    });
    capture.state({ state: 'starting', transport: 'stdio' });
    let exited: StdioProxyEnd | undefined;
    let finished = false;
    /** The server's group being ended after its exit: the proxy does not end before it. */
    let groupEnding: Promise<void> = Promise.resolve();
    const finish = (end: StdioProxyEnd): void => {
      if (finished) return;
      finished = true;
      for (const signal of PASSED_SIGNALS) process.off(signal, onSignal);
      // A server that died on the signal may leave a helper in its group that ignores it: the
      // group's SIGKILL must come before this process ends, or the helper outlives the host.
      void groupEnding.then(() => resolve(end));
    };
    const endGroupSoon = (graceMs: number): void => {
      if (child.pid !== undefined && exited === undefined) void endGroup(child.pid, graceMs);
    };

    child.once('spawn', () => {
      if (child.pid !== undefined) adoptGroup(child.pid);
      capture.state({
        state: 'connected',
        transport: 'stdio',
        ...(child.pid === undefined ? {} : { pid: child.pid }),
      });
    });
    child.once('error', (error: NodeJS.ErrnoException) => {
      if (exited !== undefined) return;
      const reason =
        error.code === 'ENOENT'
          ? `command not found: ${options.command}`
          : `could not start ${options.command}: ${error.message}`;
      options.say(reason);
      capture.state({ state: 'failed', reason });
      exited = { code: 127, signal: null };
      finish(exited);
    });

    // Server's stderr: to the host's stderr as it came; a copy to the capture, line by line.
    const stderrLines = new LineSplitter(
      (line) => capture.stderr(line),
      (bytes) => capture.note(`the server wrote a stderr line of ${bytes} bytes: passed on, not kept`),
      CAPTURE_LINE_BYTES,
    );
    child.stderr.on('data', (chunk: Buffer) => {
      stderrLines.push(chunk);
      if (!host.errors.destroyed) host.errors.write(chunk);
    });

    let hostLeft = false;
    const hostGone = (why: string): void => {
      if (exited !== undefined || hostLeft) return;
      hostLeft = true;
      capture.note(`the host ${why}: the server's stdin is closed`);
      child.stdin.end();
      setTimeout(() => endGroupSoon(1_000), HOST_GONE_GRACE_MS).unref();
    };
    // Writes to a server that died fail with EPIPE; the exit says what happened.
    child.stdin.on('error', () => undefined);
    host.output.on('error', () => hostGone('stopped reading (its stdout pipe broke)'));

    const hostRequests = new Map<string, number | undefined>();
    const serverRequests = new Map<string, number | undefined>();
    const toServer = new LineRelay(
      {
        source: host.input,
        sink: child.stdin,
        from: 'host',
        back: () => host.output,
        truncateAnswersTo: hostRequests,
        truncateAnswersFrom: serverRequests,
      },
      rules,
      capture,
      options.breakpoints,
    );
    const toHost = new LineRelay(
      {
        source: child.stdout,
        sink: host.output,
        from: 'server',
        back: () => child.stdin,
        truncateAnswersTo: serverRequests,
        truncateAnswersFrom: hostRequests,
      },
      rules,
      capture,
      options.breakpoints,
    );
    host.input.once('end', () => {
      toServer.end();
      // What the host sent and the person still holds goes on before the server's stdin closes.
      options.breakpoints?.releaseAll('the host closed its stdin');
      hostGone('closed its stdin');
    });
    child.stdout.once('end', () => toHost.end());

    let stdoutEnded = false;
    child.stdout.once('end', () => {
      stdoutEnded = true;
      if (exited !== undefined) finish(exited);
    });
    child.once('exit', (code, signal) => {
      exited = { code, signal };
      stderrLines.end();
      capture.state({ state: 'exited', code, signal });
      if (stdoutEnded) finish(exited);
      // A helper the server left behind may hold its stdout open: the exit is what counts.
      else setTimeout(() => exited && finish(exited), DRAIN_AFTER_EXIT_MS).unref();
      if (child.pid !== undefined) groupEnding = endGroup(child.pid, 500);
    });

    function onSignal(signal: NodeJS.Signals): void {
      capture.note(`the proxy got ${signal}: passed on to the server's process group`);
      if (child.pid === undefined || exited !== undefined) {
        finish({ code: null, signal });
        return;
      }
      signalGroup(child.pid, signal);
      setTimeout(() => {
        if (child.pid !== undefined && exited === undefined) signalGroup(child.pid, 'SIGKILL');
      }, SIGNAL_GRACE_MS).unref();
    }
    for (const signal of PASSED_SIGNALS) process.on(signal, onSignal);
  });
}
