import { listenForBridge, type BridgeListener } from './bridgeListener.js';
import { createHttpApp } from './httpApp.js';
import type { OAuthManager } from '../oauth/oauthManager.js';
import { openTargetSession } from './targetSession.js';
import type { OAuthSettings } from '../oauth/flowTypes.js';
import type { BridgeSession } from '../relay/session.js';
import type { TargetSpec } from '../targets/targetSpec.js';
import type { SpawnedServer } from '../targets/spawnServer.js';
import type { TargetTuning } from '../targets/target.js';
import { DEFAULT_MEMORY_LIMITS, type MemoryLimits } from '../targets/memoryLimits.js';
import { attachWsBridge, singleSession } from './wsBridge.js';
import type { CaptureFeedOptions } from '../captures/captureFeed.js';
import { startCaptureServices } from './captureServices.js';

export interface BridgeOptions {
  target: TargetSpec;
  token: string;
  /** 127.0.0.1 unless the user asked loudly for another address. */
  host: string;
  /** Preferred port; 0 for any free one. */
  port: number;
  clientDir?: string;
  /** The built MCP Apps sandbox page; when set, a second listener serves it (see appSandbox/). */
  appSandboxDir?: string;
  version: string;
  log: (line: string) => void;
  /** OAuth for URL targets: what the person configured, and how to open an authorization page. */
  oauth?: { settings: OAuthSettings; openUrl?: (url: string) => void };
  /** The listener, when the CLI bound it (and printed the link) before loading the bridge. */
  listener?: BridgeListener;
  /** The target's process, when the CLI started it before loading the bridge. */
  earlyServer?: SpawnedServer;
  /** Shorter waits on the target than the product's, for tests. */
  tuning?: TargetTuning;
  /** What the bridge keeps at most (memoryLimits.ts); the defaults unless given. */
  limits?: MemoryLimits;
  /** The collection file the page saves calls to; none: no collection routes. */
  collectionFile?: string;
  /** Take captured sessions (`mcp-inspect proxy`) and list their files; none: no Captured list. */
  captures?: CaptureFeedOptions;
  /** Where the model provider's variables are read (tests give their own; else the process's). */
  modelEnv?: NodeJS.ProcessEnv;
}

export interface RunningBridge {
  /** The page's address without the token. */
  origin: string;
  port: number;
  /** Whether the preferred port was taken and another was used. */
  portWasTaken: boolean;
  /** The MCP Apps sandbox listener's port, when one runs. */
  appSandboxPort: number | undefined;
  session: BridgeSession;
  /** The OAuth client of URL targets (its store is the only place tokens live). */
  oauth: OAuthManager;
  /** The target's first start has ended, connected or not (the bridge answers before). */
  targetStarted: Promise<void>;
  close(): Promise<void>;
}

/**
 * Starts the HTTP server (or takes the one the CLI bound first: bridgeListener.ts), the WebSocket
 * bridge and the target; resolves once listening, the target perhaps still starting (`targetStarted`).
 */
export async function startBridge(options: BridgeOptions): Promise<RunningBridge> {
  const limits = options.limits ?? DEFAULT_MEMORY_LIMITS;
  const { session, oauth } = openTargetSession(
    options.target,
    { settings: {}, log: options.log, ...options.oauth },
    {
      version: options.version,
      log: options.log,
      ...(options.earlyServer ? { earlyServer: options.earlyServer } : {}),
      ...(options.tuning ? { tuning: options.tuning } : {}),
      limits,
    },
  );
  const services = startCaptureServices(options.log, options.captures);
  // The target starts while the server binds: the page finds it warm.
  const targetStarted = session.restart();
  let listener: BridgeListener;
  try {
    listener = options.listener ?? (await listenForBridge(options));
  } catch (error) {
    // Nobody could ever reach this bridge: the server it started must not stay behind.
    await services.close();
    await session.dispose();
    throw error;
  }
  const { bound, hosts, sandbox } = listener;
  const { port, portWasTaken } = bound;
  oauth.setOrigin(bound.callbackBase);
  const app = createHttpApp({
    token: options.token,
    allowedHosts: () => hosts,
    session,
    version: options.version,
    oauth,
    appSandbox: () => sandbox,
    log: options.log,
    breakpoints: services.breakpoints,
    ...(options.clientDir === undefined ? {} : { clientDir: options.clientDir }),
    ...(listener.firstScreen ? { firstScreen: listener.firstScreen } : {}),
    ...(options.collectionFile === undefined ? {} : { collectionFile: options.collectionFile }),
    ...(services.captures ? { captures: services.captures } : {}),
    ...(options.modelEnv === undefined ? {} : { modelEnv: options.modelEnv }),
  });
  const wss = listener.attach(app, (server) =>
    attachWsBridge(server, {
      token: options.token,
      allowedHosts: () => hosts,
      sessionAt: singleSession(session),
      pageBacklogBytes: limits.pageBacklogBytes,
      log: options.log,
    }),
  );
  // Not waited for: a URL server that accepts and never answers holds its start for the connect
  // timeout, and the bridge (Ctrl-C included) must not wait with it.
  const started = targetStarted.then(
    () => undefined,
    (error: unknown) => options.log(`the MCP server could not be started: ${(error as Error).message}`),
  );
  await services.started;

  return {
    origin: bound.origin,
    port,
    portWasTaken,
    appSandboxPort: sandbox?.port,
    session,
    oauth,
    targetStarted: started,
    close: async () => {
      await services.close();
      await session.dispose();
      for (const client of wss.clients) client.terminate();
      wss.close();
      await listener.close();
    },
  };
}
