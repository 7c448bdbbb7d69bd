import { queryOptions } from '@tanstack/react-query';
import type { Client } from '@modelcontextprotocol/client';
import { ReadResourceResultSchema } from '@modelcontextprotocol/core';
import type { AppCspDomains, DroppedCspEntry } from '../../../shared/appCsp';
import { API_APP_SANDBOX_PATH, AUTH_SCHEME } from '../../../shared/http';
import { mcpQueryKeys } from '../../bridge/mcpQueryKeys';
import { currentToken } from '../../bridge/token';
import { parseAppResource, type AppResource } from './appResource';
import { bridgePath } from '../../bridge/serverPath';

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

/** An app's sandbox page, as the bridge issued it for this page and the app's declared CSP. */
export interface SandboxPage {
  /** The address to frame: signed by the bridge, on another site than this page. */
  url: string;
  origin: string;
  /** The declared domains the CSP kept: what the app is told it may reach. */
  csp: Required<AppCspDomains>;
  /** What it left out, and why. */
  dropped: DroppedCspEntry[];
}

/**
 * The sandbox page address for an app whose resource declares `csp`, from the bridge (it needs
 * the token): the bridge keeps the allowed domains and signs them into the address, and its
 * sandbox listener serves no other. Nothing the app can write goes into it.
 */
export function sandboxPageQueryOptions(csp: unknown) {
  const declared = csp === undefined ? undefined : JSON.stringify(csp);
  return queryOptions({
    queryKey: ['mcp-inspect', 'appSandbox', declared ?? null] as const,
    queryFn: async (): Promise<SandboxPage> => {
      const query = declared === undefined ? '' : `?csp=${encodeURIComponent(declared)}`;
      const response = await fetch(bridgePath(`${API_APP_SANDBOX_PATH}${query}`), {
        headers: { authorization: `${AUTH_SCHEME} ${currentToken() ?? ''}` },
      });
      const body = (await response.json().catch(() => ({}))) as Partial<SandboxPage> & { error?: unknown };
      if (!response.ok || typeof body.url !== 'string' || body.csp === undefined) {
        throw new Error(
          typeof body.error === 'string'
            ? body.error
            : `mcp-inspect answered ${response.status} when asked for the app's sandbox page`,
        );
      }
      return { url: body.url, origin: new URL(body.url).origin, csp: body.csp, dropped: body.dropped ?? [] };
    },
    staleTime: Infinity,
    retry: false,
  });
}
