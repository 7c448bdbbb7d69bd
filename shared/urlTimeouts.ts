/**
 * How long the bridge waits on a server reached by URL, in seconds: to connect (the start, until
 * the server has answered the probe and the transport is open), and for each request's answer to
 * begin (its response headers). Set per target: `--connect-timeout` / `--request-timeout`, a
 * config entry's `"timeouts"`, the page's connection settings.
 */
export interface UrlTimeouts {
  connect?: number;
  /** 0: no limit (what waits meanwhile is still bounded in bytes). */
  request?: number;
}

export const DEFAULT_CONNECT_TIMEOUT_SECONDS = 10;
/**
 * Longer than the page's own call timeout (60 s, which a person may raise, and which progress
 * restarts): a server that answers in JSON holds its headers until the result is ready.
 */
export const DEFAULT_REQUEST_TIMEOUT_SECONDS = 300;
/** A day: past it a timeout is a typo. */
export const MAX_TIMEOUT_SECONDS = 86_400;

/** Words for a value that cannot be the `which` timeout, or undefined when it can. */
export function timeoutProblem(which: keyof UrlTimeouts, value: unknown): string | undefined {
  const least = which === 'connect' ? 'above 0' : '0 (no limit) or more';
  if (
    typeof value !== 'number' ||
    !Number.isFinite(value) ||
    value > MAX_TIMEOUT_SECONDS ||
    (which === 'connect' ? value <= 0 : value < 0)
  ) {
    return `the ${which} timeout is a number of seconds, ${least}, at most ${MAX_TIMEOUT_SECONDS}`;
  }
  return undefined;
}
