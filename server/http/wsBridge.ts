import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { createRequire } from 'node:module';
import type { WebSocket, WebSocketServer as WebSocketServerClass } from 'ws';
import {
  WS_HELLO_PROTOCOL_PREFIX,
  WS_PATH,
  WS_SUBPROTOCOL,
  WS_TOKEN_PROTOCOL_PREFIX,
} from '../../shared/wire.js';
import { isAllowedHost, isAllowedOrigin, tokensMatch } from '../loopback/security.js';
import { createPageSink } from '../relay/pageSink.js';
import type { BridgeSession } from '../relay/session.js';

/**
 * ws through require, not import: Node runs each CommonJS file an ES module imports through its
 * export lexer, and ws's ESM wrapper imports a dozen; required, they load as plain CommonJS
 * (measured: ~85 → ~30 ms of CPU to load ws, on the path to the link being printed).
 */
const { WebSocketServer } = createRequire(import.meta.url)('ws') as {
  WebSocketServer: typeof WebSocketServerClass;
};

export interface WsBridgeOptions {
  token: string;
  allowedHosts: () => Set<string>;
  /**
   * The session a socket on this path is for (a single server's page asks on WS_PATH; each server
   * of a workspace on its own, see workspaceBridge.ts); undefined: no such socket (404).
   */
  sessionAt: (path: string) => BridgeSession | undefined;
  /** What may wait for one page before it is dropped (MemoryLimits.pageBacklogBytes). */
  pageBacklogBytes: number;
  /** Lines for the terminal. */
  log: (line: string) => void;
}

/** Large tool arguments (a base64 file) are legitimate; past this the socket is closed. */
const MAX_PAGE_MESSAGE_BYTES = 256 * 1024 * 1024;

/**
 * Hooks the WebSocket upgrade on the HTTP server. Host, Origin and token are all checked
 * before `handleUpgrade`: a socket that got through the upgrade would already be among the
 * bridge's clients, able to send a command.
 */
export function attachWsBridge(server: Server, options: WsBridgeOptions): WebSocketServerClass {
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: MAX_PAGE_MESSAGE_BYTES,
    // Select our protocol, never echo the token protocol back.
    handleProtocols: (protocols) => (protocols.has(WS_SUBPROTOCOL) ? WS_SUBPROTOCOL : false),
  });

  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const refusal = checkUpgrade(req, options);
    if (refusal !== undefined) {
      socket.end(`HTTP/1.1 ${refusal}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
      return;
    }
    const session = options.sessionAt(upgradePath(req));
    if (session === undefined) {
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => onConnection(ws, helloInUpgrade(req), session, options));
  });

  return wss;
}

/** Returns the HTTP status line to refuse with, or undefined to let the upgrade through. */
export function checkUpgrade(req: IncomingMessage, options: WsBridgeOptions): string | undefined {
  if (options.sessionAt(upgradePath(req)) === undefined) return '404 Not Found';
  const hosts = options.allowedHosts();
  if (!isAllowedHost(req.headers.host, hosts)) return '403 Forbidden';
  // An upgrade without Origin comes from outside a browser; the page always sends one.
  if (!isAllowedOrigin(req.headers.origin, req.headers.host, hosts)) return '403 Forbidden';
  const offered = offeredProtocols(req);
  if (!offered.includes(WS_SUBPROTOCOL)) return '400 Bad Request';
  const tokenProtocol = offered.find((p) => p.startsWith(WS_TOKEN_PROTOCOL_PREFIX));
  const token = tokenProtocol?.slice(WS_TOKEN_PROTOCOL_PREFIX.length);
  if (!tokensMatch(token, options.token)) return '401 Unauthorized';
  return undefined;
}

function upgradePath(req: IncomingMessage): string {
  return (req.url ?? '').split('?')[0] ?? '';
}

/** The one session of a single server's bridge, on the page's socket path. */
export function singleSession(session: BridgeSession): (path: string) => BridgeSession | undefined {
  return (path) => (path === WS_PATH ? session : undefined);
}

function offeredProtocols(req: IncomingMessage): string[] {
  return (req.headers['sec-websocket-protocol'] ?? '').split(',').map((p) => p.trim());
}

/**
 * The hello a page said in its upgrade (`hello.<wire version>`, see WS_HELLO_PROTOCOL_PREFIX), as
 * the envelope it stands for; undefined when it offered none. A version that is not a number is
 * passed on as such, and refused like any malformed hello.
 */
export function helloInUpgrade(req: IncomingMessage): string | undefined {
  const offered = offeredProtocols(req).find((p) => p.startsWith(WS_HELLO_PROTOCOL_PREFIX));
  if (offered === undefined) return undefined;
  const version = offered.slice(WS_HELLO_PROTOCOL_PREFIX.length);
  return JSON.stringify({ type: 'hello', wireVersion: /^\d+$/.test(version) ? Number(version) : version });
}

function onConnection(
  ws: WebSocket,
  hello: string | undefined,
  session: BridgeSession,
  { log, pageBacklogBytes }: WsBridgeOptions,
): void {
  const sink = createPageSink(ws, pageBacklogBytes, (dropped, reason) => {
    session.detach(dropped);
    log(`● dropped a page: ${reason}`);
  });
  session.attach(sink);
  // Greeted at once: the page need not wait for its code to load to say hello.
  if (hello !== undefined) session.receive(sink, hello);
  ws.on('message', (data, isBinary) => {
    if (isBinary) session.receiveBinary(sink);
    else session.receive(sink, data.toString());
  });
  ws.on('close', () => session.detach(sink));
  // A broken socket must not take the bridge down; 'close' follows and detaches it.
  ws.on('error', () => undefined);
}
