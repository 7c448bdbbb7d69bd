import { maskOAuthUrl } from '../../oauth/masking.js';

/** A chain of redirects longer than this is a loop, not a consent. */
const MAX_HOPS = 20;
const HOP_TIMEOUT_MS = 15_000;

/**
 * `--oauth-auto-consent`: goes to the authorization URL as a browser would, without one: GET,
 * following each redirect by hand with the cookies the authorization server set, until a redirect
 * leads to the loopback redirect URI, which is then requested too (the callback listener takes it
 * from there, as from a browser). For test authorization servers that consent without a person
 * (CI). A page that answers instead of redirecting wants a person: that fails, saying so; no form
 * is ever filled in.
 */
export async function followConsent(authorizationUrl: string, redirectUri: string): Promise<void> {
  const jar = new Map<string, Map<string, string>>();
  let url = authorizationUrl;
  for (let hop = 0; hop < MAX_HOPS; hop += 1) {
    const atCallback = url.startsWith(`${redirectUri}?`) || url === redirectUri;
    // Cookies go back to the host that set them only, as a browser's would.
    const host = new URL(url).host;
    const cookies = jar.get(host) ?? new Map<string, string>();
    jar.set(host, cookies);
    const response = await fetch(url, {
      redirect: 'manual',
      headers: cookies.size > 0 ? { cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') } : {},
      signal: AbortSignal.timeout(HOP_TIMEOUT_MS),
    }).catch((error: Error & { cause?: { code?: string } }) => {
      throw new Error(`${maskOAuthUrl(url)}: ${error.cause?.code ?? error.message}`);
    });
    if (atCallback) {
      await response.body?.cancel().catch(() => undefined);
      return;
    }
    for (const line of response.headers.getSetCookie()) {
      const pair = line.split(';', 1)[0] ?? '';
      const at = pair.indexOf('=');
      if (at > 0) cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
    }
    const location = response.headers.get('location');
    await response.body?.cancel().catch(() => undefined);
    if (response.status >= 300 && response.status < 400 && location) {
      url = new URL(location, url).href;
      continue;
    }
    throw new Error(
      `${maskOAuthUrl(url)} answered HTTP ${response.status} instead of redirecting: this authorization server wants a person to sign in or consent; run without --oauth-auto-consent and open the printed page`,
    );
  }
  throw new Error(`more than ${MAX_HOPS} redirects from the authorization page: a loop`);
}
