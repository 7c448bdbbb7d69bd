import express, { type Request, type Response, type Router } from 'express';
import {
  API_BREAKPOINTS_PATH,
  BreakpointRulesRequestSchema,
  ReleaseRequestSchema,
} from '../../shared/breakpointWire.js';
import { BreakpointHub } from '../captures/breakpointHub.js';

/** Rules and a decision are small; an edited message may be large, up to what a proxy holds. */
const MAX_BODY = '5mb';

/**
 * The hub, started the first time the page asks for breakpoints (its Breakpoints tab opens):
 * until then this bridge writes no rendezvous file and takes no proxy's link.
 */
export class LazyBreakpointHub {
  private starting: Promise<BreakpointHub> | undefined;

  /** `startHub`: the hub on the bridge's capture feed; by default one with its own collector. */
  constructor(private readonly startHub: () => Promise<BreakpointHub> = () => BreakpointHub.start()) {}

  get(): Promise<BreakpointHub> {
    this.starting ??= this.startHub();
    return this.starting;
  }

  async close(): Promise<void> {
    const hub = await this.starting?.catch(() => undefined);
    await hub?.close();
  }
}

/** The page's breakpoint routes (under /api: the token and Origin checks apply). */
export function breakpointRouter(hubs: LazyBreakpointHub): Router {
  const router = express.Router();
  router.get(API_BREAKPOINTS_PATH, async (_req: Request, res: Response) => {
    const hub = await hubs.get().catch((error: Error) => error);
    if (hub instanceof Error) {
      res.status(500).json({ error: `could not take proxied sessions: ${hub.message}` });
      return;
    }
    res.json(hub.state());
  });
  router.put(`${API_BREAKPOINTS_PATH}/rules`, express.json({ limit: '64kb' }), async (req, res) => {
    const parsed = BreakpointRulesRequestSchema.safeParse(req.body);
    if (!parsed.success) {
      res.status(400).json({ error: problems(parsed.error.issues) });
      return;
    }
    (await hubs.get()).setRules(parsed.data);
    res.json((await hubs.get()).state());
  });
  router.post(`${API_BREAKPOINTS_PATH}/release`, express.json({ limit: MAX_BODY }), async (req, res) => {
    const parsed = ReleaseRequestSchema.safeParse(req.body);
    if (!parsed.success) {
      res.status(400).json({ error: problems(parsed.error.issues) });
      return;
    }
    const problem = (await hubs.get()).release(parsed.data);
    if (problem !== undefined) {
      res.status(409).json({ error: problem });
      return;
    }
    res.json({ ok: true });
  });
  return router;
}

function problems(issues: { path: PropertyKey[]; message: string }[]): string {
  return issues.map((issue) => `${issue.path.map(String).join('.')}: ${issue.message}`).join('; ');
}
