import express, { type Request, type Response, type Router } from 'express';
import { API_OAUTH_PATH, MachineSignInSchema, OAUTH_CALLBACK_PATH } from '../../shared/oauth.js';
import type { BridgeSession } from '../relay/session.js';
import type { CallbackOutcome, OAuthManager } from '../oauth/oauthManager.js';

/**
 * The page's OAuth routes. Mounted behind the `/api` guard of httpApp.ts, so each needs the
 * bridge's token and our Origin like every other route that does something. Each answers with
 * the view: scopes, expiry and masked values, never a token.
 */
export function oauthApiRouter(oauth: OAuthManager, session: BridgeSession): Router {
  const router = express.Router();
  const view = (res: Response): void => {
    res.json(oauth.view(session.targetUrl));
  };
  const withUrl =
    (act: (url: string) => Promise<void> | void) =>
    async (_req: Request, res: Response): Promise<void> => {
      const url = session.targetUrl;
      if (url === undefined) {
        res.status(409).json({ error: 'OAuth is for servers reached by URL; this one runs over stdio' });
        return;
      }
      await act(url);
      view(res);
    };

  router.get(API_OAUTH_PATH, (_req, res) => view(res));
  // Resolve once the flow stops: at the browser, at a failure, or after one step.
  router.post(
    `${API_OAUTH_PATH}/run`,
    withUrl((url) => oauth.signIn(url)),
  );
  router.post(
    `${API_OAUTH_PATH}/next`,
    withUrl((url) => oauth.next(url)),
  );
  // A sign-in without a browser with the credentials in the body; they stay in the bridge.
  router.post(`${API_OAUTH_PATH}/machine`, express.json({ limit: '64kb' }), async (req, res) => {
    const url = session.targetUrl;
    if (url === undefined) {
      res.status(409).json({ error: 'OAuth is for servers reached by URL; this one runs over stdio' });
      return;
    }
    const given = MachineSignInSchema.safeParse(req.body);
    if (!given.success) {
      res.status(400).json({ error: given.error.issues.map((issue) => issue.message).join('; ') });
      return;
    }
    try {
      await oauth.signInWithoutBrowser(url, given.data);
    } catch (error) {
      res.status(400).json({ error: (error as Error).message });
      return;
    }
    view(res);
  });
  router.post(
    `${API_OAUTH_PATH}/clear`,
    withUrl((url) => {
      oauth.clear(url);
      // Reconnect without the token, so the page sees what the server says to nobody.
      void session.restart();
    }),
  );
  return router;
}

/**
 * The loopback redirect URI. The authorization server sends the browser here, so it cannot
 * carry the bridge's token; it is bound to a flow by `state` instead: 32 random bytes the
 * bridge put in the authorization request, accepted once, only while that flow waits. Any
 * other request changes nothing. The page it answers has no script and echoes nothing the
 * request sent.
 */
export function oauthCallbackRoute(oauth: OAuthManager): Router {
  const router = express.Router();
  router.get(OAUTH_CALLBACK_PATH, async (req: Request, res: Response) => {
    const params = new URLSearchParams(req.originalUrl.split('?')[1] ?? '');
    const { outcome, message } = await oauth.callback(params);
    res.setHeader('Cache-Control', 'no-store');
    res
      .status(outcome === 'refused' ? 400 : 200)
      .type('html')
      .send(
        `<!doctype html><meta charset="utf-8"><title>mcp-inspect sign-in</title>` +
          `<main style="font:16px system-ui;margin:3em auto;max-width:36em"><h1>${HEADINGS[outcome]}</h1>` +
          `<p>${escapeHtml(message)}</p><p>The inspector's OAuth tab shows every step.</p></main>`,
      );
  });
  return router;
}

const HEADINGS: Record<CallbackOutcome['outcome'], string> = {
  'signed-in': 'Signed in',
  'code-received': 'Code received',
  refused: 'Sign-in not completed',
};

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
