import { BreakpointHub } from '../captures/breakpointHub.js';
import { CaptureFeed, type CaptureFeedOptions } from '../captures/captureFeed.js';
import { LazyBreakpointHub } from './breakpointRoutes.js';

/** The Captured list and the breakpoints of one bridge, whatever number of servers it inspects. */
export interface CaptureServices {
  /** The feed once started (undefined before, or when the bridge takes no captures). */
  captures: (() => CaptureFeed | undefined) | undefined;
  breakpoints: LazyBreakpointHub;
  /** Resolves once the feed has started (or could not: the Captured list then says why). */
  started: Promise<unknown>;
  close(): Promise<void>;
}

export function startCaptureServices(
  log: (line: string) => void,
  options: CaptureFeedOptions | undefined,
): CaptureServices {
  // Never fails (without the state folder the Captured list says why), and starts beside the
  // target: the page's first screen does not wait for it.
  let captures: CaptureFeed | undefined;
  // Breakpoints take proxies' links on the captures' collector (breakpointHub.ts).
  const hub = BreakpointHub.detached();
  const capturesStarted = options
    ? CaptureFeed.start({
        log,
        ...options,
        onBreakpointLink: (req, res) => hub.accept(req, res),
      }).then((feed) => (captures = feed))
    : undefined;
  // Breakpoints use the captures' collector (one rendezvous, one listener); a bridge started
  // without captures (tests of other things) starts the hub's own when the page first asks.
  const breakpoints = capturesStarted
    ? new LazyBreakpointHub(async () => {
        const feed = await capturesStarted;
        if (!feed.collector) throw new Error(feed.collecting.ok ? 'no collector' : feed.collecting.problem);
        hub.useCollector(feed.collector);
        return hub;
      })
    : new LazyBreakpointHub();
  return {
    captures: capturesStarted ? () => captures : undefined,
    breakpoints,
    started: capturesStarted ?? Promise.resolve(),
    close: async () => {
      await (await capturesStarted)?.close();
      await breakpoints.close();
    },
  };
}
