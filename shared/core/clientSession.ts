import {
  Client,
  type ClientCapabilities,
  type ClientOptions,
  type Implementation,
  type ProtocolEra,
  type Transport,
  type VersionNegotiationOptions,
} from '@modelcontextprotocol/client';
import { withTaskHandoff } from './taskHandoff.js';
import type { EraChoice } from '../eras.js';
import { watchAnswerer, type Answerer, type WatchedAnswerer } from './answerer.js';
import type { ListKind } from './listChanges.js';

/** The first (and so far only) revision of the modern era, which `--era modern` insists on. */
export const MODERN_PROTOCOL_VERSION = '2026-07-28';

/**
 * What mcp-inspect can do for a server, and so what it advertises (in `initialize`, or in every
 * modern request's `_meta`): sampling and elicitation (form and URL mode) are put to the
 * answerer, roots come from its list. Tasks: tools are run as tasks and polled (2025-11-25 core
 * tasks; the modern extension is declared under `extensions`).
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
    // Skills (SEP-2640): the Skills tab lists, gets and verifies a server's skills.
    'io.modelcontextprotocol/skills': {},
  },
};

/**
 * The capabilities for an answerer: `sampling.tools` (2025-11-25; a modern request's `_meta`
 * carries the same) only when it can answer with tool_use, since a server that sees it may send
 * `tools` and expect a model's call back.
 */
export function clientCapabilitiesFor(answerer: Pick<Answerer, 'samplingTools'>): ClientCapabilities {
  return answerer.samplingTools ? { ...CLIENT_CAPABILITIES, sampling: { tools: {} } } : CLIENT_CAPABILITIES;
}

/** A server's `nextCursor` that never converges must not keep the client busy forever. */
const MAX_LIST_PAGES = 1_000;

/** How the SDK negotiates for each era choice. */
export function versionNegotiation(era: EraChoice): VersionNegotiationOptions {
  if (era === 'legacy') return { mode: 'legacy' };
  if (era === 'modern') return { mode: { pin: MODERN_PROTOCOL_VERSION } };
  return { mode: 'auto' };
}

/**
 * Whoever keeps the server's lists (the page's query cache, a CLI's memory): told when the server
 * says one changed (notifications/<kind>/list_changed), so it refetches.
 */
export interface ListCache {
  invalidate(kind: ListKind): void;
}

export interface CoreClientOptions {
  /** `auto` probes with server/discover and falls back to initialize; `modern` pins 2026-07-28. */
  era: EraChoice;
  /** The name and version said to the server. */
  clientInfo: Implementation;
  /** Who answers the server's requests (sampling, elicitation, roots), in either era. */
  answerer: Answerer;
  listCache?: ListCache;
  /** notifications/resources/updated for a resource subscribed to. */
  onResourceUpdated?: (uri: string) => void;
  /** The JSON Schema validator for tool output and elicitation schemas; the SDK's default if absent. */
  jsonSchemaValidator?: ClientOptions['jsonSchemaValidator'];
}

/** An SDK `Client`, and the answerer as the core watches it (for the calls' timers). */
export interface CoreClient {
  client: Client;
  answerer: WatchedAnswerer;
}

/** An SDK Client for one connection to a target, with the answerer wired in to the server's asks. */
export function createCoreClient(options: CoreClientOptions): CoreClient {
  const answerer = watchAnswerer(options.answerer);
  const client = new Client(options.clientInfo, {
    capabilities: clientCapabilitiesFor(answerer),
    ...(options.jsonSchemaValidator ? { jsonSchemaValidator: options.jsonSchemaValidator } : {}),
    versionNegotiation: versionNegotiation(options.era),
    // Multi round-trip requests are driven by the core round by round (withInputRounds), so each
    // round's asks are tied to the call that asked, instead of being fulfilled inside the SDK.
    inputRequired: { autoFulfill: false },
    listMaxPages: MAX_LIST_PAGES,
  });
  // Legacy-era server→client requests; the modern era carries the same asks in-band.
  client.setRequestHandler('sampling/createMessage', (request, ctx) =>
    answerer.sample(request.params, { signal: ctx.mcpReq.signal }),
  );
  client.setRequestHandler('elicitation/create', (request, ctx) =>
    answerer.elicit(request.params, { signal: ctx.mcpReq.signal }),
  );
  client.setRequestHandler('roots/list', () => ({ roots: answerer.roots() }));

  // list_changed only notifies: whoever keeps the lists refetches them.
  const changed = (kind: ListKind) => () => options.listCache?.invalidate(kind);
  client.setNotificationHandler('notifications/tools/list_changed', changed('tools'));
  client.setNotificationHandler('notifications/resources/list_changed', changed('resources'));
  client.setNotificationHandler('notifications/prompts/list_changed', changed('prompts'));
  client.setNotificationHandler('notifications/resources/updated', (notification) =>
    options.onResourceUpdated?.(notification.params.uri),
  );
  return { client, answerer };
}

/** What a connected client learnt of its server, in either era. */
export interface SessionFacts {
  era?: ProtocolEra;
  protocolVersion?: string;
  serverInfo?: Implementation;
  capabilities?: ReturnType<Client['getServerCapabilities']>;
  instructions?: string;
  discover?: ReturnType<Client['getDiscoverResult']>;
}

/** Reads what a connected client negotiated; keys the server did not give are left out. */
export function sessionFacts(client: Client): SessionFacts {
  const era = client.getProtocolEra();
  const protocolVersion = client.getNegotiatedProtocolVersion();
  const serverInfo = client.getServerVersion();
  const capabilities = client.getServerCapabilities();
  const instructions = client.getInstructions();
  const discover = client.getDiscoverResult();
  return {
    ...(era ? { era } : {}),
    ...(protocolVersion ? { protocolVersion } : {}),
    ...(serverInfo ? { serverInfo } : {}),
    ...(capabilities ? { capabilities } : {}),
    ...(instructions ? { instructions } : {}),
    ...(discover ? { discover } : {}),
  };
}

/**
 * Connects a client over one SDK transport: the era probe and its fallback to initialize are the
 * SDK's (as `versionNegotiation` chose), and the transport is fitted with the task handoff first,
 * so a tools/call answered with a task reaches `callTool` instead of failing inside the SDK.
 * Rejects as `client.connect` does; `describeConnectError` puts that in words. One try of
 * `openSession` (openSession.ts), which the shells use: it also starts a server that died on the
 * probe again for the legacy era, and names the failures.
 */
export async function connectClient(
  client: Client,
  transport: Transport,
  timeoutMs?: number,
): Promise<SessionFacts> {
  await client.connect(
    withTaskHandoff(transport),
    timeoutMs === undefined ? undefined : { timeout: timeoutMs },
  );
  return sessionFacts(client);
}
