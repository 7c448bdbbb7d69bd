import { createCoreClient, ListChanges, RootsStore, type EraChoice } from '../../../shared/core';
import { pageAnswerer } from '../pageAnswerer';
import { ServerRequestQueue } from '../serverRequests';

/**
 * The page's SDK client as a run of the session makes it (the core's, with the page's answerer),
 * with fresh stores of its own (roots not kept in any storage), for tests that connect it to a
 * real SDK server.
 */
export function pageMcpClient(era: EraChoice) {
  const requests = new ServerRequestQueue();
  const roots = new RootsStore();
  const listChanges = new ListChanges();
  const { client, answerer } = createCoreClient({
    era,
    clientInfo: { name: 'mcp-inspect', version: 'test' },
    answerer: pageAnswerer(requests, roots),
    listCache: { invalidate: (kind) => listChanges.announce(1, kind) },
  });
  return { client, requests, roots, listChanges, answerer };
}
