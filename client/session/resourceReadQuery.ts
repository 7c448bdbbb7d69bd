import { queryOptions } from '@tanstack/react-query';
import type { Client } from '@modelcontextprotocol/client';
import { readOwner, readResource, type Answerer } from '../../shared/core';
import { mcpQueryKeys } from '../bridge/mcpQueryKeys';

export { readOwner } from '../../shared/core';

/**
 * `resources/read` of one URI (the core's). A resource can change, so each new look reads it
 * again. A modern server may answer `input_required`: with an answerer, its rounds are put to the
 * person and the read retried.
 */
export function resourceReadQueryOptions(
  client: Client,
  generation: number,
  uri: string,
  answering?: { answerer: Answerer },
) {
  // Who answers an input round does not change what the resource says: not part of the key.
  // eslint-disable-next-line @tanstack/query/exhaustive-deps
  return queryOptions({
    queryKey: mcpQueryKeys.resourceRead(generation, uri),
    queryFn: ({ signal }) =>
      readResource(
        client,
        uri,
        answering ? { answerer: answering.answerer, owner: readOwner(uri), signal } : undefined,
      ),
    staleTime: 0,
    retry: false,
  });
}
