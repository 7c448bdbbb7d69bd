import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { fixturePath } from './cli.js';

// The MCP servers the specs start themselves (besides the one the CLI spawns): server-everything
// by URL, fixtures over HTTP, the OAuth fixture. One way to start each, one spelling of each path.
// Node only, no Playwright: server/testSupport starts the OAuth fixture from Vitest too.

/** @modelcontextprotocol/server-everything, the reference server nobody here wrote. */
export const EVERYTHING_PATH = fileURLToPath(
  new URL('../../node_modules/@modelcontextprotocol/server-everything/dist/index.js', import.meta.url),
);

/** `cliArgs` for mcp-inspect on server-everything over stdio. */
export const EVERYTHING_STDIO: string[] = [process.execPath, EVERYTHING_PATH, 'stdio'];

/** The bundled demo as the package ships it (built), for its Streamable HTTP mode. */
export const DEMO_SERVER_PATH = fileURLToPath(
  new URL('../../dist/server/demo/demoServer.js', import.meta.url),
);

/** `cliArgs` for mcp-inspect on a fixture server of e2e/fixtures over stdio. */
export function fixtureStdio(name: string, ...args: string[]): string[] {
  return [process.execPath, fixturePath(name), ...args];
}

/** A port nothing listens on: taken from the OS, then released. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A server process a spec started: where it answers, and how to stop it. */
export interface StartedServer {
  /** What its ready line said: its URL, or the JSON it printed. */
  ready: string;
  stop(): Promise<void>;
}

/**
 * Spawns `node script args…` and resolves with the first match of `readyPattern`'s first group
 * in what it writes (stdout and stderr), once it has said it is ready.
 */
export function startServer(
  script: string,
  args: string[],
  readyPattern: RegExp,
  env: Record<string, string> = {},
): Promise<StartedServer> {
  const child = spawn(process.execPath, [script, ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async (): Promise<void> => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 3_000);
    await exited;
    clearTimeout(timer);
  };
  return new Promise((resolve, reject) => {
    const fail = (why: string): void => {
      clearTimeout(timer);
      void stop().then(() => reject(new Error(`${script} ${why}:\n${output}`)));
    };
    const timer = setTimeout(() => fail('did not say it was ready within 15 s'), 15_000);
    const onData = (chunk: string): void => {
      output += chunk;
      const match = readyPattern.exec(output);
      if (!match?.[1]) return;
      clearTimeout(timer);
      child.off('exit', onExit);
      resolve({ ready: match[1], stop });
    };
    const onExit = (code: number | null): void => fail(`exited with ${code}`);
    child.stdout.setEncoding('utf8').on('data', onData);
    child.stderr.setEncoding('utf8').on('data', onData);
    child.once('exit', onExit);
  });
}

/** server-everything over HTTP on a free port; resolves with its URL (`/mcp` or `/sse`). */
export async function startEverything(
  mode: 'streamableHttp' | 'sse',
): Promise<StartedServer & { url: string }> {
  const port = await freePort();
  const server = await startServer(EVERYTHING_PATH, [mode], /(listening|running)/i, { PORT: String(port) });
  return { ...server, url: `http://127.0.0.1:${port}${mode === 'sse' ? '/sse' : '/mcp'}` };
}

/**
 * A fixture of e2e/fixtures that serves MCP over HTTP (`--port 0`) and prints its URL when it
 * listens; resolves with that URL.
 */
export async function startHttpFixture(
  name: string,
  args: string[] = [],
): Promise<StartedServer & { url: string }> {
  const server = await startServer(
    fixturePath(name),
    ['--port', '0', ...args],
    /(http:\/\/127\.0\.0\.1:\d+\/mcp)/,
  );
  return { ...server, url: server.ready };
}

/** The bundled demo over Streamable HTTP (`--http`, both eras); resolves with its URL. */
export async function startDemoHttp(): Promise<StartedServer & { url: string }> {
  const server = await startServer(
    DEMO_SERVER_PATH,
    ['--http', '--port', '0'],
    /listening on (http:\/\/\S+)/,
  );
  return { ...server, url: server.ready };
}
