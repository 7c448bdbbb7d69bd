import { queryOptions } from '@tanstack/react-query';
import type { Client } from '@modelcontextprotocol/client';
import { ReadResourceResultSchema } from '@modelcontextprotocol/core';
import { type ReadResourceResult } from '@modelcontextprotocol/client';
import { mcpQueryKeys } from '../../bridge/mcpQueryKeys';

/** `resources/read` of one URI. A resource can change, so each new look reads it again. */
export function resourceReadQueryOptions(client: Client, generation: number, uri: string) {
  return queryOptions({
    queryKey: mcpQueryKeys.resourceRead(generation, uri),
    queryFn: (): Promise<ReadResourceResult> =>
      client.request({ method: 'resources/read', params: { uri } }, ReadResourceResultSchema),
    staleTime: 0,
    retry: false,
  });
}
