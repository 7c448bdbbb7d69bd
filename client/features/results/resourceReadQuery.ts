import { queryOptions } from '@tanstack/react-query';
import type { Client } from '@modelcontextprotocol/client';
import { ReadResourceResultSchema } from '@modelcontextprotocol/core';
import { type ReadResourceResult } from '@modelcontextprotocol/client';
import { mcpQueryKeys } from '../../bridge/mcpQueryKeys';
import type { RootsStore } from '../../bridge/rootsStore';
import type { ServerRequestQueue } from '../../bridge/serverRequests';
import { withInputRounds } from '../../bridge/withInputRounds';

/** Who answers a read's input rounds (2026-07-28): the person, through the request queue. */
export interface ReadAnswering {
  requests: ServerRequestQueue;
  roots: RootsStore;
}

/** The owner of a read's input asks, shown where the read is. */
export function readOwner(uri: string): string {
  return `resource:${uri}`;
}

/**
 * `resources/read` of one URI. A resource can change, so each new look reads it again. A modern
 * server may answer `input_required`; its rounds are put to the person and the read retried.
 */
export function resourceReadQueryOptions(
  client: Client,
  generation: number,
  uri: string,
  answering?: ReadAnswering,
) {
  // Who answers an input round does not change what the resource says: not part of the key.
  // eslint-disable-next-line @tanstack/query/exhaustive-deps
  return queryOptions({
    queryKey: mcpQueryKeys.resourceRead(generation, uri),
    queryFn: ({ signal }): Promise<ReadResourceResult> =>
      answering
        ? withInputRounds<ReadResourceResult>(
            (retry) =>
              client.request(
                { method: 'resources/read', params: { uri, ...retry } },
                { signal, allowInputRequired: true },
              ),
            (round) => ({ ...answering, signal, origin: (key) => ({ owner: readOwner(uri), round, key }) }),
          )
        : client.request({ method: 'resources/read', params: { uri } }, ReadResourceResultSchema),
    staleTime: 0,
    retry: false,
  });
}
