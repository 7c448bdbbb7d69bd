import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { EVERYTHING_SERVER } from './targets.js';

/** A loopback port nothing listens on (it was free a moment ago). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** server-everything in one of its HTTP modes, on a free port; resolves once it listens. */
export async function startEverything(
  mode: 'streamableHttp' | 'sse',
): Promise<{ child: ChildProcess; port: number }> {
  const port = await freePort();
  const child = spawn(process.execPath, [EVERYTHING_SERVER, mode], {
    env: { ...process.env, PORT: String(port) },
    stdio: 'pipe',
  });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server-everything ${mode} did not start`)), 15_000);
    child.stderr?.on('data', (chunk: Buffer) => {
      if (/listening|running/i.test(chunk.toString())) {
        clearTimeout(timer);
        resolve();
      }
    });
  });
  return { child, port };
}
