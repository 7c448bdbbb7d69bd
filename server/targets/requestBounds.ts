import { DEFAULT_REQUEST_TIMEOUT_SECONDS } from '../../shared/urlTimeouts.js';

/**
 * What a URL target's requests may hold while a server is slow to take them, and for how long.
 * A server that accepts connections but never reads them (or never answers) would otherwise let
 * the bridge keep every body the page goes on sending, each on a socket of its own, for ever:
 * the same hazard as a stdio server that does not read its stdin (stdioTarget.ts), bounded the
 * same way.
 */

/**
 * How long a request may wait for the response's headers, unless set (--request-timeout; see
 * shared/urlTimeouts.ts for why so long). Memory is bounded by WaitingBodies meanwhile.
 */
export const REQUEST_TIMEOUT_MS = DEFAULT_REQUEST_TIMEOUT_SECONDS * 1000;

/** A request that got no answer in time; its message is the reason, for the person. */
export class RequestTimeoutError extends Error {
  override name = 'RequestTimeoutError';
}

/**
 * The bytes of messages sent and not yet through: a request until its answer began (its
 * response headers, or its whole JSON answer), a notification until the server took it. Sends are
 * refused while more than the bound waits, as stdin writes are; one body may go past it (a large
 * argument is legitimate), so what waits is at most the bound plus one message.
 */
export class WaitingBodies {
  private bytes = 0;

  constructor(private readonly limit: number) {}

  get waiting(): number {
    return this.bytes;
  }

  /** Whether a new send must be refused now. */
  get full(): boolean {
    return this.bytes > this.limit;
  }

  /** Counts a message until the returned function is called (once it is through, or failed). */
  hold(bytes: number): () => void {
    this.bytes += bytes;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.bytes -= bytes;
    };
  }
}

/**
 * `init` with a signal that also aborts when no response headers came within `timeoutMs` (0: no
 * limit); call `answered` when they came, so a long stream that follows is not cut.
 */
export function withAnswerDeadline(
  init: RequestInit | undefined,
  timeoutMs: number,
  reason: () => string,
): { init: RequestInit | undefined; answered: () => void } {
  if (timeoutMs <= 0) return { init, answered: () => undefined };
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(new RequestTimeoutError(reason())), timeoutMs);
  const signal = init?.signal ? AbortSignal.any([init.signal, deadline.signal]) : deadline.signal;
  return { init: { ...init, signal }, answered: () => clearTimeout(timer) };
}
