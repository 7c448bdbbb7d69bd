/**
 * The Content-Security-Policy an MCP App runs under, built from the domains its `ui://`
 * resource declares (`_meta.ui.csp`, MCP Apps 2026-01-26). The bridge keeps the allowed entries
 * when the inspector's page asks it for a sandbox address, signs them into that address, and the
 * sandbox listener sends the policy as a header; the page tells the app the same kept lists.
 *
 * Deny by default: nothing outside the sandbox's own origin (which serves only the sandbox page)
 * unless declared, and a declared entry is kept only when it is a plain origin. A keyword
 * (`'unsafe-eval'`), a bare scheme (`https:`) or `*` would loosen the policy beyond "these
 * domains", and a `;` would smuggle in a directive, so such entries are dropped and named.
 */

/** The four lists of the spec's `McpUiResourceCsp`. */
export interface AppCspDomains {
  /** fetch, XHR, WebSocket, EventSource (`connect-src`). */
  connectDomains?: string[];
  /** Scripts, styles, images, fonts, media. */
  resourceDomains?: string[];
  /** Nested frames (`frame-src`). */
  frameDomains?: string[];
  /** `<base href>` (`base-uri`). */
  baseUriDomains?: string[];
}

export type AppCspList = keyof AppCspDomains;

export const APP_CSP_LISTS: readonly AppCspList[] = [
  'connectDomains',
  'resourceDomains',
  'frameDomains',
  'baseUriDomains',
];

/** An entry the policy left out, and why, for the person reading the app's panel. */
export interface DroppedCspEntry {
  list: AppCspList;
  value: string;
  reason: string;
}

export interface NormalizedAppCsp {
  kept: Required<AppCspDomains>;
  dropped: DroppedCspEntry[];
}

/** Ports nothing in a sandbox may name on a loopback host: the inspector's own listeners. */
export interface CspGuard {
  ports: readonly number[];
  /** Host names of the inspector besides the loopback ones (a non-loopback bind address). */
  hostnames?: readonly string[];
}

/** More entries than any real app needs; past this a list is cut, so the header stays small. */
const MAX_ENTRIES_PER_LIST = 32;
const MAX_ENTRY_LENGTH = 256;

/**
 * scheme://host[:port][/path]: http(s) or ws(s), a host name (optionally `*.` for subdomains),
 * an IPv4 address or a bracketed IPv6 one, a port or `*`.
 */
const SOURCE =
  /^(https?|wss?):\/\/(\*\.)?([a-z0-9-]+(?:\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])(?::(\d{1,5}|\*))?(\/[A-Za-z0-9._~!$&()*+,=:@%/-]*)?$/i;

/**
 * Names of this machine as a browser reaches it: `localhost` and every name under it (Chromium
 * answers `*.localhost` itself), 127.0.0.0/8, the unspecified address 0.0.0.0 (connecting to it
 * reaches loopback on Linux and macOS), and IPv6 ::1, :: and the IPv4-mapped or -compatible forms
 * of those. Tested on the host as a URL parser writes it, so `127.1`, `0x7f000001` and
 * `[0:0::1]` are caught as the addresses they are.
 */
export function isLoopbackAlias(host: string): boolean {
  const name = canonicalHost(host);
  if (name === 'localhost' || name.endsWith('.localhost')) return true;
  if (/^127(?:\.\d{1,3}){3}$/.test(name) || name === '0.0.0.0') return true;
  if (name === '[::1]' || name === '[::]') return true;
  // ::ffff:a.b.c.d and ::a.b.c.d, which the parser writes as two hex groups: 7fxx:xxxx or 0:0.
  const embedded = /^\[::(?:ffff:)?([0-9a-f]{1,4}):([0-9a-f]{1,4})\]$/.exec(name);
  if (embedded) {
    const high = parseInt(embedded[1] ?? '', 16);
    const low = parseInt(embedded[2] ?? '', 16);
    return high >> 8 === 127 || (high === 0 && low === 0);
  }
  return false;
}

/**
 * The WHATWG URL parser, which both ends have (browsers and Node) though neither the DOM's nor
 * Node's types are part of shared/: only the one member used here is declared.
 */
declare const URL: new (input: string) => { hostname: string };

/** The host as the WHATWG URL parser writes it (lower case, IPv4 dotted, IPv6 shortest). */
function canonicalHost(host: string): string {
  try {
    return new URL(`http://${host}/`).hostname.toLowerCase();
  } catch {
    return host.toLowerCase();
  }
}

/** Keeps the declared entries that are plain origins and do not point at the inspector. */
export function normalizeAppCsp(declared: unknown, guard: CspGuard): NormalizedAppCsp {
  const kept: Required<AppCspDomains> = {
    connectDomains: [],
    resourceDomains: [],
    frameDomains: [],
    baseUriDomains: [],
  };
  const dropped: DroppedCspEntry[] = [];
  const source =
    typeof declared === 'object' && declared !== null ? (declared as Record<string, unknown>) : {};
  for (const list of APP_CSP_LISTS) {
    const values = source[list];
    if (values === undefined) continue;
    if (!Array.isArray(values)) {
      dropped.push({
        list,
        value: JSON.stringify(values) ?? String(values),
        reason: 'not a list of origins',
      });
      continue;
    }
    for (const value of values) {
      const reason = refusal(value, guard);
      if (reason !== undefined) {
        dropped.push({ list, value: typeof value === 'string' ? value : JSON.stringify(value), reason });
      } else if (kept[list].length >= MAX_ENTRIES_PER_LIST) {
        dropped.push({ list, value: value as string, reason: `more than ${MAX_ENTRIES_PER_LIST} entries` });
      } else if (!kept[list].includes(value as string)) {
        kept[list].push(value as string);
      }
    }
  }
  return { kept, dropped };
}

function refusal(value: unknown, guard: CspGuard): string | undefined {
  if (typeof value !== 'string') return 'not a string';
  if (value.length > MAX_ENTRY_LENGTH) return 'too long';
  const match = SOURCE.exec(value);
  if (!match) return 'not an origin (scheme://host[:port]); keywords, bare schemes and * are not allowed';
  const [, , wildcard, host = '', port] = match;
  const hostname = host.toLowerCase();
  // `*.localhost` names only loopback; `*.lan` covers a bind address `box.lan`.
  const namesGuardedHost = (guarded: string): boolean =>
    wildcard === undefined ? guarded === hostname : guarded.endsWith(`.${hostname}`);
  const isInspectorHost = isLoopbackAlias(hostname) || (guard.hostnames ?? []).some(namesGuardedHost);
  if (isInspectorHost && (port === '*' || guard.ports.includes(Number(port ?? defaultPort(match[1]))))) {
    return "names mcp-inspect's own address, which no app may reach";
  }
  return undefined;
}

function defaultPort(scheme: string | undefined): number {
  return scheme === 'https' || scheme === 'wss' ? 443 : 80;
}

/**
 * The header value. Following the spec's restrictive default and its construction from metadata;
 * `'self'` is the sandbox origin, which serves only the sandbox page and its script. Inline
 * script and style are allowed because an app is one HTML document; eval is not.
 */
export function buildAppCsp(kept: Required<AppCspDomains>, frameAncestors: readonly string[]): string {
  const resources = kept.resourceDomains.join(' ');
  const withResources = (base: string): string => (resources ? `${base} ${resources}` : base);
  return [
    "default-src 'none'",
    withResources("script-src 'self' 'unsafe-inline'"),
    withResources("style-src 'self' 'unsafe-inline'"),
    withResources("img-src 'self' data: blob:"),
    withResources("font-src 'self' data:"),
    withResources("media-src 'self' data: blob:"),
    `connect-src ${kept.connectDomains.join(' ') || "'none'"}`,
    `frame-src ${kept.frameDomains.join(' ') || "'none'"}`,
    "object-src 'none'",
    `base-uri ${kept.baseUriDomains.join(' ') || "'self'"}`,
    // A form that submits navigates the app away with its fields: a way out connect-src does not cover.
    "form-action 'none'",
    // Only the inspector's page may embed the sandbox.
    `frame-ancestors ${frameAncestors.join(' ') || "'none'"}`,
  ].join('; ');
}

/** Query parameter of the sandbox page that carries the kept domains, as JSON. */
export const SANDBOX_CSP_PARAM = 'csp';
/**
 * Query parameter with the bridge's signature of the other two: the sandbox listener serves the
 * page only at an address the bridge issued to the inspector's page (see server/appSandbox).
 */
export const SANDBOX_SIGNATURE_PARAM = 'sig';
/** Query parameter naming the inspector page's origin, the only one the sandbox talks to. */
export const SANDBOX_HOST_PARAM = 'host';
/** Path of the sandbox page on the sandbox listener. */
export const SANDBOX_PAGE_PATH = '/sandbox.html';
