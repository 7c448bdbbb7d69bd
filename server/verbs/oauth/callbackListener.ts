import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { OAUTH_CALLBACK_PATH } from '../../../shared/oauth.js';

/** What the OAuth client makes of a redirect that reached the listener. */
export interface CallbackAnswer {
  ok: boolean;
  message: string;
}

/**
 * The headless verbs' loopback redirect URI (RFC 8252 §7.3): a listener on 127.0.0.1, on a port
 * of its own, for the authorization server's redirect back, whether a browser or
 * `--oauth-auto-consent` brings it. It answers only the callback path; the OAuth client binds
 * the redirect to its flow by `state` and refuses any other (see OAuthManager.callback). The
 * page it answers has no script and echoes nothing the request sent.
 */
export class CallbackListener {
  private constructor(
    private readonly server: Server,
    readonly origin: string,
  ) {}

  static async start(
    handle: (params: URLSearchParams) => Promise<CallbackAnswer>,
  ): Promise<CallbackListener> {
    const server = createServer((req, res) => {
      const [path, query = ''] = (req.url ?? '').split('?', 2);
      if (req.method !== 'GET' || path !== OAUTH_CALLBACK_PATH) {
        res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found\n');
        return;
      }
      void handle(new URLSearchParams(query)).then(
        ({ ok, message }) => answer(res, ok ? 200 : 400, ok ? 'Signed in' : 'Sign-in not completed', message),
        (error: Error) => answer(res, 500, 'Sign-in not completed', error.message),
      );
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => resolve());
    });
    const { port } = server.address() as AddressInfo;
    return new CallbackListener(server, `http://127.0.0.1:${port}`);
  }

  get redirectUri(): string {
    return `${this.origin}${OAUTH_CALLBACK_PATH}`;
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

function answer(res: ServerResponse, status: number, title: string, message: string): void {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
  res.end(
    `<!doctype html><meta charset="utf-8"><title>mcp-inspect sign-in</title>` +
      `<main style="font:16px system-ui;margin:3em auto;max-width:36em"><h1>${title}</h1>` +
      `<p>${escapeHtml(message)}</p><p>The terminal goes on by itself; you can close this tab.</p></main>`,
  );
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
