import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { startAppSandbox, type RunningAppSandbox } from '../appSandbox/sandboxServer.js';

/** Where a bridge listens, once bound: its page's origin and the base of its redirect URIs. */
export interface Bound {
  port: number;
  portWasTaken: boolean;
  /** The page's address without the token. */
  origin: string;
  /** The redirect URI's base: loopback on whatever port this run got (a wildcard address is not one). */
  callbackBase: string;
}

function hostInUrl(host: string): string {
  return host.includes(':') ? `[${host}]` : host;
}

/** Listens on the preferred port, or on any free one when it is taken (said in `portWasTaken`). */
export async function listen(server: Server, host: string, port: number): Promise<Bound> {
  let bound: { port: number; portWasTaken: boolean };
  try {
    bound = { port: await listenOnce(server, host, port), portWasTaken: false };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE' || port === 0) throw error;
    bound = { port: await listenOnce(server, host, 0), portWasTaken: true };
  }
  const callbackHost = ['0.0.0.0', '::'].includes(host) ? '127.0.0.1' : host;
  return {
    ...bound,
    origin: `http://${hostInUrl(host)}:${bound.port}`,
    callbackBase: `http://${hostInUrl(callbackHost)}:${bound.port}`,
  };
}

function listenOnce(server: Server, host: string, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (error: Error): void => reject(error);
    server.once('error', onError);
    server.listen(port, host, () => {
      server.off('error', onError);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

/**
 * The MCP Apps sandbox's listener beside a bridge, when the page was built with it; the inspector
 * works without it (only MCP Apps cannot be shown), so a failure is said, not thrown.
 */
export async function startSandboxBeside(
  options: { host: string; appSandboxDir?: string; log: (line: string) => void },
  hosts: () => Set<string>,
  port: number,
): Promise<RunningAppSandbox | undefined> {
  if (options.appSandboxDir === undefined) return undefined;
  try {
    return await startAppSandbox({
      host: options.host,
      bridgeHosts: hosts,
      bridgePort: port,
      dir: options.appSandboxDir,
    });
  } catch (error) {
    options.log(`could not start the MCP Apps sandbox: ${(error as Error).message}`);
    return undefined;
  }
}
