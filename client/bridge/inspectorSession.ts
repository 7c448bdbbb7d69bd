import type { QueryClient } from '@tanstack/react-query';
import type { JSONRPCRequest, SubscriptionFilter } from '@modelcontextprotocol/client';
import type { AppMessageOut, TargetRequest } from '../../shared/wire';
import type { TrafficLog } from '../../shared/core/traffic/trafficLog';
import { TaskList } from '../session/taskList';
import { BridgeSocket, type BridgeSocketEvents } from './bridgeSocket';
import type { EarlyConnection } from './earlyConnection';
import { routeEnvelope, type EnvelopeTargets } from './envelopeRouting';
// The core's modules by their own paths, not its index: the index also brings the tool-call and
// task machinery, which the first screen does not run (scripts/first-screen-budget.mjs).
import { ListChanges } from '../../shared/core/listChanges';
import { ListenSubscription } from '../../shared/core/listenSubscription';
import { ResourceSubscriptions } from '../../shared/core/resourceSubscriptions';
import { RootsStore } from '../../shared/core/rootsStore';
import type { WatchedAnswerer } from '../../shared/core';
import { McpRuns } from './mcpRuns';
import { AnswerRouter } from './answerRouter';
import { pageAnswerer } from './pageAnswerer';
import { ServerRequestQueue } from './serverRequests';
import { SnapshotStore, type InspectorSnapshot } from './sessionSnapshot';
import { checkToken, forgetToken, takeToken, type TokenCheck } from './token';
import { ReplayIds } from './trafficReplay';

export type { AuthStatus, InspectorSnapshot, McpConnection } from './sessionSnapshot';

/** Where the session finds its token and its bridge; the browser's unless a test says otherwise. */
export interface SessionEnvironment {
  takeToken(): string | undefined;
  forgetToken(): void;
  checkToken(token: string): Promise<TokenCheck>;
  openSocket(token: string, events: BridgeSocketEvents): BridgeSocket;
}

/**
 * The browser's: the page's early connection (earlyConnection.ts), when it made one, serves the
 * first token, check and socket.
 */
export function browserEnvironment(early?: EarlyConnection): SessionEnvironment {
  return {
    takeToken: () => early?.token ?? takeToken(),
    forgetToken,
    checkToken: (token) => early?.check(token) ?? checkToken(token),
    openSocket: (token, events) => {
      const socket = early?.takeSocket(token);
      return new BridgeSocket(token, events, socket ? { early: socket } : {});
    },
  };
}

/**
 * The page's side of a session: the socket to the bridge, the SDK `Client` of the current run of
 * the target (mcpRuns.ts), and a snapshot React reads with `useSyncExternalStore`.
 */
export class InspectorSession {
  private readonly store = new SnapshotStore();
  private socket: BridgeSocket | undefined;
  /** The server's requests waiting for the person; outlives a client, cleared on close. */
  readonly requests = new ServerRequestQueue();
  /** The roots offered to servers, kept in localStorage; a change is announced to the connected one. */
  readonly roots = new RootsStore(globalThis.localStorage);
  /**
   * The answers the person gives (heard by the call log, for collections), and a collection
   * run's hold on a legacy server's own requests.
   */
  readonly answers = new AnswerRouter(pageAnswerer(this.requests, this.roots));
  /** Who answers the servers' asks: the person, through `requests`; the core's calls use it. */
  readonly answerer: WatchedAnswerer = this.answers.answerer;
  /** Resource subscriptions of the current connection. */
  readonly subscriptions = new ResourceSubscriptions();
  /** The modern era's subscriptions/listen stream of the current connection. */
  readonly listen = new ListenSubscription();
  /** The servers' list_changed, for the open MCP App views. */
  readonly listChanges = new ListChanges();
  /** Tasks the page's calls created, for the Tasks tab; kept across runs, like the call log. */
  readonly tasks = new TaskList();
  private readonly replayIds = new ReplayIds();
  private readonly runs: McpRuns;
  private readonly envelopes: EnvelopeTargets;

  constructor(
    queryClient: QueryClient,
    readonly traffic: TrafficLog,
    private readonly environment: SessionEnvironment = browserEnvironment(),
  ) {
    const store = this.store;
    this.runs = new McpRuns({
      store,
      bridge: {
        sendMcp: (message, headers) => this.socket?.sendMcp(message, headers) ?? false,
        send: (envelope) => this.socket?.send(envelope) ?? false,
      },
      queryClient,
      requests: this.requests,
      answerer: this.answerer,
      subscriptions: this.subscriptions,
      listChanges: this.listChanges,
      listen: this.listen,
    });
    this.envelopes = {
      traffic,
      welcome: (bridgeVersion, target) => store.update({ bridgeVersion, target }),
      targetStates: (states) => {
        const latest = states.at(-1);
        if (latest) store.update({ targetState: latest });
        this.runs.reconcile();
      },
      frame: (frame, message) => this.runs.see(frame, message),
      target: (target) => store.update({ target }),
      rejected: (reason) => store.update({ rejected: reason }),
    };
  }

  async start(): Promise<void> {
    const token = this.environment.takeToken();
    if (token === undefined) {
      this.store.update({ auth: 'no-token' });
      return;
    }
    // The socket opens while the token is checked, not after: a round trip less before the
    // first tool shows. A wrong token fails the socket's upgrade as well; the check is what
    // tells that apart from a bridge that is gone, and the socket is closed then.
    const socket = this.environment.openSocket(token, {
      onEnvelope: (envelope, raw) => routeEnvelope(envelope, raw, this.envelopes),
      onStatus: (status) => {
        this.traffic.socketStatus(status.kind === 'open');
        this.store.update({ socket: status });
        if (status.kind !== 'open') this.runs.dropped('The page lost its connection to mcp-inspect');
      },
      onInvalid: (reason) => this.store.update({ rejected: reason }),
    });
    this.socket = socket;
    socket.connect();
    const auth = await this.environment.checkToken(token);
    this.store.update({ auth });
    if (auth === 'bad-token') this.environment.forgetToken();
    if (auth !== 'ok') {
      socket.dispose();
      this.socket = undefined;
      return;
    }
    this.roots.subscribe(() => this.runs.announceRootsChanged());
  }

  /** Closes the socket for good (a page's session otherwise lives as long as its tab). */
  dispose(): void {
    this.socket?.dispose();
    this.socket = undefined;
    this.runs.close('The session ended');
  }

  restartTarget(): void {
    this.socket?.send({ type: 'restart' });
  }

  stopTarget(): void {
    this.socket?.send({ type: 'disconnect' });
  }

  /** Asks the bridge to inspect another server; false when the bridge is not reachable. */
  connectTo(target: TargetRequest): boolean {
    return this.socket?.send({ type: 'connect', target }) ?? false;
  }

  /**
   * Sends a request again, as the traffic pane's replay, under an id the SDK Client never issued
   * (see trafficReplay.ts). Returns the new id, or undefined when there is no socket to send on.
   */
  replay(request: JSONRPCRequest): string | undefined {
    const id = this.replayIds.next();
    return this.socket?.sendMcp({ ...request, id }) ? id : undefined;
  }

  reconnectSocket(): void {
    this.socket?.reconnect();
  }

  subscribe = (listener: () => void): (() => void) => this.store.subscribe(listener);

  getSnapshot = (): InspectorSnapshot => this.store.getSnapshot();

  /** Re-opens the modern subscription with another filter (the Server tab's choices, a resource subscribed). */
  listenTo(filter: SubscriptionFilter): void {
    this.runs.listenTo(filter);
  }

  /**
   * Puts an MCP App's message in the traffic, through the bridge, which stamps it among the MCP
   * frames it causes (and keeps it for a reload). False when the bridge is not reachable.
   */
  reportAppMessage(message: Omit<AppMessageOut, 'type'>): boolean {
    return this.socket?.send({ type: 'app', ...message }) ?? false;
  }

  /**
   * Sets the log level the modern era sends with each request (`_meta`), for the requests
   * that follow; undefined stops it (the server then sends no log messages).
   */
  setRequestLogLevel(level: string | undefined): void {
    this.runs.setRequestLogLevel(level);
    this.store.update({ requestLogLevel: level });
  }
}
