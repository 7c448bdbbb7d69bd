import type { QueryClient } from '@tanstack/react-query';
import {
  Client,
  type ClientCapabilities,
  type Implementation,
  type VersionNegotiationOptions,
} from '@modelcontextprotocol/client';
import type { EraChoice } from '../../shared/wire';
import type { ListChanges, ListKind } from './listChanges';
import { mcpQueryKeys } from './mcpQueryKeys';
import type { ResourceSubscriptions } from './resourceSubscriptions';
import type { RootsStore } from './rootsStore';
import { lazySchemaValidator } from '../schema/lazySchemaEngine';
import type { ServerRequestQueue } from './serverRequests';

const CLIENT_INFO = { name: 'mcp-inspect', version: __APP_VERSION__ } satisfies Implementation;

/** The first (and so far only) revision of the modern era, which `--era modern` insists on. */
export const MODERN_PROTOCOL_VERSION = '2026-07-28';

/**
 * What the page can do for a server, and so what it advertises (in `initialize`, or in every
 * modern request's `_meta`): every one of these is answered by the person in front of the page
 * (sampling, elicitation in form and URL mode) or from their settings (roots). Tasks: the page
 * runs tools as tasks and polls them (2025-11-25 core tasks; the modern extension is declared
 * under `extensions`).
 */
export const CLIENT_CAPABILITIES: ClientCapabilities = {
  sampling: {},
  elicitation: { form: {}, url: {} },
  roots: { listChanged: true },
  tasks: { list: {}, cancel: {}, requests: { elicitation: { create: {} }, sampling: { createMessage: {} } } },
  extensions: {
    'io.modelcontextprotocol/tasks': {},
    // MCP Apps (2026-01-26): the page renders tools' ui:// resources in a sandbox.
    'io.modelcontextprotocol/ui': { mimeTypes: ['text/html;profile=mcp-app'] },
  },
};

/** A server's `nextCursor` that never converges must not keep the page busy forever. */
const MAX_LIST_PAGES = 1_000;

interface ClientDeps {
  generation: number;
  era: EraChoice;
  queryClient: QueryClient;
  requests: ServerRequestQueue;
  roots: RootsStore;
  subscriptions: ResourceSubscriptions;
  listChanges: ListChanges;
}

/** How the SDK negotiates for each era choice. */
export function versionNegotiation(era: EraChoice): VersionNegotiationOptions {
  if (era === 'legacy') return { mode: 'legacy' };
  if (era === 'modern') return { mode: { pin: MODERN_PROTOCOL_VERSION } };
  return { mode: 'auto' };
}

/** An SDK Client for one run of the target, with the page's answers to the server wired in. */
export function createMcpClient({
  generation,
  era,
  queryClient,
  requests,
  roots,
  subscriptions,
  listChanges,
}: ClientDeps): Client {
  const client = new Client(CLIENT_INFO, {
    capabilities: CLIENT_CAPABILITIES,
    jsonSchemaValidator: lazySchemaValidator,
    versionNegotiation: versionNegotiation(era),
    // Multi round-trip requests are shown to the person round by round (on the call that
    // asked), so the page drives them itself instead of letting the SDK fulfil them inside.
    inputRequired: { autoFulfill: false },
    listMaxPages: MAX_LIST_PAGES,
  });
  // Legacy-era server→client requests; the modern era carries the same asks in-band.
  client.setRequestHandler('sampling/createMessage', (request, ctx) =>
    requests.ask('sampling', request.params, ctx.mcpReq.signal),
  );
  client.setRequestHandler('elicitation/create', (request, ctx) =>
    requests.ask('elicitation', request.params, ctx.mcpReq.signal),
  );
  client.setRequestHandler('roots/list', () => ({ roots: roots.list() }));

  // list_changed only notifies: the lists are refetched through the query cache, and open app
  // views are told, for their own lists.
  const changed = (kind: ListKind, key: readonly unknown[]) => () => {
    listChanges.announce(generation, kind);
    return queryClient.invalidateQueries({ queryKey: key });
  };
  client.setNotificationHandler(
    'notifications/tools/list_changed',
    changed('tools', mcpQueryKeys.tools(generation)),
  );
  client.setNotificationHandler(
    'notifications/resources/list_changed',
    changed('resources', mcpQueryKeys.resources(generation)),
  );
  client.setNotificationHandler(
    'notifications/prompts/list_changed',
    changed('prompts', mcpQueryKeys.prompts(generation)),
  );
  client.setNotificationHandler('notifications/resources/updated', (notification) =>
    subscriptions.markUpdated(notification.params.uri),
  );
  return client;
}
