import { pipeline } from 'node:stream/promises';
import express, { type NextFunction, type Request, type Response, type Router } from 'express';
import {
  API_APP_SANDBOX_PATH,
  API_COLLECTION_PATH,
  API_COMPARE_TARGET_PATH,
  API_FRAMES_PATH,
  API_HOST_CONFIG_PATH,
  API_LINT_CONFIG_PATH,
  API_PARITY_PATH,
  API_SESSION_PATH,
} from '../../shared/http.js';
import { parityRoute } from './parityRoute.js';
import { lazyRouter } from './lazyRouter.js';
import { appSandboxRoute } from '../appSandbox/sandboxRoute.js';
import { capturesRouter } from './capturesRoute.js';
import type { CaptureFeed } from '../captures/captureFeed.js';
import { breakpointRouter, type LazyBreakpointHub } from './breakpointRoutes.js';
import { modelRouter } from '../models/modelRoutes.js';
import type { RunningAppSandbox } from '../appSandbox/sandboxServer.js';
import type { OAuthManager } from '../oauth/oauthManager.js';
import { oauthApiRouter, oauthCallbackRoute } from './oauthRoutes.js';
import { readFirstScreenFiles, serveFirstScreen, type FirstScreen } from './firstScreen.js';
import { servePrecompressed } from './precompressed.js';
import type { BridgeSession } from '../relay/session.js';
import { guardApi, guardEveryRequest } from './guards.js';
import { pageCsp } from './pageCsp.js';

export interface HttpAppOptions {
  token: string;
  /** Filled in once the port is known. */
  allowedHosts: () => Set<string>;
  /** The built page; absent when only the API is wanted (tests). */
  clientDir?: string;
  /**
   * The page's first screen, as whoever started serving first read it (the bridge's listener, or
   * the workspace for all its frames): its files are read once. Read from `clientDir` when absent.
   */
  firstScreen?: FirstScreen;
  session: BridgeSession;
  version: string;
  /** The bridge's OAuth client; its routes are mounted when given. */
  oauth?: OAuthManager;
  /** The MCP Apps sandbox listener, once it listens. */
  appSandbox?: () => RunningAppSandbox | undefined;
  /** Where the bridge says what went wrong serving a request (the terminal). */
  log?: (line: string) => void;
  /** The collection file the page saves calls to (`--collection`). */
  collectionFile?: string;
  /** Captured sessions (proxies' pushes and capture files), once started; none: no captures routes. */
  captures?: () => CaptureFeed | undefined;
  /** Breakpoints on proxied sessions (breakpointRoutes.ts), started when the page first asks. */
  breakpoints?: LazyBreakpointHub;
  /** Where the model provider's variables are read (OPENAI_*, ANTHROPIC_*): the process's own by default. */
  modelEnv?: NodeJS.ProcessEnv;
  /** The model routes, when several apps share one provider (a workspace's servers); else its own. */
  model?: Router;
  /**
   * Who may frame the page: nobody, or the bridge's own pages (one server's page of a workspace,
   * framed by the workspace's page on the same origin).
   */
  framedBy?: 'none' | 'self';
}

export function createHttpApp(options: HttpAppOptions): express.Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);

  app.use(
    guardEveryRequest(options.allowedHosts, (host) =>
      pageCsp(options.appSandbox?.(), host, options.framedBy),
    ),
  );
  app.use('/api', guardApi(options.token, options.allowedHosts));

  app.get(API_SESSION_PATH, (_req: Request, res: Response) => {
    res.json({
      version: options.version,
      target: options.session.targetInfo,
      state: options.session.state ?? null,
      appSandboxPort: options.appSandbox?.()?.port ?? null,
    });
  });

  app.get(
    API_APP_SANDBOX_PATH,
    appSandboxRoute(() => options.appSandbox?.()),
  );

  app.get(`${API_FRAMES_PATH}/:seq`, async (req: Request, res: Response) => {
    const json = await options.session.largeFrame(Number(req.params.seq));
    if (json === undefined) {
      res.status(404).json({ error: 'mcp-inspect no longer keeps this frame' });
      return;
    }
    res.type('application/json');
    await pipeline(json, res).catch(() => res.destroy());
  });

  app.post(
    API_PARITY_PATH,
    parityRoute(() => options.session.spec, options.collectionFile),
  );

  if (options.oauth) app.use(oauthApiRouter(options.oauth, options.session));
  // Loaded when first asked (lazyRouter.ts): none is on the first screen.
  const { collectionFile } = options;
  if (collectionFile !== undefined) {
    app.use(
      lazyRouter(API_COLLECTION_PATH, async () =>
        (await import('./collectionRoutes.js')).collectionRouter(
          collectionFile,
          () => options.session.targetInfo,
        ),
      ),
    );
  }
  app.use(
    lazyRouter(API_LINT_CONFIG_PATH, async () => (await import('./lintConfigRoute.js')).lintConfigRouter()),
  );
  app.use(
    lazyRouter(API_COMPARE_TARGET_PATH, async () =>
      (await import('./compareTargetRoute.js')).compareTargetRouter(() => options.session.spec),
    ),
  );
  app.use(
    lazyRouter(API_HOST_CONFIG_PATH, async () => (await import('./hostConfigRoute.js')).hostConfigRouter()),
  );
  if (options.captures) app.use(capturesRouter(options.captures));
  if (options.breakpoints) app.use(breakpointRouter(options.breakpoints));
  app.use(options.model ?? modelRouter(options.modelEnv ?? process.env));

  app.use('/api', (_req: Request, res: Response) => {
    res.status(404).json({ error: 'No such route' });
  });

  // Outside /api: the authorization server's redirect cannot carry the token (see oauthRoutes.ts).
  if (options.oauth) app.use(oauthCallbackRoute(options.oauth));

  if (options.clientDir !== undefined) {
    app.use(serveFirstScreen(options.firstScreen ?? readFirstScreenFiles(options.clientDir)));
    app.use(servePrecompressed(options.clientDir));
    app.use(express.static(options.clientDir, { index: 'index.html', fallthrough: true }));
  }

  app.use((_req: Request, res: Response) => {
    res.status(404).type('text/plain').send('Not found');
  });

  // Express's own handler would send the error's stack trace to the browser and nothing useful
  // to the terminal: one line there (the path and why), a bare status to the browser.
  app.use((error: unknown, req: Request, res: Response, _next: NextFunction) => {
    const status = httpStatusOf(error);
    options.log?.(`could not serve ${req.path}: ${describeServeError(error)}`);
    if (res.headersSent) {
      res.destroy();
      return;
    }
    // Headers set for the file (its encoding and type) no longer describe this answer.
    res.removeHeader('Content-Encoding');
    res
      .status(status)
      .type('text/plain')
      .send(status === 404 ? 'Not found' : 'Could not serve this file');
  });

  return app;
}

function httpStatusOf(error: unknown): number {
  const status = (error as { status?: unknown; statusCode?: unknown } | null)?.status;
  return typeof status === 'number' && status >= 400 && status < 600 ? status : 500;
}

function describeServeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = (error as NodeJS.ErrnoException).code;
  return code === undefined ? error.message : `${error.message} (${code})`;
}
