/**
 * A person at oidc-provider's development sign-in pages, over plain HTTP: follows the
 * authorization URL, signs in, consents, and stops at the redirect back to the client. Cookies
 * are kept as a browser would. Resolves with that redirect's URL (`…/oauth/callback?code=…`).
 */
export async function consentThrough(authorizationUrl: string, callbackPrefix: string): Promise<string> {
  const cookies = new Map<string, string>();
  let url = authorizationUrl;
  let method = 'GET';
  let body: URLSearchParams | undefined;
  for (let hop = 0; hop < 20; hop += 1) {
    if (url.startsWith(callbackPrefix)) return url;
    const response = await fetch(url, {
      method,
      redirect: 'manual',
      headers: {
        cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
        ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(body ? { body } : {}),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      cookies.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
    const location = response.headers.get('location');
    if (location) {
      url = new URL(location, url).href;
      method = 'GET';
      body = undefined;
      continue;
    }
    const html = await response.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    if (!action) throw new Error(`no form on ${url} (HTTP ${response.status}): ${html.slice(0, 300)}`);
    const prompt = /name="prompt" value="(\w+)"/.exec(html)?.[1];
    body = new URLSearchParams(
      prompt === 'login' ? { prompt, login: 'ada', password: 'any' } : { prompt: prompt ?? 'consent' },
    );
    url = new URL(action.replace(/&amp;/g, '&'), url).href;
    method = 'POST';
  }
  throw new Error('too many hops through the sign-in pages');
}
