import { spawn, type ChildProcess } from 'node:child_process';
import type { TestContext } from 'vitest';
import { built } from './built.js';
import { TEST_TUNING } from './targets.js';

/** The token the CLIs started here get from MCP_INSPECT_TOKEN. */
export const CLI_TOKEN = 'cli-test-token-0123456789abcdefghij';

/** The CLI as a real process: what a user's terminal runs. */
export interface Cli {
  child: ChildProcess;
  /** stdout and stderr so far, in the order they came. */
  output(): string;
  /** The exit code (null when a signal ended it), once all the CLI printed has been read too. */
  exited: Promise<number | null>;
  /** Resolves with the first match in the output, as soon as it is there; rejects if the CLI exits first. */
  waitForOutput(pattern: RegExp, timeoutMs?: number): Promise<RegExpMatchArray>;
}

/**
 * Starts mcp-inspect from this run's JavaScript (see globalSetup.ts) with the test token, and a
 * short kill grace: a server that ignores SIGTERM is still escalated to SIGKILL, in 250 ms
 * rather than 2.5 s. Stopped when the test ends, if it still runs, as a user would stop it
 * (Ctrl-C), so that it ends its server too: a SIGKILL would leave the server, which has a
 * process group of its own. SIGKILL only if it has not exited 8 s later.
 */
export function startCli(
  test: TestContext,
  args: string[],
  options: { env?: NodeJS.ProcessEnv; cwd?: string } = {},
): Cli {
  const child = spawn(process.execPath, [built('server/cli/cli.ts'), ...args], {
    env: {
      ...process.env,
      MCP_INSPECT_TOKEN: CLI_TOKEN,
      MCP_INSPECT_KILL_GRACE_MS: String(TEST_TUNING.killGraceMs),
      ...options.env,
    },
    ...(options.cwd === undefined ? {} : { cwd: options.cwd }),
    stdio: 'pipe',
  });
  let text = '';
  const watchers = new Set<() => void>();
  const take = (chunk: Buffer): void => {
    text += chunk.toString();
    for (const watcher of watchers) watcher();
  };
  child.stdout?.on('data', take);
  child.stderr?.on('data', take);
  // 'close', not 'exit': it comes once the pipes have ended too, so what the CLI printed last
  // (after a signal, say) is in the output by then.
  const exited = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));
  const cli: Cli = {
    child,
    output: () => text,
    exited,
    waitForOutput: (pattern, timeoutMs = 15_000) =>
      new Promise((resolve, reject) => {
        const done = (): void => {
          watchers.delete(check);
          clearTimeout(timer);
        };
        const check = (): void => {
          const match = pattern.exec(text);
          if (match) {
            done();
            resolve(match);
          }
        };
        const timer = setTimeout(() => {
          done();
          reject(new Error(`no ${pattern} in ${timeoutMs} ms; output:\n${text}`));
        }, timeoutMs);
        watchers.add(check);
        check();
        void exited.then((code) => {
          check();
          if (!watchers.has(check)) return;
          done();
          reject(new Error(`the CLI exited (${code}) without printing ${pattern}; output:\n${text}`));
        });
      }),
  };
  test.onTestFinished(async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGINT');
    const timer = setTimeout(() => child.kill('SIGKILL'), 8_000);
    await exited;
    clearTimeout(timer);
  });
  return cli;
}
