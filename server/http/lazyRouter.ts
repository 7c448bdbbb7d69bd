import type { NextFunction, Request, RequestHandler, Response, Router } from 'express';

/**
 * A feature's routes, loaded on the first request under their path. The bridge attaches before
 * the page can ask it anything, and what it loads by then is what the page waits for: the lint
 * engine, the host configs' editor, the collections, the compare sessions (with the MCP SDK's
 * client) are not on the first screen. Any other request passes by without loading them. A load
 * that fails is passed to Express's error handler, and tried again on the next request.
 */
export function lazyRouter(path: string, load: () => Promise<Router>): RequestHandler {
  let loading: Promise<Router> | undefined;
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.path !== path && !req.path.startsWith(`${path}/`)) {
      next();
      return;
    }
    loading ??= load();
    loading.then(
      (router) => router(req, res, next),
      (error: unknown) => {
        loading = undefined;
        next(error);
      },
    );
  };
}
