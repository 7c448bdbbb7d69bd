import type { Request, Response } from 'express';
import type { TargetSpec } from '../targets/targetSpec.js';
import { VerbFailure } from '../session/exitCodes.js';

/**
 * The page's era parity action: the session's target (its command, or URL and headers, as the
 * bridge holds them) opened twice more, once per era, as `mcp-inspect parity` does, and the
 * differences answered as JSON. When the bridge's collection file (`--collection`) is there and
 * parses, its calls are run in both eras too and their results compared, as `parity --collection`
 * does; one that does not parse is said, and the lists are compared alone. One check at a time: a
 * second while one runs is refused (409), so a page cannot make the bridge start servers without
 * bound. Behind the /api token like every route. OAuth tokens of the session are not used: a
 * server behind OAuth fails with its 401.
 */
export function parityRoute(spec: () => TargetSpec, collectionFile?: string) {
  let running = false;
  return async (_req: Request, res: Response): Promise<void> => {
    if (running) {
      res.status(409).json({ error: 'an era parity check is running already' });
      return;
    }
    running = true;
    try {
      const { checkEraParity } = await import('./eraParityCheck.js');
      res.json(await checkEraParity(spec(), collectionFile));
    } catch (error) {
      const message = error instanceof VerbFailure ? error.message : (error as Error).message;
      res.status(502).json({ error: message });
    } finally {
      running = false;
    }
  };
}
