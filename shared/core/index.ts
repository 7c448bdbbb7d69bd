/**
 * mcp-inspect's MCP client core: everything it knows about speaking MCP as a client, in either
 * era, with no DOM and no Node (only the rest of shared/ and the SDK). The page (client/) and the
 * CLI (server/) are shells over it; what differs between them comes in through the interfaces
 * below: the `SessionLink` (runs of the target, each an SDK `Transport`), the `Answerer` (who answers a server's asks), the
 * `ListCache` (who keeps the lists), the `KeyValueStorage` (where roots are kept), the `Clock`.
 *
 * A shell's path through it:
 *   const session = await openSession(link, { era, clientInfo, answerer: myAnswerer });
 *   // the era probe, the fallback (a fresh run when the server died on the probe), failure kinds
 *   const { client, answerer, facts } = session;
 *   await listTools(client);                   // every page, with the cache hint
 *   await callTool({ client, tool, args, timeoutMs, answerer, owner: 'call:1' });
 */

// Connecting: the SDK client with capabilities, era negotiation and the answerer wired in.
export {
  CLIENT_CAPABILITIES,
  MODERN_PROTOCOL_VERSION,
  connectClient,
  createCoreClient,
  sessionFacts,
  versionNegotiation,
  type CoreClient,
  type CoreClientOptions,
  type ListCache,
  type SessionFacts,
} from './clientSession.js';
export {
  FALLBACK_NOTICE,
  SessionFailure,
  openSession,
  type CoreSession,
  type OpenSessionOptions,
  type SessionAttempt,
  type SessionFailureKind,
  type SessionLink,
} from './openSession.js';
export { describeConnectError, legacyOnlyRefusal } from './connectErrors.js';
export { ERA_CHOICES, isEraChoice, type EraChoice } from '../eras.js';

// Who answers the server, and the runtime the core needs.
export {
  watchAnswerer,
  type Answerer,
  type AskContext,
  type AskOrigin,
  type WatchedAnswerer,
} from './answerer.js';
export {
  newAbortController,
  sleep,
  systemClock,
  type AbortControllerLike,
  type AbortSignalLike,
  type Clock,
} from './platform.js';
export { RootsStore, type KeyValueStorage } from './rootsStore.js';

// Calling a tool: input rounds, tasks, the call's own timer.
export {
  callTool,
  startToolCall,
  type CallOutcome,
  type CallProgress,
  type ToolCall,
  type ToolCallEnd,
  type ToolCallEvents,
  type ToolCallOptions,
} from './toolCall.js';
export {
  InputRefused,
  answerInputRequests,
  isInputRequired,
  withInputRounds,
  type InputAnswering,
  type InputRequiredResult,
  type RoundHooks,
} from './inputRounds.js';
export { TaskCancelled, followTask, type Following, type TaskUpdate } from './followTask.js';
export {
  TASK_HANDOFF_KEY,
  TaskHandoff,
  handedOffTask,
  withTaskHandoff,
  type TaskHandle,
} from './taskHandoff.js';
export { CallTimer } from './callTimer.js';
export { mcpParamHeaders } from './mcpParamHeaders.js';

// Lists, reads and prompts.
export {
  getPrompt,
  listPrompts,
  listResourceTemplates,
  listResources,
  listTools,
  promptOwner,
  readOwner,
  readResource,
  type RoundsAnswering,
} from './lists.js';
export { allPages, type ListPage } from './allPages.js';
export { cacheHintOf, describeHint, staleTimeOf, type CacheHint, type Listed } from './cacheHints.js';
export { FROM_SERVER } from './listFromServer.js';

// Change notifications and subscriptions.
export { ListChanges, type ListKind } from './listChanges.js';
export { ListenSubscription, defaultFilter, type ListenState } from './listenSubscription.js';
export { ResourceSubscriptions } from './resourceSubscriptions.js';

// The page–bridge wire. Its client (wireClient.ts) is imported by its own path, not from here:
// it loads the wire's zod schemas, which a headless verb (no page, no bridge) never needs.
export { isFrameRecordShape } from './recordShape.js';
export { SentFrames, isFrameStampShape } from '../frameStamps.js';

// A server's surface (snapshot, diff, parity, lint) and JSON fit to commit.
export { collectSurface, stableSurface, type Surface, type SurfaceList } from './surface.js';
export { sortedKeys, stableJson } from './stableJson.js';

// The SDK transport over a shell's relay to the target (the page's socket, the CLI's target layer).
export {
  RelayTransport,
  type Relay,
  type RelayTransportOptions,
  type TransportShape,
} from './relayTransport.js';
