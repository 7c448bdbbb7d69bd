import type { QueryClient } from '@tanstack/react-query';
import {
  LOG_LEVEL_META_KEY,
  SdkError,
  SdkErrorCode,
  UnsupportedProtocolVersionError,
  type Client,
  type DiscoverResult,
  type Implementation,
  type JSONRPCMessage,
  type JSONRPCRequest,
  type ProtocolEra,
  type ServerCapabilities,
  type SubscriptionFilter,
} from '@modelcontextprotocol/client';
import { ElicitRequestSchema } from '@modelcontextprotocol/core';
import { API_SESSION_PATH, AUTH_SCHEME } from '../../shared/http';
import {
  assertNever,
  type AppMessageOut,
  type EraChoice,
  type TargetInfo,
  type TargetRequest,
  type TargetState,
  type TimelineRecord,
} from '../../shared/wire';
import type { TrafficLog } from '../features/traffic/trafficLog';
import { BridgeSocket, type DeliveredEnvelope, type SocketStatus } from './bridgeSocket';
import { BridgeTransport } from './bridgeTransport';
import { forgetToken, takeToken } from './token';
import { createMcpClient } from './createMcpClient';
import { ResourceSubscriptions } from './resourceSubscriptions';
import { RootsStore } from './rootsStore';
import { ServerRequestQueue } from './serverRequests';
import { ProbeWatch } from './probeWatch';
import { defaultFilter, ListenSubscription } from './listenSubscription';
import { TaskList } from '../features/tasks/taskList';

export type AuthStatus = 'no-token' | 'checking' | 'bad-token' | 'unreachable' | 'ok';

export interface McpConnection {
  generation: number;
  client: Client;
  status: 'initializing' | 'ready' | 'failed' | 'closed';
  error?: string;
  /** What the person asked for, and what this connection tried (auto falls back to legacy). */
  eraChoice: EraChoice;
  /** The era negotiated, once ready. */
  era?: ProtocolEra;
  /** A modern server's description of itself (`server/discover`). */
  discover?: DiscoverResult;
  serverInfo?: Implementation;
  protocolVersion?: string;
  capabilities?: ServerCapabilities;
  instructions?: string;
}

export interface InspectorSnapshot {
  auth: AuthStatus;
  socket: SocketStatus;
  bridgeVersion?: string;
  target?: TargetInfo;
  /** The target's latest state as the bridge reported it. */
  targetState?: TargetState;
  mcp?: McpConnection;
  /** The bridge's last refusal of something the page sent. */
  rejected?: string;
  /** The modern era's per-request log level, sent in the `_meta` of each request. */
  requestLogLevel?: string | undefined;
}

/** Ids of replayed requests; the SDK Client numbers its own, so these never collide. */
const REPLAY_ID_PREFIX = 'replay-';

function isReplayResponse(message: JSONRPCMessage): boolean {
  return (
    !('method' in message) &&
    'id' in message &&
    typeof message.id === 'string' &&
    message.id.startsWith(REPLAY_ID_PREFIX)
  );
}

/**
 * Log messages are read from the traffic log (the Logs tab), never by the SDK Client, which has
 * no handler for them: handing it a flood of 100,000 would cost a fifth of the page's main thread
 * in its message guards, only for it to drop each one.
 */
function isLogMessage(message: JSONRPCMessage): boolean {
  return 'method' in message && message.method === 'notifications/message' && !('id' in message);
}

/**
 * The page's side of a session: the socket to the bridge, the SDK `Client` for the current
 * run of the target, and a snapshot React reads with `useSyncExternalStore`. A new client is
 * made for each generation the bridge reports connected, so a restart is a fresh
 * `initialize`, as MCP requires.
 */
export class InspectorSession {
  private snapshot: InspectorSnapshot = { auth: 'checking', socket: { kind: 'connecting', attempt: 0 } };
  private listeners = new Set<() => void>();
  private socket: BridgeSocket | undefined;
  private transport: BridgeTransport | undefined;
  private replaying = false;
  /** The server's requests waiting for the person; outlives a client, cleared on close. */
  readonly requests = new ServerRequestQueue();
  /** The roots offered to servers; a change is announced to the connected one. */
  readonly roots = new RootsStore();
  /** Resource subscriptions of the current connection. */
  readonly subscriptions = new ResourceSubscriptions();
  /** The modern era's subscriptions/listen stream of the current connection. */
  readonly listen = new ListenSubscription();
  /** Tasks the page's calls created, for the Tasks tab; kept across runs, like the call log. */
  readonly tasks = new TaskList();
  private replayCount = 0;
  /** The generation whose server died on the discover probe; the next run goes legacy. */
  private legacyAfterProbeExit: number | undefined;
  /** What the server answered to the `server/discover` probe, to say why auto fell back. */
  private readonly probe = new ProbeWatch();

  constructor(
    private readonly queryClient: QueryClient,
    readonly traffic: TrafficLog,
  ) {}

  async start(): Promise<void> {
    const token = takeToken();
    if (token === undefined) {
      this.update({ auth: 'no-token' });
      return;
    }
    // The socket opens while the token is checked, not after: a round trip less before the
    // first tool shows. A wrong token fails the socket's upgrade as well; the check is what
    // tells that apart from a bridge that is gone, and the socket is closed then.
    const socket = new BridgeSocket(token, {
      onEnvelope: (envelope, raw) => this.onEnvelope(envelope, raw),
      onStatus: (status) => {
        this.traffic.socketStatus(status.kind === 'open');
        this.update({ socket: status });
        if (status.kind !== 'open') this.closeMcp('The page lost its connection to mcp-inspect');
      },
      onInvalid: (reason) => this.update({ rejected: reason }),
    });
    this.socket = socket;
    socket.connect();
    const auth = await checkToken(token);
    this.update({ auth });
    if (auth === 'bad-token') forgetToken();
    if (auth !== 'ok') {
      socket.dispose();
      this.socket = undefined;
      return;
    }
    this.roots.subscribe(this.announceRoots);
  }

  /** Tells the connected server that the roots changed (roots/list_changed). */
  private announceRoots = (): void => {
    const mcp = this.snapshot.mcp;
    if (mcp?.status === 'ready') void mcp.client.sendRootsListChanged().catch(() => undefined);
  };

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
   * Sends a request again, as the traffic pane's replay, under an id of its own that the SDK
   * Client never issued: its response goes to the traffic log only (the Client would reject an
   * id it does not know). Returns the new id, or undefined when there is no socket to send on.
   */
  replay(request: JSONRPCRequest): string | undefined {
    this.replayCount += 1;
    const id = `${REPLAY_ID_PREFIX}${this.replayCount}`;
    return this.socket?.sendMcp({ ...request, id }) ? id : undefined;
  }

  reconnectSocket(): void {
    this.socket?.reconnect();
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): InspectorSnapshot => this.snapshot;

  private onEnvelope(envelope: DeliveredEnvelope, raw: unknown): void {
    switch (envelope.type) {
      case 'welcome':
        this.traffic.sessionStarted(envelope.startedAt);
        this.update({ bridgeVersion: envelope.bridgeVersion, target: envelope.target });
        return;
      case 'history':
        // The objects as received, as everywhere in the traffic log: the wire exactly as it was.
        this.traffic.receiveHistory((raw as { records: TimelineRecord[] }).records);
        this.replaying = true;
        for (const record of envelope.records) if (record.type === 'state') this.onTargetState(record);
        this.replaying = false;
        this.reconcile();
        return;
      case 'state':
        this.traffic.append(raw as TimelineRecord);
        this.onTargetState(envelope);
        return;
      case 'frame':
        this.traffic.append(raw as TimelineRecord);
        this.probe.see(envelope);
        if (
          envelope.dir === 'fromServer' &&
          envelope.generation === this.transport?.generation &&
          !isReplayResponse(envelope.message) &&
          !isLogMessage(envelope.message)
        ) {
          // The object as received: the schema's parsed copy may lack keys it does not know.
          const message = (raw as { message: JSONRPCMessage }).message;
          if (!this.interceptMalformedElicitation(message)) this.transport.deliver(message);
        }
        return;
      case 'stderr':
      case 'transportError':
      case 'note':
      case 'http':
      case 'app':
        this.traffic.append(raw as TimelineRecord);
        return;
      case 'target':
        this.traffic.append(raw as TimelineRecord);
        this.update({ target: envelope.target });
        return;
      case 'rejected':
        this.update({ rejected: envelope.reason });
        return;
      default:
        assertNever(envelope);
    }
  }

  private onTargetState(state: TargetState): void {
    this.update({ targetState: state });
    if (!this.replaying) this.reconcile();
  }

  /**
   * The SDK answers an elicitation/create with a malformed requestedSchema by itself
   * (-32602), before any handler runs, so the person would never see it. Such a request is
   * kept from the SDK and shown, to be declined or cancelled; the answer goes out as is.
   */
  private interceptMalformedElicitation(message: JSONRPCMessage): boolean {
    if (!('method' in message) || message.method !== 'elicitation/create' || !('id' in message)) return false;
    const checked = ElicitRequestSchema.safeParse(message);
    if (checked.success) return false;
    const { id } = message;
    const problem = checked.error.issues
      .slice(0, 3)
      .map((issue) => `${issue.path.join('.') || '(params)'}: ${issue.message}`)
      .join('; ');
    void this.requests.askMalformed(message.params, problem).then(
      (result) => this.socket?.sendMcp({ jsonrpc: '2.0', id, result }),
      () => undefined, // the connection closed: nobody to answer
    );
    return true;
  }

  /** Brings the MCP client in line with the target's latest state. */
  private reconcile(): void {
    const state = this.snapshot.targetState;
    if (!state) return;
    if (state.state === 'connected') {
      if (this.snapshot.mcp?.generation !== state.generation) void this.initialize(state.generation);
      return;
    }
    if (state.state !== 'starting' || this.snapshot.mcp?.generation !== state.generation) {
      this.closeMcp(state.reason ?? 'The MCP server is not running');
    }
  }

  private async initialize(generation: number): Promise<void> {
    this.closeMcp('Replaced by a new run of the server');
    const asked = this.snapshot.target?.era ?? 'auto';
    // After a server that died on the server/discover probe, its fresh run goes straight to
    // initialize: the probe already told us what it is.
    const eraChoice: EraChoice = this.legacyAfterProbeExit === generation - 1 ? 'legacy' : asked;
    const transport = new BridgeTransport(
      generation,
      (message, headers) => this.socket?.sendMcp(message, headers) ?? false,
      this.snapshot.target?.kind === 'stdio' ? 'stdio' : 'http',
      (version) => this.socket?.send({ type: 'protocolVersion', version }),
    );
    this.transport = transport;
    this.probe.reset(generation);
    const client = createMcpClient({
      generation,
      era: eraChoice,
      queryClient: this.queryClient,
      requests: this.requests,
      roots: this.roots,
      subscriptions: this.subscriptions,
    });
    this.update({ mcp: { generation, client, status: 'initializing', eraChoice } });
    try {
      await client.connect(transport);
    } catch (error) {
      if (this.snapshot.mcp?.client !== client) return;
      if (asked === 'auto' && eraChoice === 'auto' && diedOnProbe(error, this.snapshot.targetState)) {
        this.legacyAfterProbeExit = generation;
        this.note(
          generation,
          'info',
          'The server ended the connection on the server/discover probe, as servers that accept nothing before initialize do: restarting it and falling back to the legacy initialize handshake.',
        );
        this.update({
          mcp: { generation, client, status: 'closed', eraChoice, error: 'Falling back to initialize' },
        });
        this.restartTarget();
        return;
      }
      this.update({
        mcp: { generation, client, status: 'failed', eraChoice, error: describeConnectError(error) },
      });
      return;
    }
    if (this.snapshot.mcp?.client !== client) return;
    const era = client.getProtocolEra();
    if (eraChoice === 'auto' && era === 'legacy') {
      this.note(generation, 'info', `Fell back to initialize (legacy era): ${this.probe.describe()}.`);
    }
    const instructions = client.getInstructions();
    const serverInfo = client.getServerVersion();
    const capabilities = client.getServerCapabilities();
    const discover = client.getDiscoverResult();
    const protocolVersion = client.getNegotiatedProtocolVersion();
    this.update({
      mcp: {
        generation,
        client,
        status: 'ready',
        eraChoice,
        ...(era ? { era } : {}),
        ...(discover ? { discover } : {}),
        ...(serverInfo ? { serverInfo } : {}),
        ...(capabilities ? { capabilities } : {}),
        ...(instructions ? { instructions } : {}),
        ...(protocolVersion ? { protocolVersion } : {}),
      },
    });
    if (era === 'modern' && this.snapshot.requestLogLevel !== undefined) {
      transport.requestMeta = { [LOG_LEVEL_META_KEY]: this.snapshot.requestLogLevel };
    }
    // Modern servers announce changes only on a subscriptions/listen stream the client opens.
    if (era === 'modern') void this.listen.open(client, defaultFilter(capabilities));
  }

  /** Re-opens the modern subscription with another filter (the Server tab's choices, a resource subscribed). */
  listenTo(filter: SubscriptionFilter): void {
    const mcp = this.snapshot.mcp;
    if (mcp?.status === 'ready' && mcp.era === 'modern') void this.listen.open(mcp.client, filter);
  }

  /**
   * Puts an MCP App's message in the traffic, through the bridge, which stamps it among the MCP
   * frames it causes (and keeps it for a reload). False when the bridge is not reachable.
   */
  reportAppMessage(message: Omit<AppMessageOut, 'type'>): boolean {
    return this.socket?.send({ type: 'app', ...message }) ?? false;
  }

  /** Puts a line in the traffic (through the bridge, so a reload still shows it). */
  private note(generation: number, level: 'info' | 'warning', text: string): void {
    this.socket?.send({ type: 'note', generation, level, text });
  }

  /**
   * Sets the log level the modern era sends with each request (`_meta`), for the requests
   * that follow; undefined stops it (the server then sends no log messages).
   */
  setRequestLogLevel(level: string | undefined): void {
    if (this.transport) {
      this.transport.requestMeta = level === undefined ? undefined : { [LOG_LEVEL_META_KEY]: level };
    }
    this.update({ requestLogLevel: level });
  }

  private closeMcp(reason: string): void {
    this.requests.clear();
    this.subscriptions.clear();
    this.listen.reset();
    const mcp = this.snapshot.mcp;
    const transport = this.transport;
    this.transport = undefined;
    if (transport) void transport.close();
    if (mcp && mcp.status !== 'closed' && mcp.status !== 'failed') {
      this.update({ mcp: { ...mcp, status: 'closed', error: reason } });
    }
  }

  private update(patch: Partial<InspectorSnapshot>): void {
    this.snapshot = { ...this.snapshot, ...patch };
    for (const listener of this.listeners) listener();
  }
}

/** An authenticated route tells a wrong token (401) from a bridge that is gone. */
async function checkToken(token: string): Promise<AuthStatus> {
  try {
    const response = await fetch(API_SESSION_PATH, { headers: { authorization: `${AUTH_SCHEME} ${token}` } });
    if (response.status === 401 || response.status === 403) return 'bad-token';
    return response.ok ? 'ok' : 'unreachable';
  } catch {
    return 'unreachable';
  }
}

/** True when a connect failed because the server went away while it was being probed. */
function diedOnProbe(error: unknown, state: TargetState | undefined): boolean {
  const closedWhileProbing =
    error instanceof SdkError &&
    error.code === SdkErrorCode.EraNegotiationFailed &&
    /connection closed during the server\/discover probe/.test(error.message);
  return (
    closedWhileProbing || (state !== undefined && (state.state === 'exited' || state.state === 'failed'))
  );
}

/** Connect errors in the person's words; a version refusal lists what the server speaks. */
export function describeConnectError(error: unknown): string {
  if (error instanceof UnsupportedProtocolVersionError) {
    const { supported, requested } = error.data as { supported?: string[]; requested?: string };
    return `The server does not speak protocol version ${requested ?? 'asked for'} (error -32022, UnsupportedProtocolVersion). It supports: ${supported?.join(', ') || 'nothing it named'}. Choose another era in the connection settings.`;
  }
  if (error instanceof SdkError && error.code === SdkErrorCode.EraNegotiationFailed) {
    return `Protocol era negotiation failed: ${error.message}`;
  }
  return error instanceof Error ? error.message : String(error);
}
