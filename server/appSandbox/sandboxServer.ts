import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  SANDBOX_CSP_PARAM,
  SANDBOX_PAGE_PATH,
  buildAppCsp,
  normalizeAppCsp,
  type CspGuard,
} from '../../shared/appCsp.js';
import {
  allowedHosts,
  isAllowedHost,
  isForeignRequest,
  isLoopbackAddress,
  requestSignals,
} from '../security.js';
import { loadSandboxFiles, type SandboxFile } from './sandboxFiles.js';

export interface AppSandboxOptions {
  /** The address the bridge listens on; the sandbox listens there too, on a port of its own. */
  host: string;
  /** The bridge's own `host:port` names, the only pages allowed to frame the sandbox. */
  bridgeHosts: () => Set<string>;
  /** The bridge's port: no app may name it in its declared domains. */
  bridgePort: number;
  /** The built sandbox page (dist/app-sandbox). */
  dir: string;
}

export interface RunningAppSandbox {
  port: number;
  close(): Promise<void>;
}

/**
 * The second loopback listener: MCP Apps run on its origin, never on the bridge's. It serves the
 * sandbox page and its script and nothing else: no API, no WebSocket, no token, no cookies. The
 * page's Content-Security-Policy comes from the domains the app's resource declared (passed in
 * the query by the inspector's page), deny-by-default, and only the bridge's page may frame it.
 *
 * It needs no token because it holds nothing: whoever loads it gets a page that relays
 * postMessage between its parent and an app. The Host check still applies (DNS rebinding would
 * otherwise let a foreign site read what the sandbox serves, which is public anyway, but the
 * rule is one rule for every listener of the bridge).
 */
export async function startAppSandbox(options: AppSandboxOptions): Promise<RunningAppSandbox> {
  const files = loadSandboxFiles(options.dir);
  let hosts = new Set<string>();
  let guard: CspGuard = { ports: [options.bridgePort] };
  const server = createServer((req, res) => handle(req, res, files, () => hosts, guard, options));
  const port = await listen(server, options.host);
  hosts = allowedHosts(port, options.host);
  guard = {
    ports: [options.bridgePort, port],
    ...(isLoopbackAddress(options.host) ? {} : { hostnames: [options.host.toLowerCase()] }),
  };
  return {
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function handle(
  req: IncomingMessage,
  res: ServerResponse,
  files: Map<string, SandboxFile>,
  hosts: () => Set<string>,
  guard: CspGuard,
  options: AppSandboxOptions,
): void {
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Referrer-Policy', 'no-referrer');
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('Cross-Origin-Resource-Policy', 'same-origin');
  if (!isAllowedHost(req.headers.host, hosts()))
    return refuse(res, 403, 'Forbidden: this Host is not allowed');
  // Its script, fetched by another site, would tell it a bridge runs here (security.ts).
  if (isForeignRequest(requestSignals(req), hosts(), 'iframe'))
    return refuse(res, 403, 'Forbidden: another site asked for this');
  if (req.method !== 'GET' && req.method !== 'HEAD') return refuse(res, 405, 'Only GET');
  const url = new URL(req.url ?? '/', 'http://sandbox.invalid');
  const file = files.get(url.pathname);
  if (!file) {
    return url.pathname === SANDBOX_PAGE_PATH
      ? refuse(res, 503, 'The app sandbox is not built: run `npm run build`')
      : refuse(res, 404, 'Not found: this listener serves only the MCP Apps sandbox');
  }
  if (url.pathname === SANDBOX_PAGE_PATH) {
    const declared = parseDeclared(url.searchParams.get(SANDBOX_CSP_PARAM));
    const { kept } = normalizeAppCsp(declared, guard);
    // IPv6 literals are left out: CSP source expressions cannot hold them.
    const ancestors = [...options.bridgeHosts()]
      .filter((host) => !host.startsWith('['))
      .map((host) => `http://${host}`);
    res.setHeader('Content-Security-Policy', buildAppCsp(kept, ancestors));
  }
  res.writeHead(200, { 'Content-Type': file.type, 'Content-Length': file.body.length });
  res.end(req.method === 'HEAD' ? undefined : file.body);
}

/** Malformed JSON declares nothing: the app gets the restrictive default. */
function parseDeclared(text: string | null): unknown {
  if (text === null || text.length > 16_384) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function refuse(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8' });
  res.end(text);
}

function listen(server: Server, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, host, () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}
