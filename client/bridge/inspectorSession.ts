import type { QueryClient } from '@tanstack/react-query';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import {
  ElicitRequestSchema,
  type Implementation,
  type JSONRPCMessage,
  type JSONRPCRequest,
  type ServerCapabilities,
} from '@modelcontextprotocol/sdk/types.js';
import { API_SESSION_PATH, AUTH_SCHEME } from '../../shared/http';
import {
  assertNever,
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

export type AuthStatus = 'no-token' | 'checking' | 'bad-token' | 'unreachable' | 'ok';

export interface McpConnection {
  generation: number;
  client: Client;
  status: 'initializing' | 'ready' | 'failed' | 'closed';
  error?: string;
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
 * False for a notification the SDK Client has no handler for: it would drop it anyway, but
 * only after its message guards (zod parses, three of them failing) had run, which in a flood
 * of 100,000 log notifications was a fifth of the page's main thread. Reads the Client's handler
 * map (`Protocol._notificationHandlers`, which also holds its own progress and cancelled
 * handlers); an SDK without it gets every message, as before.
 */
function clientHandles(client: Client | undefined, message: JSONRPCMessage): boolean {
  if (!client || !('method' in message) || 'id' in message) return true;
  const handlers = (client as unknown as { _notificationHandlers?: unknown })._notificationHandlers;
  if (!(handlers instanceof Map)) return true;
  return handlers.has(message.method) || client.fallbackNotificationHandler !== undefined;
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
  private replayCount = 0;

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
    const auth = await checkToken(token);
    this.update({ auth });
    if (auth === 'bad-token') forgetToken();
    if (auth !== 'ok') return;
    this.socket = new BridgeSocket(token, {
      onEnvelope: (envelope, raw) => this.onEnvelope(envelope, raw),
      onStatus: (socket) => {
        this.traffic.socketStatus(socket.kind === 'open');
        this.update({ socket });
        if (socket.kind !== 'open') this.closeMcp('The page lost its connection to mcp-inspect');
      },
      onInvalid: (reason) => this.update({ rejected: reason }),
    });
    this.socket.connect();
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
    return this.socket?.send({ type: 'mcp', message: { ...request, id } }) ? id : undefined;
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
        if (
          envelope.dir === 'fromServer' &&
          envelope.generation === this.transport?.generation &&
          !isReplayResponse(envelope.message) &&
          clientHandles(this.snapshot.mcp?.client, envelope.message)
        ) {
          // The object as received: the schema's parsed copy may lack keys it does not know.
          const message = (raw as { message: JSONRPCMessage }).message;
          if (!this.interceptMalformedElicitation(message)) this.transport.deliver(message);
        }
        return;
      case 'stderr':
      case 'transportError':
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
      (result) => this.socket?.send({ type: 'mcp', message: { jsonrpc: '2.0', id, result } }),
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
    const transport = new BridgeTransport(
      generation,
      (message) => this.socket?.send({ type: 'mcp', message }) ?? false,
    );
    this.transport = transport;
    const client = createMcpClient({
      generation,
      queryClient: this.queryClient,
      requests: this.requests,
      roots: this.roots,
      subscriptions: this.subscriptions,
    });
    this.update({ mcp: { generation, client, status: 'initializing' } });
    try {
      await client.connect(transport);
    } catch (error) {
      if (this.snapshot.mcp?.client === client) {
        this.update({ mcp: { generation, client, status: 'failed', error: (error as Error).message } });
      }
      return;
    }
    if (this.snapshot.mcp?.client !== client) return;
    const instructions = client.getInstructions();
    const serverInfo = client.getServerVersion();
    const capabilities = client.getServerCapabilities();
    this.update({
      mcp: {
        generation,
        client,
        status: 'ready',
        ...(serverInfo ? { serverInfo } : {}),
        ...(capabilities ? { capabilities } : {}),
        ...(instructions ? { instructions } : {}),
        ...(transport.protocolVersion ? { protocolVersion: transport.protocolVersion } : {}),
      },
    });
  }

  private closeMcp(reason: string): void {
    this.requests.clear();
    this.subscriptions.clear();
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
