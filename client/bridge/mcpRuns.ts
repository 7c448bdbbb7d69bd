import type { QueryClient } from '@tanstack/react-query';
import {
  LOG_LEVEL_META_KEY,
  type Client,
  type JSONRPCMessage,
  type SubscriptionFilter,
} from '@modelcontextprotocol/client';
import type { Frame, PageEnvelope, TargetState } from '../../shared/wire';
// The core's modules by their own paths, not its index (see inspectorSession.ts).
import { defaultFilter } from '../../shared/core/listenSubscription';
import {
  openSession,
  SessionFailure,
  type CoreSession,
  type SessionLink,
} from '../../shared/core/openSession';
import { RelayTransport } from '../../shared/core/relayTransport';
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
  /**
   * The session's fallback to the legacy era waits for a fresh run of the target (the one that
   * died on the discover probe is over): resolved with the run's generation once the bridge
   * reports it connected, rejected when it does not start or the session is replaced.
   */
  private nextRun:
    { after: number; resolve(generation: number): void; reject(reason: Error): void } | undefined;
  /** What the server answered to the `server/discover` probe, to say why auto fell back. */
  private readonly probe = new ProbeWatch();
  /** The page's first screen (the Tools tab) still waits for its first tool list. */
  private firstScreen = true;

  constructor(private readonly deps: McpRunsDeps) {}

  /** Brings the MCP client in line with the target's latest state. */
  reconcile(): void {
    const { targetState: state, mcp } = this.deps.store.current;
    if (!state) return;
    const waiting = this.nextRun;
    if (waiting && state.generation > waiting.after && state.state !== 'starting') {
      this.nextRun = undefined;
      if (state.state === 'connected') return waiting.resolve(state.generation);
      waiting.reject(new Error(state.reason ?? 'The MCP server did not start again'));
    }
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
    this.stopWaiting(reason);
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
    this.stopWaiting('Replaced by a new run of the server');
    this.droppedRun = undefined;
    const { store, queryClient, answerer, subscriptions, listChanges } = this.deps;
    // The run the session's current try speaks to: a fallback to the legacy era moves it on.
    let run = generation;
    let current: Client | undefined;
    const link: SessionLink<RelayTransport> = {
      open: async (again) => {
        if (again) run = await this.freshRun(run);
        return this.transportFor(run);
      },
      ended: () => endedRun(store.current.targetState, run),
      // Not once another session replaced this one (a restart, the page's socket lost).
      mayRestart: () => current !== undefined && store.current.mcp?.client === current,
    };
    try {
      const session = await openSession(link, {
        era: store.current.target?.era ?? 'auto',
        clientInfo: CLIENT_INFO,
        answerer,
        jsonSchemaValidator: lazySchemaValidator,
        // list_changed only notifies: the lists are refetched through the query cache, and open
        // app views are told, for their own lists.
        listCache: {
          invalidate: (kind) => {
            listChanges.announce(run, kind);
            void queryClient.invalidateQueries({ queryKey: LIST_KEYS[kind](run) });
          },
        },
        onResourceUpdated: (uri) => subscriptions.markUpdated(uri),
        onAttempt: ({ client, era }) => {
          current = client;
          store.update({ mcp: { generation: run, client, status: 'initializing', eraChoice: era } });
        },
        onFallback: (notice) => {
          this.note(run, 'info', `${notice.charAt(0).toUpperCase()}${notice.slice(1)}.`);
          const mcp = store.current.mcp;
          if (mcp) store.update({ mcp: { ...mcp, status: 'closed', error: 'Falling back to initialize' } });
        },
      });
      this.ready(run, session);
    } catch (error) {
      // Replaced, or the fallback's fresh run never came: whoever replaced it says why.
      if (!(error instanceof SessionFailure) || store.current.mcp?.client !== error.attempt.client) return;
      const { client, era } = error.attempt;
      store.update({
        mcp: { generation: run, client, status: 'failed', eraChoice: era, error: error.message },
      });
    }
  }

  /** The session connected: the page shows it, and asks what the first screen needs. */
  private ready(generation: number, session: CoreSession<RelayTransport>): void {
    const { store } = this.deps;
    const { client, facts, transport, era: eraChoice } = session;
    if (store.current.mcp?.client !== client) return;
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

  /** The SDK transport over the bridge for one run of the target. */
  private transportFor(generation: number): RelayTransport {
    const { store, bridge } = this.deps;
    const transport = new RelayTransport(generation, (message, headers) => bridge.sendMcp(message, headers), {
      shape: store.current.target?.kind === 'stdio' ? 'stdio' : 'http',
      onProtocolVersion: (version) => bridge.send({ type: 'protocolVersion', version }),
      lostMessage: 'The page lost its connection to mcp-inspect',
    });
    this.transport = transport;
    this.probe.reset(generation);
    return transport;
  }

  /** Asks the bridge to start the target again, and resolves with the new run once connected. */
  private freshRun(after: number): Promise<number> {
    return new Promise((resolve, reject) => {
      this.nextRun = { after, resolve, reject };
      if (!this.deps.bridge.send({ type: 'restart' }))
        this.stopWaiting('The page lost its connection to mcp-inspect');
    });
  }

  private stopWaiting(reason: string): void {
    const waiting = this.nextRun;
    this.nextRun = undefined;
    waiting?.reject(new Error(reason));
  }

  /** Puts a line in the traffic (through the bridge, so a reload still shows it). */
  private note(generation: number, level: 'info' | 'warning', text: string): void {
    this.deps.bridge.send({ type: 'note', generation, level, text });
  }
}

/** The run's state once it exited or failed; undefined while it is up (or for another run). */
function endedRun(state: TargetState | undefined, generation: number): TargetState | undefined {
  return state?.generation === generation && (state.state === 'exited' || state.state === 'failed')
    ? state
    : undefined;
}
