import type { RequestOptions } from '@modelcontextprotocol/client';

/**
 * What the core needs of its runtime, named here because shared/ is compiled with neither the
 * DOM nor Node types: both the browser and Node have these (timers, `AbortController`), but
 * neither lib declares them for code that must run in both.
 */

/** An abort signal as the SDK takes it: the browser's or Node's `AbortSignal`. */
export type AbortSignalLike = NonNullable<RequestOptions['signal']>;

/** The part of `AbortController` the core uses. */
export interface AbortControllerLike {
  readonly signal: AbortSignalLike;
  abort(reason?: unknown): void;
}

/** Time, for the core's timers and durations; a test or a shell may bring its own. */
export interface Clock {
  /** Milliseconds on a monotonic scale (the page's `performance.now()`); only differences count. */
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

interface TimerGlobals {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  performance?: { now(): number };
  AbortController: new () => AbortControllerLike;
}

const runtime = globalThis as unknown as TimerGlobals;

/** The runtime's own clock: `performance.now()` where there is one (both ends have it), else `Date.now()`. */
export const systemClock: Clock = {
  now: () => runtime.performance?.now() ?? Date.now(),
  setTimeout: (callback, ms) => runtime.setTimeout(callback, ms),
  clearTimeout: (handle) => runtime.clearTimeout(handle),
};

export function newAbortController(): AbortControllerLike {
  return new runtime.AbortController();
}

/** Resolves after `ms`, or rejects with the signal's reason once it aborts. */
export function sleep(ms: number, signal: AbortSignalLike, clock: Clock = systemClock): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason as Error);
    const timer = clock.setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clock.clearTimeout(timer);
      reject(signal.reason as Error);
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
