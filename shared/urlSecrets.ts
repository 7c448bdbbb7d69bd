/**
 * Secrets inside a server's URL: its user info (`https://user:pass@host`) and query values
 * whose names look secret (`?api_key=…`, common for hosted servers). Wherever the URL is shown
 * (page, terminal, exports) they are masked; the bridge alone holds the real URL, and puts the
 * real values back when the page asks for the same origin with the masks left in place.
 *
 * Plain string work, not `URL`: a parsed and re-serialized URL is percent-encoded and
 * normalized, and what is shown must be what the person typed, secrets aside. (This folder
 * also has no `URL` type: it runs in the page and the bridge alike.)
 */

/** What stands for a secret part of a URL. */
export const URL_SECRET_MASK = '****';

/**
 * What stands for a secret header value (`Authorization` keeps its scheme: `Bearer ••••••`;
 * cookies and the person's own headers are masked whole). The bridge masks; the page only
 * tells a person which values were masked, and never has the real ones to show.
 */
export const HEADER_SECRET_MASK = '••••••';

/** Whether a value as shown (a header, a request path) had a secret masked in it. */
export function isMaskedValue(value: string): boolean {
  return value.includes(HEADER_SECRET_MASK) || hasMaskedParts(value);
}

/** scheme://, user info@, host[:port], path, ?query, #fragment */
const URL_PARTS = /^([A-Za-z][A-Za-z0-9+.-]*:\/\/)([^/?#]*@)?([^/?#]*)([^?#]*)(\?[^#]*)?(#.*)?$/;

/**
 * Names of query parameters whose values are masked. Broad on purpose: masking a value that
 * was not secret costs a click to retype it; showing one that was is a leak.
 */
const SECRET_NAME = /key|token|secret|passw|pwd|auth|signature|credential|session|^sig$|^code$/i;

export function isSecretParamName(name: string): boolean {
  return SECRET_NAME.test(name);
}

interface UrlParts {
  scheme: string;
  userInfo: string | undefined;
  host: string;
  path: string;
  query: string | undefined;
  fragment: string | undefined;
}

function split(url: string): UrlParts | undefined {
  const match = URL_PARTS.exec(url.trim());
  if (!match) return undefined;
  const [, scheme = '', userInfo, host = '', path = '', query, fragment] = match;
  return { scheme, userInfo, host, path, query, fragment };
}

/** `key=value&…` pairs, as written (nothing decoded but the name, for matching). */
function pairs(text: string): { name: string; raw: string; value: string | undefined }[] {
  return text.split('&').map((raw) => {
    const at = raw.indexOf('=');
    const rawName = at < 0 ? raw : raw.slice(0, at);
    let name = rawName;
    try {
      name = decodeURIComponent(rawName.replace(/\+/g, ' '));
    } catch {
      // A malformed escape: match the name as written.
    }
    return { name, raw, value: at < 0 ? undefined : raw.slice(at + 1) };
  });
}

function maskPairs(text: string): string {
  return pairs(text)
    .map(({ name, raw, value }) =>
      value !== undefined && value !== '' && isSecretParamName(name)
        ? `${raw.slice(0, raw.length - value.length)}${URL_SECRET_MASK}`
        : raw,
    )
    .join('&');
}

/** The URL to show: user info and secret-looking query (and fragment) values masked. */
export function maskUrl(url: string): string {
  const parts = split(url);
  if (!parts) return url;
  return (
    parts.scheme +
    (parts.userInfo === undefined ? '' : `${URL_SECRET_MASK}@`) +
    parts.host +
    parts.path +
    (parts.query === undefined ? '' : `?${maskPairs(parts.query.slice(1))}`) +
    (parts.fragment === undefined ? '' : `#${maskPairs(parts.fragment.slice(1))}`)
  );
}

/**
 * The path, query and fragment of an absolute URL, masked as maskUrl masks them: what a list of
 * requests to one server shows (the traffic's HTTP exchanges).
 */
export function maskedPathOf(url: string): string {
  const parts = split(url);
  if (!parts) return url;
  const masked = maskUrl(url);
  const prefix = parts.scheme + (parts.userInfo === undefined ? '' : `${URL_SECRET_MASK}@`) + parts.host;
  const rest = masked.slice(prefix.length);
  return rest.startsWith('/') ? rest : `/${rest}`;
}

/**
 * A URL reference as a `Location` header gives it, absolute or relative (`/mcp?key=…`), masked
 * as maskUrl masks a URL.
 */
export function maskUrlReference(reference: string): string {
  if (/^[A-Za-z][A-Za-z0-9+.-]*:\/\//.test(reference)) return maskUrl(reference);
  const hash = reference.indexOf('#');
  const beforeHash = hash < 0 ? reference : reference.slice(0, hash);
  const fragment = hash < 0 ? undefined : reference.slice(hash + 1);
  const question = beforeHash.indexOf('?');
  const path = question < 0 ? beforeHash : beforeHash.slice(0, question);
  const query = question < 0 ? undefined : beforeHash.slice(question + 1);
  return (
    path +
    (query === undefined ? '' : `?${maskPairs(query)}`) +
    (fragment === undefined ? '' : `#${maskPairs(fragment)}`)
  );
}

/** Absolute http(s) URLs inside a text, up to what cannot be part of one in prose or JSON. */
const URLS_IN_TEXT = /\bhttps?:\/\/[^\s"'<>`]+/gi;

/**
 * Every absolute URL inside a text (a header value, a JSON string, an OAuth fact) masked:
 * a server's address with `?api_key=…` travels in OAuth `resource` values, `Location`
 * headers, metadata documents.
 */
export function maskUrlsIn(text: string): string {
  return text.replace(URLS_IN_TEXT, (url) => maskUrl(url));
}

/** Replaces every occurrence of the URL in a text (an error message) with its masked form. */
export function maskUrlIn(text: string, url: string): string {
  const masked = maskUrl(url);
  return masked === url || url === '' ? text : text.split(url).join(masked);
}

/**
 * scheme://host:port, lower-cased, default port dropped: what secrets given for a URL are
 * bound to. Undefined for what is not an absolute URL.
 */
export function originOf(url: string): string | undefined {
  const parts = split(url);
  if (!parts || parts.host === '') return undefined;
  const scheme = parts.scheme.toLowerCase();
  const host = parts.host.toLowerCase();
  const defaultPort = scheme === 'http://' ? ':80' : scheme === 'https://' ? ':443' : undefined;
  return (
    scheme +
    (defaultPort !== undefined && host.endsWith(defaultPort) ? host.slice(0, -defaultPort.length) : host)
  );
}

/** Whether the URL still holds a mask where a secret was. */
export function hasMaskedParts(url: string): boolean {
  return url.includes(URL_SECRET_MASK);
}

/**
 * The URL the page asked for with each mask replaced by the value the bridge holds for it in
 * `held` (the current target's URL), for the same origin only; anything else is an error
 * meant for the person.
 */
export function restoreMaskedUrl(asked: string, held: string): { url: string } | { error: string } {
  if (!hasMaskedParts(asked)) return { url: asked };
  const a = split(asked);
  const h = split(held);
  const origin = originOf(held);
  if (!a || !h || origin === undefined || originOf(asked) !== origin) {
    return {
      error: `the URL holds values masked as ${URL_SECRET_MASK}, and mcp-inspect gives those only to ${origin === undefined ? 'the server they were given for' : maskUrl(origin)}: type them again`,
    };
  }
  const missing: string[] = [];
  let userInfo = a.userInfo;
  if (userInfo === `${URL_SECRET_MASK}@`) {
    if (h.userInfo === undefined) missing.push('the user info');
    else userInfo = h.userInfo;
  }
  const restorePairs = (text: string | undefined, heldText: string | undefined): string | undefined => {
    if (text === undefined) return undefined;
    const heldPairs = heldText === undefined ? [] : pairs(heldText.slice(1));
    return `${text[0]}${pairs(text.slice(1))
      .map(({ name, raw, value }) => {
        if (value !== URL_SECRET_MASK) return raw;
        const original = heldPairs.find((pair) => pair.name === name && pair.value !== undefined);
        if (original === undefined) {
          missing.push(`"${name}"`);
          return raw;
        }
        return original.raw;
      })
      .join('&')}`;
  };
  const query = restorePairs(a.query, h.query);
  const fragment = restorePairs(a.fragment, h.fragment);
  if (missing.length > 0) {
    return { error: `type ${missing.join(', ')} in the URL again: mcp-inspect holds no value for it` };
  }
  return { url: a.scheme + (userInfo ?? '') + a.host + a.path + (query ?? '') + (fragment ?? '') };
}
