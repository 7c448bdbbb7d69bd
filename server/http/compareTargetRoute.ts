import express, { type Request, type Response, type Router } from 'express';
import { API_COMPARE_TARGET_PATH } from '../../shared/http.js';
import { TargetRequestSchema } from '../../shared/wire.js';
import { readTargetSurface } from '../session/targetSurface.js';
import { describeTarget, targetFromRequest, type TargetSpec } from '../targets/targetSpec.js';
import { VerbFailure } from '../session/exitCodes.js';

/** How long the other server gets to start, answer the handshake, and give each list. */
const COMPARE_TIMEOUT_MS = 30_000;
/** A target is a command line or a URL with a few headers: far below this. */
const MAX_BODY = '64kb';

/**
 * The page's "Compare with another server": `POST {target}` (the wire's target request, as the
 * connection form sends it) opens that server on a short-lived connection of its own, reads its
 * surface, stops it however it went, and answers `{surface, target}` for the page to compare with
 * the connected server. Behind the /api token and Origin check like every route (it starts a
 * process, as switching target does). Secrets are bound to their server as for switching target:
 * a kept value (`null`) is refused for another server. One reading at a time (409), so a page
 * cannot make the bridge start servers without bound.
 */
export function compareTargetRouter(current: () => TargetSpec, timeoutMs = COMPARE_TIMEOUT_MS): Router {
  const router = express.Router();
  let running = false;
  router.post(
    API_COMPARE_TARGET_PATH,
    express.json({ limit: MAX_BODY }),
    async (req: Request, res: Response) => {
      const parsed = TargetRequestSchema.safeParse((req.body as { target?: unknown } | undefined)?.target);
      if (!parsed.success) {
        res.status(400).json({
          error: `not a target: ${parsed.error.issues.map((issue) => `${issue.path.join('.') || 'target'}: ${issue.message}`).join('; ')}`,
        });
        return;
      }
      const spec = targetFromRequest(parsed.data, current());
      if ('error' in spec) {
        res.status(400).json({ error: spec.error });
        return;
      }
      if (running) {
        res.status(409).json({ error: 'another server is being read already' });
        return;
      }
      running = true;
      try {
        const surface = await readTargetSurface(spec, timeoutMs);
        res.json({ surface, target: describeTarget(spec) });
      } catch (error) {
        // The verbs' words name their --timeout flag; the page has none to set.
        const message = (error instanceof VerbFailure ? error.message : (error as Error).message).replace(
          ' (--timeout)',
          '',
        );
        const details = error instanceof VerbFailure ? error.details : [];
        res.status(502).json({ error: message, ...(details.length > 0 ? { details } : {}) });
      } finally {
        running = false;
      }
    },
  );
  return router;
}
