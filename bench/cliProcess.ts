import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { CLI_PATH } from './paths.js';
import { stopProcess, track, type StopReport } from './processes.js';

export interface RunningCli {
  child: ChildProcess;
  port: number;
  token: string;
  /** The link as printed, token included. */
  link: string;
  /** performance.now() just before spawning and when the link line arrived. */
  spawnedAt: number;
  linkAt: number;
  /** Everything the CLI printed so far (the last 64 KiB), for spotting warnings. */
  output(): string;
  stop(): Promise<StopReport>;
}

const LINK_PATTERN = /Open the inspector: (http:\/\/127\.0\.0\.1:(\d+)\/#token=(\S+))/;
const LINK_TIMEOUT_MS = 15_000;
const OUTPUT_KEPT_CHARS = 64 * 1024;

/**
 * Launches the built CLI on a free port with no browser, the way a user would (the bundled demo
 * server unless a command is given; `flags`, such as `--all`, before it), and resolves once it
 * has printed its link.
 */
export function launchCli(command: string[] = [], flags: string[] = []): Promise<RunningCli> {
  const token = randomBytes(24).toString('base64url');
  const spawnedAt = performance.now();
  const child = spawn(
    process.execPath,
    [
      // Node flags for the CLI alone, to try one in the figures (e.g. --max-semi-space-size=1).
      ...(process.env.BENCH_CLI_FLAGS ? process.env.BENCH_CLI_FLAGS.split(' ') : []),
      CLI_PATH,
      '--no-open',
      '--port',
      '0',
      ...flags,
      '--',
      ...command,
    ],
    {
      env: { ...process.env, MCP_INSPECT_TOKEN: token },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  track(child);
  // Memoized: callers stop on success and again in a finally, and only the first one signals.
  let stopping: Promise<StopReport> | undefined;
  const stop = (): Promise<StopReport> => (stopping ??= stopProcess(child));

  // Both pipes stay drained for the whole run: a full pipe would block the CLI mid-benchmark.
  let output = '';
  const keep = (chunk: Buffer): void => {
    output = (output + chunk.toString()).slice(-OUTPUT_KEPT_CHARS);
  };
  child.stderr?.on('data', keep);
  child.stdout?.on('data', keep);

  return new Promise<RunningCli>((resolve, reject) => {
    let settled = false;
    const fail = (reason: string): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      const tail = output.trim().split('\n').slice(-10).join('\n');
      void stop().finally(() => reject(new Error(`${reason}\n${tail}`)));
    };
    const timer = setTimeout(
      () => fail(`the CLI printed no link within ${LINK_TIMEOUT_MS} ms`),
      LINK_TIMEOUT_MS,
    );
    child.stdout?.on('data', () => {
      if (settled) return;
      const match = LINK_PATTERN.exec(output);
      if (match === null) return;
      const linkAt = performance.now();
      settled = true;
      clearTimeout(timer);
      resolve({
        child,
        link: match[1] ?? '',
        port: Number(match[2]),
        token: match[3] ?? '',
        spawnedAt,
        linkAt,
        output: () => output,
        stop,
      });
    });
    child.once('error', (error) => fail(`could not start the CLI: ${error.message}`));
    child.once('exit', (code, signal) => fail(`the CLI exited (${signal ?? code}) before printing its link`));
  });
}
