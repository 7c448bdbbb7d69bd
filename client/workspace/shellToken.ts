/**
 * The workspace page's token, kept as a server's page keeps its own (client/bridge/token.ts) and
 * under the same key: the servers' frames (same origin, same tab) find it there. Not imported from
 * there: that module is in the first chunk a server's page loads (boot.ts), and a module both
 * pages import would be split into a chunk of its own, one more request before the page's socket.
 * shellToken.test.ts holds the two to the same key.
 */
export const SHELL_TOKEN_KEY = 'mcp-inspect.token';

/** From the address bar's fragment into session storage (and out of the address bar), or as kept. */
export function takeShellToken(): string | undefined {
  const fragment = new URLSearchParams(window.location.hash.slice(1));
  const fromUrl = fragment.get('token');
  if (!fromUrl) return sessionStorage.getItem(SHELL_TOKEN_KEY) ?? undefined;
  sessionStorage.setItem(SHELL_TOKEN_KEY, fromUrl);
  history.replaceState(null, '', window.location.pathname);
  return fromUrl;
}

/** A request to the workspace's own routes, with the token; the answer, or the bridge's words. */
export async function shellRequest<T>(path: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(path, {
    ...init,
    headers: {
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      authorization: `Bearer ${sessionStorage.getItem(SHELL_TOKEN_KEY) ?? ''}`,
    },
  });
  const body = (await response.json().catch(() => ({}))) as T & { error?: string };
  if (!response.ok) throw new Error(body.error ?? `HTTP ${response.status}`);
  return body;
}
