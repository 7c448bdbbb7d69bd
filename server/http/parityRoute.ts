import type { Request, Response } from 'express';
import { eraDifferences } from '../../shared/surfaceDiff/eraParity.js';
import type { TargetSpec } from '../targets/targetSpec.js';
import { VerbFailure } from '../verbs/exitCodes.js';
import { surfaceInEra } from '../verbs/surfaceInEra.js';

/** How long each era's connection and lists may take, as `parity`'s default --timeout. */
const PARITY_TIMEOUT_MS = 60_000;

/**
 * The page's era parity action: the session's target (its command, or URL and headers, as the
 * bridge holds them) opened twice more, once per era, as `mcp-inspect parity` does, and the
 * differences answered as JSON. One check at a time: a second while one runs is refused (409),
 * so a page cannot make the bridge start servers without bound. Behind the /api token like every
 * route. OAuth tokens of the session are not used: a server behind OAuth fails with its 401.
 */
export function parityRoute(spec: () => TargetSpec) {
  let running = false;
  return async (_req: Request, res: Response): Promise<void> => {
    if (running) {
      res.status(409).json({ error: 'an era parity check is running already' });
      return;
    }
    running = true;
    try {
      const notice = () => undefined;
      const target = spec();
      const legacy = await surfaceInEra(target, 'legacy', { timeoutMs: PARITY_TIMEOUT_MS, notice });
      const modern = await surfaceInEra(target, 'modern', { timeoutMs: PARITY_TIMEOUT_MS, notice });
      const differences = eraDifferences(legacy, modern);
      res.json({
        agree: differences.length === 0,
        differences,
        legacy: { protocolVersion: legacy.protocolVersion ?? null, tools: legacy.tools.length },
        modern: { protocolVersion: modern.protocolVersion ?? null, tools: modern.tools.length },
      });
    } catch (error) {
      const message = error instanceof VerbFailure ? error.message : (error as Error).message;
      res.status(502).json({ error: message });
    } finally {
      running = false;
    }
  };
}
