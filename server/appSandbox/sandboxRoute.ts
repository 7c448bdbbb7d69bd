import type { Request, Response } from 'express';
import type { RunningAppSandbox } from './sandboxServer.js';

/** The declared domains arrive as JSON in the query: more than this is no resource's CSP. */
const MAX_DECLARED_CHARS = 8_192;

/**
 * `GET /api/app-sandbox?csp=<declared domains as JSON>`: the sandbox page address for one app,
 * issued to the inspector's page (the route sits behind the token and Origin checks of /api) for
 * the host name it was loaded under. The page never builds a sandbox address itself.
 */
export function appSandboxRoute(sandbox: () => RunningAppSandbox | undefined) {
  return (req: Request, res: Response): void => {
    const running = sandbox();
    if (!running) {
      res.status(503).json({
        error:
          'This mcp-inspect runs no app sandbox, so MCP Apps cannot be shown (is dist/app-sandbox built?)',
      });
      return;
    }
    const text = req.query.csp;
    if (text !== undefined && typeof text !== 'string') {
      res.status(400).json({ error: 'csp must be one JSON text' });
      return;
    }
    let declared: unknown;
    if (text !== undefined) {
      if (text.length > MAX_DECLARED_CHARS) {
        res.status(400).json({ error: `The declared CSP is longer than ${MAX_DECLARED_CHARS} characters.` });
        return;
      }
      try {
        declared = JSON.parse(text) as unknown;
      } catch {
        res.status(400).json({ error: 'csp is not JSON' });
        return;
      }
    }
    const issued = running.issue(req.headers.host ?? '', declared);
    if ('problem' in issued) {
      res.status(422).json({ error: issued.problem });
      return;
    }
    res.json(issued);
  };
}
