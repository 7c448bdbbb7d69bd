import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  SANDBOX_CSP_PARAM,
  SANDBOX_HOST_PARAM,
  SANDBOX_PAGE_PATH,
  SANDBOX_SIGNATURE_PARAM,
  buildAppCsp,
  normalizeAppCsp,
  type AppCspDomains,
  type CspGuard,
  type DroppedCspEntry,
} from '../../shared/appCsp.js';
import {
  allowedHosts,
  isAllowedHost,
  isForeignRequest,
  isLoopbackAddress,
  requestSignals,
} from '../loopback/security.js';
import { loadSandboxFiles, type SandboxFile } from './sandboxFiles.js';
import { hostnameOf, sandboxHostname } from './sandboxSite.js';

export interface AppSandboxOptions {
  /** The address the bridge listens on; the sandbox listens there too, on a port of its own. */
  host: string;
  /** The bridge's own `host:port` names: the only pages a sandbox address is issued to. */
  bridgeHosts: () => Set<string>;
  /** The bridge's port: no app may name it in its declared domains. */
  bridgePort: number;
  /** The built sandbox page (dist/app-sandbox). */
  dir: string;
}

/** A sandbox page address for one app, as the bridge issued it to the inspector's page. */
export interface IssuedSandboxPage {
  url: string;
  /** The declared domains the app's CSP keeps, which the page tells the app (hostCapabilities). */
  csp: Required<AppCspDomains>;
  /** What the policy left out, and why, for the app's log. */
  dropped: DroppedCspEntry[];
}

export interface RunningAppSandbox {
  port: number;
  /**
   * The sandbox page's address for an app whose resource declares `declared`, for the page the
   * bridge serves under `pageHost` (its request's Host). A reason instead when that page cannot
   * frame a sandbox.
   */
  issue(pageHost: string, declared: unknown): IssuedSandboxPage | { problem: string };
  /** The sandbox origin the page served under `pageHost` may frame (its CSP frame-src). */
  frameSource(pageHost: string): string | undefined;
  close(): Promise<void>;
}

/** Node refuses a request head over 16 KiB; an issued address stays well under it. */
const MAX_URL_CHARS = 12_000;

/**
 * The second loopback listener: MCP Apps run on its origin, never on the bridge's, and under
 * another host name than the page's (sandboxSite.ts), so on another site. It serves the sandbox
 * page and its script and nothing else: no API, no WebSocket, no token, no cookies.
 *
 * The sandbox page is served only at an address the bridge issued (`issue`, reached by the page
 * through the token-guarded API): its query names the page that frames it and the CSP's kept
 * domains, and carries the bridge's HMAC of both under a key that never leaves this process. The
 * CSP header comes from that signed query, so an app, which shares the sandbox's origin and can
 * navigate its sandbox page, cannot choose a policy of its own: a crafted address is refused.
 * The Host check applies as on every listener of the bridge (DNS rebinding), and the page's own
 * name must be the one its page was told to use.
 */
export async function startAppSandbox(options: AppSandboxOptions): Promise<RunningAppSandbox> {
  const files = loadSandboxFiles(options.dir);
  const key = randomBytes(32);
  const state: SandboxState = {
    files,
    key,
    hosts: new Set(),
    guard: { ports: [options.bridgePort] },
    port: 0,
    address: options.host,
    bridgeHosts: options.bridgeHosts,
  };
  const server = createServer((req, res) => handle(req, res, state));
  const { port, address } = await listen(server, options.host);
  state.port = port;
  state.address = address;
  state.hosts = allowedHosts(port, options.host);
  state.guard = {
    ports: [options.bridgePort, port],
    ...(isLoopbackAddress(options.host) ? {} : { hostnames: [options.host.toLowerCase()] }),
  };
  return {
    port,
    issue: (pageHost, declared) => issue(state, pageHost, declared),
    frameSource: (pageHost) => sandboxOrigin(state, pageHost),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

interface SandboxState {
  files: Map<string, SandboxFile>;
  key: Buffer;
  /** The `host:port` names the listener answers under. */
  hosts: Set<string>;
  guard: CspGuard;
  port: number;
  /** The address it listens on, as the socket reports it. */
  address: string;
  bridgeHosts: () => Set<string>;
}

/**
 * `http://<name>:<port>` for the page served under `pageHost`; undefined for a page at an IPv6
 * literal whose sandbox would be one too: a CSP source (frame-src, frame-ancestors) cannot hold it.
 */
function sandboxOrigin(state: SandboxState, pageHost: string): string | undefined {
  const name = sandboxHostname(hostnameOf(pageHost), state.address);
  return name.startsWith('[') ? undefined : `http://${name}:${state.port}`;
}

function issue(
  state: SandboxState,
  pageHost: string,
  declared: unknown,
): IssuedSandboxPage | { problem: string } {
  const host = pageHost.toLowerCase();
  if (!state.bridgeHosts().has(host)) return { problem: `mcp-inspect does not serve its page at ${host}.` };
  const origin = sandboxOrigin(state, host);
  if (host.startsWith('[') || origin === undefined) {
    return {
      problem:
        'Chromium lets no page at an IPv6 address frame another origin by name (a CSP cannot hold an IPv6 literal), so MCP Apps cannot run here: open mcp-inspect at 127.0.0.1 or localhost.',
    };
  }
  const { kept, dropped } = normalizeAppCsp(declared, state.guard);
  const page = `http://${host}`;
  const csp = JSON.stringify(kept);
  const url = new URL(SANDBOX_PAGE_PATH, origin);
  url.searchParams.set(SANDBOX_HOST_PARAM, page);
  url.searchParams.set(SANDBOX_CSP_PARAM, csp);
  url.searchParams.set(SANDBOX_SIGNATURE_PARAM, sign(state.key, page, csp));
  if (url.href.length > MAX_URL_CHARS) {
    return { problem: "The app's resource declares more CSP domains than fit in a sandbox address." };
  }
  return { url: url.href, csp: kept, dropped };
}

function sign(key: Buffer, page: string, csp: string): string {
  return createHmac('sha256', key).update(`${page}\n${csp}`).digest('base64url');
}

function signatureMatches(key: Buffer, page: string, csp: string, offered: string): boolean {
  const expected = Buffer.from(sign(key, page, csp));
  const given = Buffer.from(offered);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

function handle(req: IncomingMessage, res: ServerResponse, state: SandboxState): void {
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Referrer-Policy', 'no-referrer');
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('Cross-Origin-Resource-Policy', 'same-origin');
  if (!isAllowedHost(req.headers.host, state.hosts))
    return refuse(res, 403, 'Forbidden: this Host is not allowed');
  // Its script, fetched by another site, would tell it a bridge runs here (security.ts). The page
  // that frames it is another site (sandboxSite.ts): a frame's navigation is let through.
  if (isForeignRequest(requestSignals(req), state.hosts, 'iframe'))
    return refuse(res, 403, 'Forbidden: another site asked for this');
  if (req.method !== 'GET' && req.method !== 'HEAD') return refuse(res, 405, 'Only GET');
  const url = new URL(req.url ?? '/', 'http://sandbox.invalid');
  const file = state.files.get(url.pathname);
  if (!file) {
    return url.pathname === SANDBOX_PAGE_PATH
      ? refuse(res, 503, 'The app sandbox is not built: run `npm run build`')
      : refuse(res, 404, 'Not found: this listener serves only the MCP Apps sandbox');
  }
  if (url.pathname === SANDBOX_PAGE_PATH) {
    const policy = pagePolicy(state, url.searchParams, req.headers.host ?? '');
    if ('refused' in policy) return refuse(res, 403, policy.refused);
    res.setHeader('Content-Security-Policy', policy.csp);
  }
  res.writeHead(200, { 'Content-Type': file.type, 'Content-Length': file.body.length });
  res.end(req.method === 'HEAD' ? undefined : file.body);
}

/** The sandbox page's CSP, from an issued address only, and only under the name it was issued for. */
function pagePolicy(
  state: SandboxState,
  query: URLSearchParams,
  requestHost: string,
): { csp: string } | { refused: string } {
  const page = query.get(SANDBOX_HOST_PARAM) ?? '';
  const csp = query.get(SANDBOX_CSP_PARAM) ?? '';
  const signature = query.get(SANDBOX_SIGNATURE_PARAM) ?? '';
  if (!signatureMatches(state.key, page, csp, signature)) {
    return {
      refused:
        'Forbidden: mcp-inspect did not issue this sandbox address (an app may not choose its own sandbox page or CSP)',
    };
  }
  const pageHost = page.replace(/^http:\/\//, '');
  if (sandboxOrigin(state, pageHost) !== `http://${requestHost.toLowerCase()}`) {
    return { refused: 'Forbidden: this sandbox address was issued for another host name' };
  }
  // Signed by this process, so well-formed; normalized again all the same, as the header's source.
  const { kept } = normalizeAppCsp(parseJson(csp), state.guard);
  return { csp: buildAppCsp(kept, [page]) };
}

function parseJson(text: string): unknown {
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

function listen(server: Server, host: string): Promise<{ port: number; address: string }> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, host, () => {
      server.off('error', reject);
      const { port, address } = server.address() as AddressInfo;
      resolve({ port, address });
    });
  });
}
