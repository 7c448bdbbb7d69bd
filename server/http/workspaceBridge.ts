import { createServer } from 'node:http';
import express, { type NextFunction, type Request, type Response } from 'express';
import { API_WORKSPACE_PATH, type WorkspaceView } from '../../shared/workspace/pageWire.js';
import { AUTH_SCHEME } from '../../shared/http.js';
import { startAppSandbox, type RunningAppSandbox } from '../appSandbox/sandboxServer.js';
import {
  allowedHosts,
  isAllowedHost,
  isAllowedOrigin,
  isForeignRequest,
  requestSignals,
  tokensMatch,
} from '../loopback/security.js';
import { modelRouter } from '../models/modelRoutes.js';
import { OAuthManager } from '../oauth/oauthManager.js';
import type { OAuthSettings } from '../oauth/flowTypes.js';
import { BridgeSession } from '../relay/session.js';
import { DEFAULT_MEMORY_LIMITS } from '../targets/memoryLimits.js';
import { targetLabel, type TargetSpec } from '../targets/targetSpec.js';
import { listen, type BridgeOptions } from './bridgeServer.js';
import { startCaptureServices } from './captureServices.js';
import { createHttpApp, pageCsp } from './httpApp.js';
import { serveFirstScreen } from './firstScreen.js';
import { servePrecompressed } from './precompressed.js';
import { attachWsBridge } from './wsBridge.js';
import { WS_PATH } from '../../shared/wire.js';

/** One server of the workspace: what to run, or why it cannot be. */
export interface WorkspaceServerSpec {
  name: string;
  target?: TargetSpec;
  /** Why the entry cannot start (it asks for variables the file is not trusted with, …). */
  problem?: string;
  oauth?: OAuthSettings;
}

export interface WorkspaceBridgeOptions extends Omit<BridgeOptions, 'target' | 'earlyServer' | 'oauth'> {
  servers: WorkspaceServerSpec[];
  /** The workspace file they came from, for the page's heading. */
  file?: string;
  /** Opens an authorization page (absent: the page shows its address). */
  openUrl?: (url: string) => void;
}

interface Slot {
  id: string;
  spec: WorkspaceServerSpec;
  session?: BridgeSession;
  oauth?: OAuthManager;
}

export interface RunningWorkspaceBridge {
  origin: string;
  port: number;
  portWasTaken: boolean;
  /** Each server's session, by its place in the list (undefined for one that could not start). */
  sessions: (BridgeSession | undefined)[];
  close(): Promise<void>;
}

/** The page's path of the server with this id: `/s/<id>/…`. */
const SERVER_PATH = /^\/s\/(\d+)(\/.*)$/;

/**
 * The bridge of several servers at once (`mcp-inspect --all`). Each server is the session a
 * single server's bridge would have (its own run, traffic, OAuth client and secrets), served under
 * its own path, `/s/<id>/`: its page, its routes and its socket, exactly as one server's bridge
 * serves them at the root. The workspace's page at the root frames those pages (same origin: the
 * frames keep their state while the person switches, and it reads their sessions to show them
 * together). One token, one listener, one app sandbox, one Captured list and one model provider
 * for all of them.
 */
export async function startWorkspaceBridge(options: WorkspaceBridgeOptions): Promise<RunningWorkspaceBridge> {
  const limits = options.limits ?? DEFAULT_MEMORY_LIMITS;
  const services = startCaptureServices(options.log, options.captures);
  const model = modelRouter(options.modelEnv ?? process.env);
  let hosts = new Set<string>();
  let sandbox: RunningAppSandbox | undefined;

  const slots: Slot[] = options.servers.map((spec, index) => {
    const id = String(index);
    if (spec.target === undefined) return { id, spec };
    const log = (line: string): void => options.log(`[${spec.name}] ${line}`);
    const oauth = new OAuthManager({
      settings: spec.oauth ?? {},
      log,
      ...(options.openUrl ? { openUrl: options.openUrl } : {}),
    });
    const session = new BridgeSession(spec.target, {
      version: options.version,
      log,
      targetAuth: (url) => oauth.forTarget(url),
      ...(options.tuning ? { tuning: options.tuning } : {}),
      limits,
    });
    oauth.onAuthorized = (url) => {
      if (session.targetUrl === url) void session.restart();
    };
    return { id, spec, session, oauth };
  });

  const serverApps = new Map(
    slots.flatMap((slot) =>
      slot.session && slot.oauth
        ? [
            [
              slot.id,
              createHttpApp({
                token: options.token,
                allowedHosts: () => hosts,
                session: slot.session,
                version: options.version,
                oauth: slot.oauth,
                appSandbox: () => sandbox,
                log: options.log,
                breakpoints: services.breakpoints,
                model,
                framedBy: 'self',
                ...(options.clientDir === undefined ? {} : { clientDir: options.clientDir }),
                ...(options.collectionFile === undefined ? {} : { collectionFile: options.collectionFile }),
                ...(services.captures ? { captures: services.captures } : {}),
              }),
            ] as const,
          ]
        : [],
    ),
  );

  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  // A server's own page, routes and socket: its app sees the path below `/s/<id>`.
  app.use((req: Request, res: Response, next: NextFunction) => {
    const match = SERVER_PATH.exec(req.url);
    const serverApp = match ? serverApps.get(match[1] ?? '') : undefined;
    if (!match || !serverApp) {
      next();
      return;
    }
    req.url = match[2] ?? '/';
    serverApp(req, res, next);
  });
  app.use(
    workspaceRoutes(
      options,
      slots,
      () => hosts,
      () => sandbox,
    ),
  );

  const server = createServer(app);
  const wss = attachWsBridge(server, {
    token: options.token,
    allowedHosts: () => hosts,
    sessionAt: (path) => {
      const match = SERVER_PATH.exec(path);
      if (!match || match[2] !== WS_PATH) return undefined;
      return slots[Number(match[1])]?.session;
    },
    pageBacklogBytes: limits.pageBacklogBytes,
    log: options.log,
  });

  const sessions = slots.map((slot) => slot.session);
  const started = Promise.all(sessions.map((session) => session?.restart()));
  let bound: { port: number; portWasTaken: boolean };
  try {
    bound = await listen(server, options.host, options.port);
  } catch (error) {
    await services.close();
    await Promise.all(sessions.map((session) => session?.dispose()));
    throw error;
  }
  const { port, portWasTaken } = bound;
  hosts = allowedHosts(port, options.host);
  const callbackHost = ['0.0.0.0', '::'].includes(options.host) ? '127.0.0.1' : options.host;
  const base = `http://${callbackHost.includes(':') ? `[${callbackHost}]` : callbackHost}:${port}`;
  // Each server's redirect URI is under its own path, so the code comes back to its own client.
  for (const slot of slots) slot.oauth?.setOrigin(`${base}/s/${slot.id}`);
  if (options.appSandboxDir !== undefined) {
    try {
      sandbox = await startAppSandbox({
        host: options.host,
        bridgeHosts: () => hosts,
        bridgePort: port,
        dir: options.appSandboxDir,
      });
    } catch (error) {
      options.log(`could not start the MCP Apps sandbox: ${(error as Error).message}`);
    }
  }
  await started;
  await services.started;

  const displayHost = options.host.includes(':') ? `[${options.host}]` : options.host;
  return {
    origin: `http://${displayHost}:${port}`,
    port,
    portWasTaken,
    sessions,
    close: async () => {
      await services.close();
      await Promise.all(sessions.map((session) => session?.dispose()));
      await sandbox?.close();
      for (const client of wss.clients) client.terminate();
      wss.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The workspace page's own routes: its list of servers, connect and disconnect, and its files. */
function workspaceRoutes(
  options: WorkspaceBridgeOptions,
  slots: Slot[],
  hosts: () => Set<string>,
  sandbox: () => RunningAppSandbox | undefined,
): express.Router {
  const router = express.Router();
  router.use((req: Request, res: Response, next: NextFunction) => {
    if (!isAllowedHost(req.headers.host, hosts())) {
      res.status(403).type('text/plain').send('Forbidden: this Host is not allowed');
      return;
    }
    // It frames the servers' pages, on its own origin, and nothing else.
    res.setHeader('Content-Security-Policy', pageCsp(sandbox(), req.headers.host ?? '', 'none', ["'self'"]));
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Referrer-Policy', 'no-referrer');
    res.setHeader('Cross-Origin-Opener-Policy', 'same-origin');
    res.setHeader('Cross-Origin-Resource-Policy', 'same-origin');
    if (isForeignRequest(requestSignals(req), hosts(), 'document')) {
      res.setHeader('Cache-Control', 'no-store');
      res.status(403).type('text/plain').send('Forbidden: another site asked for this');
      return;
    }
    next();
  });
  router.use('/api', (req: Request, res: Response, next: NextFunction) => {
    const origin = req.headers.origin;
    if (origin !== undefined && !isAllowedOrigin(origin, req.headers.host, hosts())) {
      res.status(403).json({ error: 'Forbidden: this Origin is not allowed' });
      return;
    }
    const [scheme, value] = (req.headers.authorization ?? '').split(' ', 2);
    if (scheme !== AUTH_SCHEME || !tokensMatch(value, options.token)) {
      res.status(401).json({ error: 'Missing or wrong token: open the link mcp-inspect printed' });
      return;
    }
    res.setHeader('Cache-Control', 'no-store');
    next();
  });
  router.get(API_WORKSPACE_PATH, (_req: Request, res: Response) => {
    const view: WorkspaceView = {
      ...(options.file === undefined ? {} : { file: options.file }),
      servers: slots.map((slot) => ({
        id: slot.id,
        name: slot.spec.name,
        label: slot.spec.target ? targetLabel(slot.spec.target) : '',
        kind: slot.spec.target?.kind ?? 'stdio',
        state: slot.session?.state ?? null,
        ...(slot.spec.problem === undefined ? {} : { problem: slot.spec.problem }),
      })),
    };
    res.json(view);
  });
  router.post(`${API_WORKSPACE_PATH}/:id/:action`, (req: Request, res: Response) => {
    const slot = slots[Number(req.params.id)];
    const action = req.params.action;
    if (!slot?.session || (action !== 'connect' && action !== 'disconnect')) {
      res.status(404).json({ error: 'No such server or action' });
      return;
    }
    void (action === 'connect' ? slot.session.restart() : slot.session.stop());
    res.json({ ok: true });
  });
  router.use('/api', (_req: Request, res: Response) => {
    res.status(404).json({ error: 'No such route' });
  });
  if (options.clientDir !== undefined) {
    const clientDir = options.clientDir;
    // The workspace's own page at the root; the rest (scripts, styles) as for one server.
    router.get('/', (_req: Request, res: Response) => {
      res.setHeader('Cache-Control', 'no-cache');
      res.sendFile('workspace.html', { root: clientDir });
    });
    router.use(serveFirstScreen(clientDir));
    router.use(servePrecompressed(clientDir));
    router.use(express.static(clientDir, { index: false, fallthrough: true }));
  }
  router.use((_req: Request, res: Response) => {
    res.status(404).type('text/plain').send('Not found');
  });
  return router;
}
