import {
  createServer,
  type IncomingMessage,
  type RequestListener,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { Duplex } from 'node:stream';
import type { RunningAppSandbox } from '../appSandbox/sandboxServer.js';
import { allowedHosts } from '../loopback/security.js';
import { listBuiltAssets } from './builtAssets.js';
import { readFirstScreenFiles, type FirstScreen } from './firstScreen.js';
import { admitRequest } from './guards.js';
import { listen, startSandboxBeside, type Bound } from './listening.js';
import { pageCsp } from './pageCsp.js';

/**
 * What may wait for the bridge at most. A page asks for a handful of things before its first tool
 * (its socket, the session, a lazy chunk); past this, a request is told to come back.
 */
const MAX_HELD = 64;

export interface ListenOptions {
  /** 127.0.0.1 unless the user asked loudly for another address. */
  host: string;
  /** Preferred port; 0 for any free one. */
  port: number;
  /** The built page, whose first screen is served from the start. */
  clientDir?: string;
  /** The built MCP Apps sandbox page; when set, its own listener starts beside this one. */
  appSandboxDir?: string;
  log: (line: string) => void;
}

/**
 * The bridge's HTTP listener, bound and serving the page's first screen before the bridge itself
 * (Express, ws, the session, the MCP SDK: some 300 ms of loading on a quiet machine, three times
 * that beside a starting browser) has loaded. The CLI prints its link as soon as this listens, so
 * the browser fetches and runs the page while the bridge loads. Everything else that arrives
 * meanwhile (the page's socket, its API requests) waits, in order, and is handed to the bridge
 * when it attaches.
 */
export interface BridgeListener {
  server: Server;
  bound: Bound;
  /** The Host names the bridge answers to (its port is known). */
  hosts: Set<string>;
  /** The MCP Apps sandbox listener, when it runs. */
  sandbox: RunningAppSandbox | undefined;
  /** The page's first screen as read at start, for the bridge to serve on (not read again). */
  firstScreen: FirstScreen | undefined;
  /**
   * Hands the listener to the bridge: `wire` hooks the bridge's upgrade handler on the server,
   * then every request goes to `app`, those that waited first.
   */
  attach<Wired>(app: RequestListener, wire: (server: Server) => Wired): Wired;
  /** Stops listening (the bridge could not start). */
  close(): Promise<void>;
}

type Held =
  | { kind: 'request'; req: IncomingMessage; res: ServerResponse }
  | { kind: 'upgrade'; req: IncomingMessage; socket: Duplex; head: Buffer };

/** Binds the bridge's port (or any free one when it is taken) and starts the sandbox beside it. */
export async function listenForBridge(options: ListenOptions): Promise<BridgeListener> {
  const firstScreen = options.clientDir === undefined ? undefined : readFirstScreenFiles(options.clientDir);
  const page =
    options.clientDir === undefined || firstScreen === undefined
      ? []
      : [firstScreen, listBuiltAssets(options.clientDir, options.log)];
  let hosts = new Set<string>();
  let sandbox: RunningAppSandbox | undefined = undefined;
  const held: Held[] = [];

  const hold = (item: Held, refuse: () => void): void => {
    if (held.length >= MAX_HELD) refuse();
    else held.push(item);
  };
  const early = (req: IncomingMessage, res: ServerResponse): void => {
    // The page's files, with every guard and header of the bridge's own handler (httpApp.ts).
    const files = page.find((handler) => handler.serves(req));
    if (files !== undefined) {
      if (admitRequest(req, res, hosts, (host) => pageCsp(sandbox, host))) files.serve(req, res);
      return;
    }
    hold({ kind: 'request', req, res }, () => {
      res.writeHead(503, { 'Content-Type': 'text/plain; charset=utf-8', 'Retry-After': '1' });
      res.end('mcp-inspect is starting: try again in a moment');
    });
  };
  const earlyUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer): void => {
    // A socket that goes away while it waits is not handed on (see attach); its error is not ours.
    socket.on('error', () => undefined);
    hold({ kind: 'upgrade', req, socket, head }, () =>
      socket.end('HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\nContent-Length: 0\r\n\r\n'),
    );
  };

  const server = createServer();
  server.on('request', early);
  server.on('upgrade', earlyUpgrade);
  const bound = await listen(server, options.host, options.port);
  hosts = allowedHosts(bound.port, options.host);
  sandbox = await startSandboxBeside(options, () => hosts, bound.port);

  let attached = false;
  return {
    server,
    bound,
    hosts,
    sandbox,
    firstScreen,
    attach(app, wire) {
      if (attached) throw new Error('the listener is already attached to a bridge');
      attached = true;
      server.off('request', early);
      server.off('upgrade', earlyUpgrade);
      server.on('request', app);
      const wired = wire(server);
      for (const item of held.splice(0)) {
        if (item.req.socket.destroyed) continue;
        if (item.kind === 'request') app(item.req, item.res);
        else server.emit('upgrade', item.req, item.socket, item.head);
      }
      return wired;
    },
    async close() {
      await sandbox?.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
