import { API_SESSION_PATH, AUTH_SCHEME } from '../../shared/http';
import { bridgePath } from './serverPath';

/**
 * The token reaches the page in the URL fragment (never sent over HTTP). It is moved to
 * sessionStorage, so a reload keeps it while a new tab does not, and stripped from the
 * address bar so it does not end up in screenshots or bookmarks.
 */
export const STORAGE_KEY = 'mcp-inspect.token';

export function takeToken(): string | undefined {
  const fragment = new URLSearchParams(window.location.hash.slice(1));
  const fromUrl = fragment.get('token');
  if (fromUrl) {
    sessionStorage.setItem(STORAGE_KEY, fromUrl);
    fragment.delete('token');
    const rest = fragment.toString();
    history.replaceState(
      null,
      '',
      `${window.location.pathname}${window.location.search}${rest ? `#${rest}` : ''}`,
    );
    return fromUrl;
  }
  return sessionStorage.getItem(STORAGE_KEY) ?? undefined;
}

/** The token in the address bar, if it is still there: read without touching storage. */
export function tokenInUrl(): string | undefined {
  return new URLSearchParams(window.location.hash.slice(1)).get('token') || undefined;
}

export function forgetToken(): void {
  sessionStorage.removeItem(STORAGE_KEY);
}

/** The token this tab holds, for authenticated HTTP routes. */
export function currentToken(): string | undefined {
  return sessionStorage.getItem(STORAGE_KEY) ?? undefined;
}

/** What the bridge says of a token: wrong, right, or no bridge to ask. */
export type TokenCheck = 'bad-token' | 'unreachable' | 'ok';

/** An authenticated route tells a wrong token (401) from a bridge that is gone. */
export async function checkToken(token: string, origin = ''): Promise<TokenCheck> {
  try {
    const response = await fetch(`${origin}${bridgePath(API_SESSION_PATH)}`, {
      headers: { authorization: `${AUTH_SCHEME} ${token}` },
    });
    if (response.status === 401 || response.status === 403) return 'bad-token';
    return response.ok ? 'ok' : 'unreachable';
  } catch {
    return 'unreachable';
  }
}
