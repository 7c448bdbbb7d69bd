import type { QueryClient } from '@tanstack/react-query';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { CfWorkerJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/cfworker';
import {
  CreateMessageRequestSchema,
  ElicitRequestSchema,
  ListRootsRequestSchema,
  PromptListChangedNotificationSchema,
  ResourceListChangedNotificationSchema,
  ResourceUpdatedNotificationSchema,
  ToolListChangedNotificationSchema,
  type ClientCapabilities,
  type Implementation,
} from '@modelcontextprotocol/sdk/types.js';
import { mcpQueryKeys } from './mcpQueryKeys';
import type { ResourceSubscriptions } from './resourceSubscriptions';
import type { RootsStore } from './rootsStore';
import type { ServerRequestQueue } from './serverRequests';

const CLIENT_INFO = { name: 'mcp-inspect', version: __APP_VERSION__ } satisfies Implementation;

/**
 * What the page can do for a server, and so what initialize advertises: every one of these
 * is answered by the person in front of the page (sampling, elicitation in form and URL
 * mode) or from their settings (roots). Ping needs no capability: the SDK answers it.
 */
export const CLIENT_CAPABILITIES: ClientCapabilities = {
  sampling: {},
  elicitation: { form: {}, url: {} },
  roots: { listChanged: true },
};

interface ClientDeps {
  generation: number;
  queryClient: QueryClient;
  requests: ServerRequestQueue;
  roots: RootsStore;
  subscriptions: ResourceSubscriptions;
}

/** An SDK Client for one run of the target, with the page's answers to the server wired in. */
export function createMcpClient({
  generation,
  queryClient,
  requests,
  roots,
  subscriptions,
}: ClientDeps): Client {
  // An interpreting validator: the SDK's default, Ajv, compiles server-supplied schemas into
  // code, which this page has no need to allow for the SDK's own checks.
  const client = new Client(CLIENT_INFO, {
    capabilities: CLIENT_CAPABILITIES,
    jsonSchemaValidator: new CfWorkerJsonSchemaValidator(),
  });
  client.setRequestHandler(CreateMessageRequestSchema, (request, extra) =>
    requests.ask('sampling', request.params, extra.signal),
  );
  client.setRequestHandler(ElicitRequestSchema, (request, extra) =>
    requests.ask('elicitation', request.params, extra.signal),
  );
  client.setRequestHandler(ListRootsRequestSchema, () => ({ roots: roots.list() }));

  // list_changed only notifies; the lists are refetched through the query cache.
  const invalidate = (key: readonly unknown[]) => () => queryClient.invalidateQueries({ queryKey: key });
  client.setNotificationHandler(
    ToolListChangedNotificationSchema,
    invalidate(mcpQueryKeys.tools(generation)),
  );
  client.setNotificationHandler(
    ResourceListChangedNotificationSchema,
    invalidate(mcpQueryKeys.resources(generation)),
  );
  client.setNotificationHandler(
    PromptListChangedNotificationSchema,
    invalidate(mcpQueryKeys.prompts(generation)),
  );
  client.setNotificationHandler(ResourceUpdatedNotificationSchema, (notification) =>
    subscriptions.markUpdated(notification.params.uri),
  );
  return client;
}
