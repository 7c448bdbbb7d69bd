import type {
  Client,
  DiscoverResult,
  Implementation,
  ProtocolEra,
  ServerCapabilities,
} from '@modelcontextprotocol/client';
import type { EraChoice, TargetInfo, TargetState } from '../../shared/wire';
import type { SocketStatus } from './bridgeSocket';

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

/**
 * The session's state as React reads it (`useSyncExternalStore`): one immutable snapshot,
 * replaced by each patch, and every listener told.
 */
export class SnapshotStore {
  private snapshot: InspectorSnapshot = { auth: 'checking', socket: { kind: 'connecting', attempt: 0 } };
  private listeners = new Set<() => void>();

  get current(): InspectorSnapshot {
    return this.snapshot;
  }

  update(patch: Partial<InspectorSnapshot>): void {
    this.snapshot = { ...this.snapshot, ...patch };
    for (const listener of this.listeners) listener();
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): InspectorSnapshot => this.snapshot;
}
