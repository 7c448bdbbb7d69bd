import { queryOptions } from '@tanstack/react-query';
import type { Client } from '@modelcontextprotocol/client';
import { ReadResourceResultSchema } from '@modelcontextprotocol/core';
import { API_SESSION_PATH, AUTH_SCHEME } from '../../../shared/http';
import { mcpQueryKeys } from '../../bridge/mcpQueryKeys';
import { currentToken } from '../../bridge/token';
import { parseAppResource, type AppResource } from './appResource';

/**
 * An app's `ui://` resource, read with resources/read (in the traffic like any read) once per run
 * of the server: every view of the app in that run uses the same document, as hosts that
 * prefetch do. A resources/list_changed invalidates it with the other resource queries.
 */
export function appResourceQueryOptions(client: Client, generation: number, uri: string) {
  return queryOptions({
    queryKey: [...mcpQueryKeys.resources(generation), 'app', uri] as const,
    queryFn: async (): Promise<AppResource | { problem: string }> => {
      const result = await client.request(
        { method: 'resources/read', params: { uri } },
        ReadResourceResultSchema,
      );
      return parseAppResource(result, uri);
    },
    staleTime: Infinity,
    retry: false,
  });
}

/** Where the sandbox listener is, from the bridge's session route (it needs the token). */
export interface SandboxAddress {
  /** The sandbox page's origin, under the same host name as the inspector's page. */
  origin: string;
  /** The inspector's own ports, which no app's declared domains may name. */
  guardedPorts: number[];
}

export const sandboxQueryOptions = queryOptions({
  queryKey: ['mcp-inspect', 'appSandbox'] as const,
  queryFn: async (): Promise<SandboxAddress> => {
    const response = await fetch(API_SESSION_PATH, {
      headers: { authorization: `${AUTH_SCHEME} ${currentToken() ?? ''}` },
    });
    if (!response.ok)
      throw new Error(`mcp-inspect answered ${response.status} when asked where its app sandbox is`);
    const { appSandboxPort } = (await response.json()) as { appSandboxPort?: number | null };
    if (typeof appSandboxPort !== 'number') {
      throw new Error(
        'This mcp-inspect runs no app sandbox, so MCP Apps cannot be shown (is dist/app-sandbox built?)',
      );
    }
    return {
      origin: `${location.protocol}//${location.hostname}:${appSandboxPort}`,
      guardedPorts: [Number(location.port || 80), appSandboxPort],
    };
  },
  staleTime: Infinity,
  retry: false,
});
