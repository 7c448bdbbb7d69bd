import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const CLI_PATH = fileURLToPath(new URL('../../dist/server/cli.js', import.meta.url));
export const CLIENT_INDEX_PATH = fileURLToPath(new URL('../../dist/client/index.html', import.meta.url));

/** Absolute path of a fixture server in e2e/fixtures, so it works whatever the CLI's cwd. */
export function fixturePath(name: string): string {
  return fileURLToPath(new URL(`../fixtures/${name}`, import.meta.url));
}

export interface RunningCli {
  /** The link the CLI printed, token included. */
  url: string;
  /** The same address without path or token. */
  origin: string;
  /** The port it listens on: another CLI started on it with the same token is the same bridge to a page. */
  port: number;
  token: string;
  /** Everything the CLI wrote to stdout and stderr so far. */
  output(): string;
  /** Ctrl-C, as a person would, then waits for the CLI to exit (killing it if it hangs). */
  stop(): Promise<void>;
  /** SIGKILL, as when the bridge crashes or is killed by the OS: no goodbye to the page. */
  kill(): Promise<void>;
}

export interface StartCliOptions {
  /** Added to the CLI's environment. */
  env?: Record<string, string>;
  /** How long to wait for the link. */
  timeoutMs?: number;
  /** Listen on this port rather than any free one (to stand in for a bridge that went away). */
  port?: number;
  /** Use this token rather than a random one (`$MCP_INSPECT_TOKEN`): a page that has it reconnects. */
  token?: string;
}

const LINK_PATTERN = /Open the inspector: (http:\/\/\S+?)\/#token=(\S+)/;
/** The CLI gives its server 5 s to exit on Ctrl-C; past a little more, it is stuck. */
const STOP_GRACE_MS = 7_000;

/**
 * Starts `mcp-inspect --no-open --port 0 [args…]` from the built CLI and resolves once it has
 * printed its link. Port 0 so parallel workers never collide; `--no-open` so no browser is
 * launched besides Playwright's.
 */
export function startCli(args: string[] = [], options: StartCliOptions = {}): Promise<RunningCli> {
  const port = String(options.port ?? 0);
  const child = spawn(process.execPath, [CLI_PATH, '--no-open', '--port', port, ...args], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      ...options.env,
      ...(options.token === undefined ? {} : { MCP_INSPECT_TOKEN: options.token }),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.setEncoding('utf8');
  child.stderr.setEncoding('utf8');
  child.stdout.on('data', (chunk: string) => (output += chunk));
  child.stderr.on('data', (chunk: string) => (output += chunk));

  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });

  const stop = async (): Promise<void> => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGINT');
    const timer = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
    await exited;
    clearTimeout(timer);
  };
  const kill = async (): Promise<void> => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGKILL');
    await exited;
  };

  return new Promise<RunningCli>((resolve, reject) => {
    const timeoutMs = options.timeoutMs ?? 15_000;
    const fail = (why: string): void => {
      cleanup();
      void stop().then(() => reject(new Error(`${why}\n--- CLI output ---\n${output}`)));
    };
    const timer = setTimeout(() => fail(`mcp-inspect printed no link within ${timeoutMs} ms`), timeoutMs);
    const onData = (): void => {
      const match = LINK_PATTERN.exec(output);
      if (!match?.[1] || !match[2]) return;
      cleanup();
      const [, origin, token] = match;
      const url = `${origin}/#token=${token}`;
      resolve({ url, origin, port: Number(new URL(origin).port), token, output: () => output, stop, kill });
    };
    const onExit = (code: number | null, signal: NodeJS.Signals | null): void =>
      fail(`mcp-inspect exited (code ${code}, signal ${signal}) before printing its link`);
    const onError = (error: Error): void => fail(`could not start mcp-inspect: ${error.message}`);
    const cleanup = (): void => {
      clearTimeout(timer);
      child.stdout.off('data', onData);
      child.off('exit', onExit);
      child.off('error', onError);
    };
    child.stdout.on('data', onData);
    child.once('exit', onExit);
    child.once('error', onError);
  });
}
