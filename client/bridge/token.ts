/**
 * The token reaches the page in the URL fragment (never sent over HTTP). It is moved to
 * sessionStorage, so a reload keeps it while a new tab does not, and stripped from the
 * address bar so it does not end up in screenshots or bookmarks.
 */
const STORAGE_KEY = 'mcp-inspect.token';

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

export function forgetToken(): void {
  sessionStorage.removeItem(STORAGE_KEY);
}

/** The token this tab holds, for authenticated HTTP routes. */
export function currentToken(): string | undefined {
  return sessionStorage.getItem(STORAGE_KEY) ?? undefined;
}
