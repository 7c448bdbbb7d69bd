import { QueryClient } from '@tanstack/react-query';
import type { EraChoice } from '../../../shared/wire';
import { createMcpClient } from '../createMcpClient';
import { ListChanges } from '../listChanges';
import { ResourceSubscriptions } from '../resourceSubscriptions';
import { RootsStore } from '../rootsStore';
import { ServerRequestQueue } from '../serverRequests';

/**
 * The page's SDK client as a run of the session makes it, with fresh stores of its own (roots
 * not kept in any storage), for tests that connect it to a real SDK server.
 */
export function pageMcpClient(era: EraChoice) {
  const requests = new ServerRequestQueue();
  const roots = new RootsStore(undefined);
  const listChanges = new ListChanges();
  const client = createMcpClient({
    generation: 1,
    era,
    queryClient: new QueryClient(),
    requests,
    roots,
    subscriptions: new ResourceSubscriptions(),
    listChanges,
  });
  return { client, requests, roots, listChanges };
}
