import type { RunningAppSandbox } from '../appSandbox/sandboxServer.js';

/**
 * Content Security Policy for the page. Results from an MCP server are untrusted input
 * rendered in a page that holds the token: no inline or remote script, no framing, and
 * connections only back to the bridge.
 */
const BASE_CSP = [
  "default-src 'self'",
  // Scripts only from the bridge: nothing inline, nothing evaluated. The page's JSON Schema
  // engine (shared/schema/engine.ts: the SDK client, the forms, the result check) interprets a
  // server's schema instead of compiling it to code, so no 'unsafe-eval' is needed.
  "script-src 'self'",
  // Monaco and rjsf set inline styles.
  "style-src 'self' 'unsafe-inline'",
  // https: for the icons servers declare for their tools (MCP gives them as https or data: URIs)
  // and images in their Markdown descriptions, shown as declared: an image runs no script (an
  // SVG in <img> is inert), its request carries no cookie or Referer of the bridge, and http:
  // stays blocked. What a server learns from it (that its tool was looked at) it may already
  // learn by answering the calls. Results' images are data: or blob: URLs.
  "img-src 'self' data: blob: https:",
  "media-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "base-uri 'none'",
  "form-action 'none'",
];

/**
 * The page may frame the MCP Apps sandbox, under the one name its sandbox addresses use (another
 * site than the page's, see appSandbox/sandboxSite.ts), and nothing else.
 */
export function pageCsp(
  sandbox: RunningAppSandbox | undefined,
  pageHost: string,
  framedBy: 'none' | 'self' = 'none',
  frames: readonly string[] = [],
): string {
  const sandboxSource = sandbox?.frameSource(pageHost);
  const sources = [...frames, ...(sandboxSource === undefined ? [] : [sandboxSource])];
  return [
    ...BASE_CSP,
    `frame-ancestors '${framedBy}'`,
    `frame-src ${sources.length > 0 ? sources.join(' ') : "'none'"}`,
  ].join('; ');
}
