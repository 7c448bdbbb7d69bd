import type { QueryClient } from '@tanstack/react-query';
import {
  LOG_LEVEL_META_KEY,
  type JSONRPCMessage,
  type SubscriptionFilter,
} from '@modelcontextprotocol/client';
import type { EraChoice, Frame, PageEnvelope } from '../../shared/wire';
// The core's modules by their own paths, not its index (see inspectorSession.ts).
import { createCoreClient, sessionFacts } from '../../shared/core/clientSession';
import { describeConnectError, diedOnProbe } from '../../shared/core/connectErrors';
import { defaultFilter } from '../../shared/core/listenSubscription';
import { RelayTransport } from '../../shared/core/relayTransport';
import { withTaskHandoff } from '../../shared/core/taskHandoff';
import type {
  ListChanges,
  ListKind,
  ListenSubscription,
  ResourceSubscriptions,
  WatchedAnswerer,
} from '../../shared/core';
import { lazySchemaValidator } from '../schema/lazySchemaEngine';
import { interceptMalformedElicitation } from './malformedElicitation';
import { mcpQueryKeys } from './mcpQueryKeys';
import { ProbeWatch } from './probeWatch';
import type { ServerRequestQueue } from './serverRequests';
import type { SnapshotStore } from './sessionSnapshot';
import { isReplayResponse } from './trafficReplay';
import { isNotification } from '../../shared/jsonRpcShape';
import { toolsQueryOptions } from '../session/toolsQuery';

const CLIENT_INFO = { name: 'mcp-inspect', version: __APP_VERSION__ };

/** The query keys each list_changed invalidates. */
const LIST_KEYS: Record<ListKind, (generation: number) => readonly unknown[]> = {
  tools: mcpQueryKeys.tools,
  resources: mcpQueryKeys.resources,
  prompts: mcpQueryKeys.prompts,
};

/** The bridge as a run of the target sees it: false when there is no open socket to send on. */
export interface BridgeLink {
  sendMcp(message: JSONRPCMessage, headers?: Record<string, string>): boolean;
  send(envelope: Exclude<PageEnvelope, { type: 'mcp' }>): boolean;
}

export interface McpRunsDeps {
  store: SnapshotStore;
  bridge: BridgeLink;
  queryClient: QueryClient;
  requests: ServerRequestQueue;
  /** The page's answerer (over `requests` and the roots), shared with the call log. */
  answerer: WatchedAnswerer;
  subscriptions: ResourceSubscriptions;
  listChanges: ListChanges;
  listen: ListenSubscription;
}

/**
 * Log messages are read from the traffic log (the Logs tab), never by the SDK Client, which has
 * no handler for them: handing it a flood of 100,000 would cost a fifth of the page's main thread
 * in its message guards, only for it to drop each one.
 */
function isLogMessage(message: JSONRPCMessage): boolean {
  return isNotification(message) && message.method === 'notifications/message';
}

/**
 * The SDK `Client` of each run (generation) of the target. A new client is made for each
 * generation the bridge reports connected, so a restart is a fresh `initialize`, as MCP
 * requires; `auto` tries the modern era first and falls back to `initialize`.
 */
export class McpRuns {
  private transport: RelayTransport | undefined;
  /** The run whose client was closed because the page lost its socket; it gets a new one. */
  private droppedRun: number | undefined;
  /** The generation whose server died on the discover probe; the next run goes legacy. */
  private legacyAfterProbeExit: number | undefined;
  /** What the server answered to the `server/discover` probe, to say why auto fell back. */
  private readonly probe = new ProbeWatch();
  /** The page's first screen (the Tools tab) still waits for its first tool list. */
  private firstScreen = true;

  constructor(private readonly deps: McpRunsDeps) {}

  /** Brings the MCP client in line with the target's latest state. */
  reconcile(): void {
    const { targetState: state, mcp } = this.deps.store.current;
    if (!state) return;
    if (state.state === 'connected') {
      if (mcp?.generation !== state.generation || this.droppedRun === state.generation) {
        void this.initialize(state.generation);
      }
      return;
    }
    if (state.state !== 'starting' || mcp?.generation !== state.generation) {
      this.close(state.reason ?? 'The MCP server is not running');
    }
  }

  /**
   * A frame of the traffic: watched for the discover probe, and the server's frames of the
   * current run go to its client (`message` is the object as received: the schema's parsed copy
   * may lack keys it does not know).
   */
  see(frame: Frame, message: JSONRPCMessage): void {
    this.probe.see(frame);
    const transport = this.transport;
    if (frame.dir !== 'fromServer' || frame.generation !== transport?.generation) return;
    if (isReplayResponse(message) || isLogMessage(message)) return;
    const taken = interceptMalformedElicitation(message, this.deps.requests, (answer) =>
      this.deps.bridge.sendMcp(answer),
    );
    if (!taken) transport.deliver(message);
  }

  /**
   * The page lost its socket: the run's client is closed, and once the bridge is back a new one
   * is made even for the same run. A legacy run is restarted by the bridge anyway (it was
   * initialized, and MCP allows one initialize per connection), but a modern one has no
   * initialize, so the bridge keeps it running, as it does for a reloaded page.
   */
  dropped(reason: string): void {
    this.droppedRun = this.deps.store.current.mcp?.generation;
    this.close(reason);
  }

  /** The run is over (the target stopped, the socket was lost): nothing of it can be answered. */
  close(reason: string): void {
    this.deps.requests.clear();
    this.deps.subscriptions.clear();
    this.deps.listen.reset();
    const mcp = this.deps.store.current.mcp;
    const transport = this.transport;
    this.transport = undefined;
    if (transport) void transport.close();
    if (mcp && mcp.status !== 'closed' && mcp.status !== 'failed') {
      this.deps.store.update({ mcp: { ...mcp, status: 'closed', error: reason } });
    }
  }

  /** The modern era's log level for the requests that follow (see InspectorSession). */
  setRequestLogLevel(level: string | undefined): void {
    if (this.transport) {
      this.transport.requestMeta = level === undefined ? undefined : { [LOG_LEVEL_META_KEY]: level };
    }
  }

  /** Re-opens the modern subscription with another filter. */
  listenTo(filter: SubscriptionFilter): void {
    const mcp = this.deps.store.current.mcp;
    if (mcp?.status === 'ready' && mcp.era === 'modern') void this.deps.listen.open(mcp.client, filter);
  }

  /** Tells the connected server that the roots changed (roots/list_changed). */
  announceRootsChanged(): void {
    const mcp = this.deps.store.current.mcp;
    if (mcp?.status === 'ready') void mcp.client.sendRootsListChanged().catch(() => undefined);
  }

  private async initialize(generation: number): Promise<void> {
    this.close('Replaced by a new run of the server');
    this.droppedRun = undefined;
    const { store, bridge } = this.deps;
    const asked = store.current.target?.era ?? 'auto';
    // After a server that died on the server/discover probe, its fresh run goes straight to
    // initialize: the probe already told us what it is.
    const eraChoice: EraChoice = this.legacyAfterProbeExit === generation - 1 ? 'legacy' : asked;
    const transport = new RelayTransport(generation, (message, headers) => bridge.sendMcp(message, headers), {
      shape: store.current.target?.kind === 'stdio' ? 'stdio' : 'http',
      onProtocolVersion: (version) => bridge.send({ type: 'protocolVersion', version }),
      lostMessage: 'The page lost its connection to mcp-inspect',
    });
    this.transport = transport;
    this.probe.reset(generation);
    const { queryClient, answerer, subscriptions, listChanges } = this.deps;
    const { client } = createCoreClient({
      era: eraChoice,
      clientInfo: CLIENT_INFO,
      answerer,
      jsonSchemaValidator: lazySchemaValidator,
      // list_changed only notifies: the lists are refetched through the query cache, and open
      // app views are told, for their own lists.
      listCache: {
        invalidate: (kind) => {
          listChanges.announce(generation, kind);
          void queryClient.invalidateQueries({ queryKey: LIST_KEYS[kind](generation) });
        },
      },
      onResourceUpdated: (uri) => subscriptions.markUpdated(uri),
    });
    store.update({ mcp: { generation, client, status: 'initializing', eraChoice } });
    try {
      // Fitted with the core's task handoff (see shared/core/taskHandoff.ts).
      await client.connect(withTaskHandoff(transport));
    } catch (error) {
      if (store.current.mcp?.client !== client) return;
      if (asked === 'auto' && eraChoice === 'auto' && diedOnProbe(error, store.current.targetState)) {
        this.legacyAfterProbeExit = generation;
        this.note(
          generation,
          'info',
          'The server ended the connection on the server/discover probe, as servers that accept nothing before initialize do: restarting it and falling back to the legacy initialize handshake.',
        );
        store.update({
          mcp: { generation, client, status: 'closed', eraChoice, error: 'Falling back to initialize' },
        });
        bridge.send({ type: 'restart' });
        return;
      }
      store.update({
        mcp: { generation, client, status: 'failed', eraChoice, error: describeConnectError(error) },
      });
      return;
    }
    if (store.current.mcp?.client !== client) return;
    const facts = sessionFacts(client);
    const { era, capabilities } = facts;
    if (eraChoice === 'auto' && era === 'legacy') {
      this.note(generation, 'info', `Fell back to initialize (legacy era): ${this.probe.describe()}.`);
    }
    // The first screen shows the tools: asked for now, before React renders the ready state
    // (the Tools tab's query finds it under way); later runs ask when their tab does.
    if (this.firstScreen && capabilities?.tools) {
      this.firstScreen = false;
      void this.deps.queryClient.prefetchQuery(toolsQueryOptions(client, generation));
    }
    store.update({ mcp: { generation, client, status: 'ready', eraChoice, ...facts } });
    if (era === 'modern' && store.current.requestLogLevel !== undefined) {
      transport.requestMeta = { [LOG_LEVEL_META_KEY]: store.current.requestLogLevel };
    }
    // Modern servers announce changes only on a subscriptions/listen stream the client opens.
    if (era === 'modern') void this.deps.listen.open(client, defaultFilter(capabilities));
  }

  /** Puts a line in the traffic (through the bridge, so a reload still shows it). */
  private note(generation: number, level: 'info' | 'warning', text: string): void {
    this.deps.bridge.send({ type: 'note', generation, level, text });
  }
}
