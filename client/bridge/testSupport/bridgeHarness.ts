// The page's protocol layer in Node, against the real thing: the bridge (HTTP app, WebSocket
// upgrade checks, BridgeSession) started in-process on a loopback port, inspecting real SDK
// servers served over Streamable HTTP from this same process, so a test holds the server objects
// and can make them change, notify and ask. Nothing of MCP or of the page–bridge wire is faked.
import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import NodeWebSocket from 'ws';
import { QueryClient } from '@tanstack/react-query';
import { toNodeHandler } from '@modelcontextprotocol/node';
import { createMcpHandler, type McpServer, type McpHttpHandler } from '@modelcontextprotocol/server';
import type { McpServer as McpServerV1 } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { startBridge, type RunningBridge } from '../../../server/http/bridgeServer';
import type { TargetSpec } from '../../../server/targets/targetSpec';
import { WS_PATH, type EraChoice } from '../../../shared/wire';
import { TrafficLog } from '../../../shared/core/traffic/trafficLog';
import {
  BridgeSocket,
  type BridgeSocketEvents,
  type BridgeSocketOptions,
  type DeliveredEnvelope,
  type SocketStatus,
} from '../bridgeSocket';
import { InspectorSession, type InspectorSnapshot } from '../inspectorSession';
import { checkToken } from '../token';

/** Resolves once `check` returns something truthy; re-checked every few milliseconds. */
export async function eventually<T>(
  check: () => T,
  what: string,
  timeoutMs = 10_000,
): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = check();
    if (value) return value as NonNullable<T>;
    if (Date.now() > deadline) throw new Error(`still waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

// ─── MCP servers over Streamable HTTP ────────────────────────────────────────────────────

export interface HttpMcpServer {
  url: string;
  /** The Authorization header of each request, as the server got it. */
  authorizations: (string | undefined)[];
  close(): Promise<void>;
}

type Guard = (req: IncomingMessage, res: ServerResponse) => boolean;

async function listen(
  serve: (req: IncomingMessage, res: ServerResponse) => unknown,
  guard: Guard | undefined,
): Promise<{ http: Server; url: string; authorizations: (string | undefined)[] }> {
  const authorizations: (string | undefined)[] = [];
  const http = createServer((req, res) => {
    authorizations.push(req.headers.authorization);
    if (guard && !guard(req, res)) return;
    void serve(req, res);
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as AddressInfo;
  return { http, url: `http://127.0.0.1:${port}/mcp`, authorizations };
}

function closeHttp(http: Server): Promise<void> {
  http.closeAllConnections();
  return new Promise((resolve) => http.close(() => resolve()));
}

/** Answers 401 to a request without this bearer token, as a server behind auth does. */
export function requireBearer(token: string): Guard {
  return (req, res) => {
    if (req.headers.authorization === `Bearer ${token}`) return true;
    res.writeHead(401, { 'www-authenticate': 'Bearer' }).end();
    return false;
  };
}

/**
 * An SDK v2 server: the modern era, and 2025 traffic served statelessly (createMcpHandler's
 * default). `notify` publishes list changes on the open subscriptions/listen streams.
 */
export async function serveModern(
  factory: () => McpServer,
  guard?: Guard,
): Promise<HttpMcpServer & { notify: McpHttpHandler['notify'] }> {
  const handler = createMcpHandler(factory, { keepAliveMs: 0 });
  const { http, url, authorizations } = await listen(toNodeHandler(handler), guard);
  return {
    url,
    authorizations,
    notify: handler.notify,
    close: async () => {
      await handler.close();
      await closeHttp(http);
    },
  };
}

/**
 * An SDK v1 server (legacy era, what most servers on npm still are) over sessionful Streamable
 * HTTP, one McpServer per session: it sends notifications and requests of its own, on the
 * session's GET stream. `sessions` holds the servers of initialized sessions, newest last.
 */
export async function serveLegacy(
  factory: () => McpServerV1,
  guard?: Guard,
): Promise<HttpMcpServer & { sessions: McpServerV1[] }> {
  const transports = new Map<string, StreamableHTTPServerTransport>();
  const servers: McpServerV1[] = [];
  const sessions: McpServerV1[] = [];
  const serve = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const id = req.headers['mcp-session-id'];
    let transport = typeof id === 'string' ? transports.get(id) : undefined;
    if (!transport) {
      const server = factory();
      servers.push(server);
      const fresh: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
        sessionIdGenerator: randomUUID,
        onsessioninitialized: (sessionId) => {
          transports.set(sessionId, fresh);
          sessions.push(server);
        },
      });
      await server.connect(fresh);
      transport = fresh;
    }
    await transport.handleRequest(req, res);
  };
  const { http, url, authorizations } = await listen(serve, guard);
  return {
    url,
    authorizations,
    sessions,
    close: async () => {
      await Promise.all(servers.map((server) => server.close().catch(() => undefined)));
      await closeHttp(http);
    },
  };
}

// ─── The bridge and the page ────────────────────────────────────────────────────────────

export interface TestBridge {
  running: RunningBridge;
  token: string;
  /** The page's origin, which the upgrade checks want as Origin. */
  origin: string;
  wsUrl: string;
}

export function urlTarget(
  url: string,
  era: EraChoice = 'auto',
  headers: Record<string, string> = {},
): TargetSpec {
  return { kind: 'url', url, transport: 'streamable-http', headers, era };
}

/**
 * The whole bridge, as the CLI starts it (without a browser or built page); a port and token of
 * a bridge that was closed start it again where a page left it.
 */
export async function startTestBridge(
  target: TargetSpec,
  again?: { port: number; token: string },
): Promise<TestBridge> {
  const token = again?.token ?? randomBytes(16).toString('hex');
  const running = await startBridge({
    target,
    token,
    host: '127.0.0.1',
    port: again?.port ?? 0,
    version: 'test',
    log: () => undefined,
  });
  return { running, token, origin: running.origin, wsUrl: `ws://127.0.0.1:${running.port}${WS_PATH}` };
}

/**
 * The `ws` package's client implements the browser's WebSocket interface the page uses (onopen,
 * onmessage with text as a string, onclose with code and reason, readyState, send, close); its
 * TypeScript types are its own. (The Origin a browser adds is set by hand where it is made.)
 */
function asBrowserWebSocket(ws: NodeWebSocket): WebSocket {
  return ws as unknown as WebSocket;
}

/**
 * Socket options that reach the test bridge from Node; a short retry interval keeps tests quick.
 * Each WebSocket made is pushed to `made`, so a test can drop one as a network would.
 */
export function socketOptions(
  bridge: TestBridge,
  extra: BridgeSocketOptions = {},
  made: NodeWebSocket[] = [],
): BridgeSocketOptions {
  return {
    url: bridge.wsUrl,
    createWebSocket: (url, protocols) => {
      const ws = new NodeWebSocket(url, protocols, { headers: { Origin: bridge.origin } });
      // A browser's WebSocket reports a refused upgrade as an event and a close; `ws` would
      // throw it as an unhandled 'error' without a listener.
      ws.on('error', () => undefined);
      made.push(ws);
      return asBrowserWebSocket(ws);
    },
    retryIntervalMs: 10,
    ...extra,
  };
}

export interface TestPage {
  session: InspectorSession;
  queryClient: QueryClient;
  traffic: TrafficLog;
  /** Whether the session told the tab to forget its token. */
  forgotToken: () => boolean;
  /** The page's WebSockets, newest last. */
  sockets: NodeWebSocket[];
  /** The current snapshot. */
  now: () => InspectorSnapshot;
  /** Resolves with the snapshot once it satisfies `check`. */
  until: (check: (snapshot: InspectorSnapshot) => unknown, what: string) => Promise<InspectorSnapshot>;
}

/** A page's session as main.tsx makes it, with the token and socket pointed at the test bridge. */
export function openPage(
  bridge: TestBridge,
  options: { token?: string; socket?: BridgeSocketOptions } = {},
): TestPage {
  const queryClient = new QueryClient();
  const traffic = new TrafficLog();
  const sockets: NodeWebSocket[] = [];
  let forgot = false;
  const session = new InspectorSession(queryClient, traffic, {
    takeToken: () => options.token ?? bridge.token,
    forgetToken: () => {
      forgot = true;
    },
    checkToken: (token) => checkToken(token, bridge.origin),
    openSocket: (token, events) =>
      new BridgeSocket(token, events, socketOptions(bridge, options.socket, sockets)),
  });
  const now = (): InspectorSnapshot => session.getSnapshot();
  return {
    session,
    queryClient,
    traffic,
    forgotToken: () => forgot,
    sockets,
    now,
    until: (check, what) =>
      eventually(() => (check(now()) ? now() : undefined), what).catch((error: Error) => {
        const { auth, socket, targetState, mcp, rejected } = now();
        const seen = {
          auth,
          socket,
          target: targetState?.state,
          mcp: mcp && [mcp.status, mcp.error],
          rejected,
        };
        throw new Error(`${error.message}; the page has ${JSON.stringify(seen)}`);
      }),
  };
}

/**
 * Resolves once a legacy session's GET stream is open, which a v1 server needs to send anything
 * of its own (it drops what it would send before; the page sees the stream in the traffic).
 */
export function legacyStreamOpen(page: TestPage): Promise<unknown> {
  return eventually(
    () => page.traffic.all().find((r) => r.type === 'http' && r.method === 'GET' && r.status === 200),
    "the legacy session's GET stream",
  );
}

/** Resolves once the page's MCP client is ready (for the given run, if one is named). */
export function ready(page: TestPage, generation?: number): Promise<InspectorSnapshot> {
  return page.until(
    (s) => s.mcp?.status === 'ready' && (generation === undefined || s.mcp.generation === generation),
    `an MCP client ready${generation === undefined ? '' : ` for run ${generation}`}`,
  );
}

/** What a socket told its owner: its statuses, the envelopes it delivered, what it found invalid. */
export function socketRecorder() {
  const statuses: SocketStatus[] = [];
  const envelopes: DeliveredEnvelope[] = [];
  const invalid: string[] = [];
  const events: BridgeSocketEvents = {
    onStatus: (status) => statuses.push(status),
    onEnvelope: (envelope) => envelopes.push(envelope),
    onInvalid: (reason) => invalid.push(reason),
  };
  return { events, statuses, envelopes, invalid, last: () => statuses.at(-1) };
}
