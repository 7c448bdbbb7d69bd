import express, { type Request, type Response, type Router } from 'express';
import { API_CAPTURES_PATH } from '../../shared/http.js';
import type { CaptureFeed } from '../captures/captureFeed.js';

/** How long a request for what is new waits before it is answered with nothing new. */
const WAIT_MS = 25_000;

/**
 * Captured sessions for the page (under /api: the token and the Origin check apply): the list,
 * and one session's records, each answered at once or, when the page asks to wait, at the next
 * change (a long poll: the page sees sessions start, change and end without a socket of its own,
 * and the bridge keeps nothing per page). A request that goes away stops waiting.
 */
export function capturesRouter(started: () => CaptureFeed | undefined): Router {
  const router = express.Router();
  router.use(API_CAPTURES_PATH, (_req: Request, res: Response, next) => {
    if (started()) next();
    else res.status(503).json({ error: 'mcp-inspect is still starting: try again in a moment' });
  });
  router.get(API_CAPTURES_PATH, async (req: Request, res: Response) => {
    const feed = started() as CaptureFeed;
    const since = Number(req.query.since);
    if (Number.isInteger(since) && since === feed.currentVersion)
      await feed.waitForChange(since, WAIT_MS, aborted(res));
    if (!res.writableEnded && !res.destroyed) res.json(feed.list());
  });
  router.get(`${API_CAPTURES_PATH}/:id/records`, async (req: Request, res: Response) => {
    const feed = started() as CaptureFeed;
    const id = String(req.params.id);
    const after = Math.max(0, Number(req.query.after) || 0);
    let answer = feed.records(id, after);
    const version = feed.currentVersion;
    if (answer && answer.records.length === 0 && req.query.wait === '1' && answer.session.state === 'live') {
      await feed.waitForChange(version, WAIT_MS, aborted(res));
      answer = feed.records(id, after);
    }
    if (res.writableEnded || res.destroyed) return;
    if (answer === undefined) {
      res.status(404).json({ error: `no captured session ${id}` });
      return;
    }
    res.json(answer);
  });
  return router;
}

function aborted(res: Response): AbortSignal {
  const controller = new AbortController();
  res.once('close', () => controller.abort());
  return controller.signal;
}
