import { spawn, type ChildProcess } from 'node:child_process';
import { built } from './built.js';
import { TEST_TUNING } from './targets.js';

/** What a headless verb left: its exit code and its two streams, apart. */
export interface VerbRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Longest a verb may run in a test before it is killed (and the test fails on its output). */
const VERB_TIMEOUT_MS = 30_000;

/**
 * Runs `mcp-inspect <args>` from this run's JavaScript (see globalSetup.ts) as a script would:
 * stdin given (or closed at once, so no terminal to ask on), stdout and stderr read apart, the
 * exit code once both have ended. A server that ignores SIGTERM gets SIGKILL after 250 ms.
 */
export function runVerb(
  args: string[],
  options: { env?: NodeJS.ProcessEnv; input?: string; cwd?: string; timeoutMs?: number } = {},
): Promise<VerbRun> {
  const child = spawn(process.execPath, [built('server/cli/cli.ts'), ...args], {
    env: { ...process.env, MCP_INSPECT_KILL_GRACE_MS: String(TEST_TUNING.killGraceMs), ...options.env },
    ...(options.cwd === undefined ? {} : { cwd: options.cwd }),
    stdio: 'pipe',
  });
  child.stdin.end(options.input ?? '');
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? VERB_TIMEOUT_MS);
  return new Promise((resolve) =>
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    }),
  );
}

/** The one JSON line a failing verb prints on stderr with --json. */
export function errorLine(run: VerbRun): {
  exitCode: number;
  kind: string;
  message: string;
  details?: string[];
} {
  const lines = run.stderr.trim().split('\n');
  const last = lines[lines.length - 1] ?? '';
  return (JSON.parse(last) as { error: ReturnType<typeof errorLine> }).error;
}

/**
 * An HTTP MCP server as a child process that prints `listening on <url>` on stderr (the demo with
 * --http, the modern-only fixture): its URL, and how to stop it.
 */
export async function startHttpServer(
  script: string,
  args: string[],
): Promise<{ url: string; stop(): void }> {
  const child: ChildProcess = spawn(process.execPath, [script, ...args], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const stop = (): void => {
    child.kill('SIGTERM');
  };
  const url = await new Promise<string>((resolve, reject) => {
    let said = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      said += chunk.toString();
      const found = /listening on (\S+)/.exec(said)?.[1];
      if (found) resolve(found);
    });
    child.once('exit', (code) => reject(new Error(`the server exited (${code}) before listening: ${said}`)));
  });
  return { url, stop };
}
