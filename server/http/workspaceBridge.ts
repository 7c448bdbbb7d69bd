import { createServer } from 'node:http';
import express, { type NextFunction, type Request, type Response } from 'express';
import type { RunningAppSandbox } from '../appSandbox/sandboxServer.js';
import { allowedHosts } from '../loopback/security.js';
import { modelRouter } from '../models/modelRoutes.js';
import type { OAuthManager } from '../oauth/oauthManager.js';
import { openTargetSession } from './targetSession.js';
import type { OAuthSettings } from '../oauth/flowTypes.js';
import type { BridgeSession } from '../relay/session.js';
import { DEFAULT_MEMORY_LIMITS } from '../targets/memoryLimits.js';
import type { TargetSpec } from '../targets/targetSpec.js';
import type { BridgeOptions } from './bridgeServer.js';
import { listen, startSandboxBeside, type Bound } from './listening.js';
import { startCaptureServices } from './captureServices.js';
import { readFirstScreenFiles } from './firstScreen.js';
import { createHttpApp } from './httpApp.js';
import { workspaceRoutes } from './workspaceRoutes.js';
import { WorkspaceFileKeeper, type SlotEdits } from './workspaceEdits.js';
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
  /**
   * The workspace file's servers read again (after the page imported or added some), with the
   * trust the run gives servers added from the page.
   */
  reread?: () => { servers: WorkspaceServerSpec[] } | { error: string };
  /** The file's revision as `servers` were read from it (pageServers); read at start when absent. */
  revision?: string;
}

export interface Slot {
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

/**
 * The page's path of the server with this id: `/s/<id>/…`. An id is given once per run (a
 * server removed from the list does not give its id to the next one added), and stays the
 * server's when it is renamed or moved.
 */
const SERVER_PATH = /^\/s\/(\d+)(\/.*)$/;

/**
 * The bridge of several servers at once (`mcp-inspect --all`). Each server is the session a
 * single server's bridge would have (its own run, traffic, OAuth client and secrets), served under
 * its own path, `/s/<id>/`: its page, its routes and its socket, exactly as one server's bridge
 * serves them at the root. The workspace's page at the root frames those pages (same origin: the
 * frames keep their state while the person switches, and it reads their sessions to show them
 * together). One token, one listener, one app sandbox, one Captured list and one model provider
 * for all of them. Resolves once listening; the servers may still be starting.
 */
export async function startWorkspaceBridge(options: WorkspaceBridgeOptions): Promise<RunningWorkspaceBridge> {
  const limits = options.limits ?? DEFAULT_MEMORY_LIMITS;
  const services = startCaptureServices(options.log, options.captures);
  const model = modelRouter(options.modelEnv ?? process.env);
  let hosts = new Set<string>();
  let sandbox: RunningAppSandbox | undefined = undefined;

  /** Each server's redirect URI base, once the port is known. */
  let base: string | undefined = undefined;
  /** The servers in the list's order (the file's). */
  const slots: Slot[] = [];
  let nextId = 0;
  const serverApps = new Map<string, express.Express>();
  // Every server's frame serves the same page, its index.html naming the build's files at the
  // root (firstScreen.ts): read once for all of them, not once a server.
  const frameFirstScreen =
    options.clientDir === undefined
      ? undefined
      : readFirstScreenFiles(options.clientDir, { assetsAtRoot: true });
  /** A server's slot: its session, OAuth client and app, on the next id; started when asked. */
  const addSlot = (spec: WorkspaceServerSpec): Slot => {
    const id = String(nextId);
    nextId += 1;
    const slot: Slot = { id, spec };
    slots.push(slot);
    if (spec.target === undefined) return slot;
    // The server's name as it is now: it may be renamed while its session runs.
    const log = (line: string): void => options.log(`[${slot.spec.name}] ${line}`);
    const { session, oauth } = openTargetSession(
      spec.target,
      { settings: spec.oauth ?? {}, log, ...(options.openUrl ? { openUrl: options.openUrl } : {}) },
      { version: options.version, log, ...(options.tuning ? { tuning: options.tuning } : {}), limits },
    );
    // Each server's redirect URI is under its own path, so the code comes back to its own client.
    if (base !== undefined) oauth.setOrigin(`${base}/s/${id}`);
    serverApps.set(
      id,
      createHttpApp({
        token: options.token,
        allowedHosts: () => hosts,
        session,
        version: options.version,
        oauth,
        appSandbox: () => sandbox,
        log: options.log,
        breakpoints: services.breakpoints,
        model,
        framedBy: 'self',
        ...(options.clientDir === undefined ? {} : { clientDir: options.clientDir }),
        ...(frameFirstScreen ? { firstScreen: frameFirstScreen } : {}),
        ...(options.collectionFile === undefined ? {} : { collectionFile: options.collectionFile }),
        ...(services.captures ? { captures: services.captures } : {}),
      }),
    );
    slot.session = session;
    slot.oauth = oauth;
    return slot;
  };
  for (const spec of options.servers) addSlot(spec);
  const slotNamed = (name: string): Slot | undefined => slots.find((slot) => slot.spec.name === name);
  const slotEdits: SlotEdits = {
    add: (specs) => {
      for (const spec of specs) void addSlot(spec).session?.restart();
    },
    stop: async (name) => {
      await slotNamed(name)?.session?.stop();
    },
    drop: async (name) => {
      const slot = slotNamed(name);
      if (slot === undefined) return;
      slots.splice(slots.indexOf(slot), 1);
      serverApps.delete(slot.id);
      await slot.session?.dispose();
    },
    rename: (from, to) => {
      const slot = slotNamed(from);
      if (slot === undefined) return;
      // Its reason, if it cannot start, names the entry as it was read: `"from" in FILE…`.
      const problem = slot.spec.problem?.replace(`"${from}" in `, `"${to}" in `);
      slot.spec = { ...slot.spec, name: to, ...(problem === undefined ? {} : { problem }) };
    },
    order: (names) => {
      const place = new Map(names.map((name, at) => [name, at]));
      // A server the file does not name (none, unless the file and the list parted) goes last.
      slots.sort(
        (a, b) => (place.get(a.spec.name) ?? names.length) - (place.get(b.spec.name) ?? names.length),
      );
    },
  };

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
    const rest = match[2] ?? '/';
    // The build's scripts and styles are the same for every server: one address for all (the
    // root's), so each server's frame takes them from the browser's cache, compiled code included.
    // A frame's index.html names them there already (firstScreen.ts); this catches the rest.
    if (rest.startsWith('/assets/') && (req.method === 'GET' || req.method === 'HEAD')) {
      res.redirect(308, rest);
      return;
    }
    req.url = rest;
    serverApp(req, res, next);
  });
  app.use(
    workspaceRoutes({
      options,
      slots,
      hosts: () => hosts,
      sandbox: () => sandbox,
      edits: slotEdits,
      keeper: new WorkspaceFileKeeper(options.file, options.revision),
    }),
  );

  const server = createServer(app);
  const wss = attachWsBridge(server, {
    token: options.token,
    allowedHosts: () => hosts,
    sessionAt: (path) => {
      const match = SERVER_PATH.exec(path);
      if (!match || match[2] !== WS_PATH) return undefined;
      return slots.find((slot) => slot.id === match[1])?.session;
    },
    pageBacklogBytes: limits.pageBacklogBytes,
    log: options.log,
  });

  const started = Promise.all(slots.map((slot) => slot.session?.restart()));
  let bound: Bound;
  try {
    bound = await listen(server, options.host, options.port);
  } catch (error) {
    await services.close();
    await Promise.all(slots.map((slot) => slot.session?.dispose()));
    throw error;
  }
  const { port, portWasTaken } = bound;
  hosts = allowedHosts(port, options.host);
  base = bound.callbackBase;
  for (const slot of slots) slot.oauth?.setOrigin(`${base}/s/${slot.id}`);
  sandbox = await startSandboxBeside(options, () => hosts, port);
  // The link does not wait for the servers: each frame shows its own server starting, and one URL
  // server that accepts and never answers held every other server's page back for its 10 s probe.
  void started.catch((error: unknown) =>
    options.log(`a server could not be started: ${(error as Error).message}`),
  );
  await services.started;

  return {
    origin: bound.origin,
    port,
    portWasTaken,
    get sessions() {
      return slots.map((slot) => slot.session);
    },
    close: async () => {
      await services.close();
      await Promise.all(slots.map((slot) => slot.session?.dispose()));
      await sandbox?.close();
      for (const client of wss.clients) client.terminate();
      wss.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
