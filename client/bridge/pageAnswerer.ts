import { watchAnswerer } from '../../shared/core/answerer';
import type { RootsStore, WatchedAnswerer } from '../../shared/core';
import type { ServerRequestQueue } from './serverRequests';

/**
 * The page's answerer: every ask a server makes (a legacy server's own request, a modern
 * server's input round) waits in the request queue for the person in front of the page, and
 * roots come from the connection settings. Busy while the queue holds anything, so every call's
 * timer pauses while the person answers (the malformed elicitations the queue also holds count).
 * It answers tool-enabled sampling (the person writes or edits tool_use calls), so the page's
 * client declares `sampling.tools`; the terminal's answerers do not.
 */
export function pageAnswerer(requests: ServerRequestQueue, roots: RootsStore): WatchedAnswerer {
  return watchAnswerer({
    elicit: (params, { signal, origin }) => requests.ask('elicitation', params, signal, origin),
    sample: (params, { signal, origin }) => requests.ask('sampling', params, signal, origin),
    roots: () => roots.list(),
    // The reply form takes tool_use blocks, and "Draft with model" writes them.
    samplingTools: true,
    isBusy: () => requests.getSnapshot().length > 0,
    onBusyChange: (listener) => requests.subscribe(listener),
  });
}
