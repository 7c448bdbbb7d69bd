import type { TargetAuth } from './targetAuth.js';
import type { TargetSpec } from './targetSpec.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/client';
import type { TransportKind } from '../../shared/wire.js';
import type { UrlTargetSpec } from './httpTarget.js';
import type { SpawnedServer } from './spawnServer.js';
import { StdioTarget } from './stdioTarget.js';
import type { TargetConnection, TargetEvents, TargetTuning } from './target.js';

/**
 * A connection to the target, not yet started. Apart from targetSpec.ts, which the CLI loads
 * before anything heavy.
 */
export function openTarget(
  spec: TargetSpec,
  events: TargetEvents,
  auth?: TargetAuth,
  early?: SpawnedServer,
  tuning: TargetTuning = {},
): TargetConnection {
  return spec.kind === 'stdio'
    ? new StdioTarget(spec, events, early, tuning)
    : new DeferredHttpTarget(spec, events, auth, tuning);
}

/**
 * A URL target whose transports, and the MCP SDK client they come from (with the ajv it
 * bundles: ~35 ms of the bridge's start and ~4 MB), load when it starts: a bridge inspecting a
 * stdio server never needs them.
 */
class DeferredHttpTarget implements TargetConnection {
  readonly pid = undefined;
  private inner: TargetConnection | undefined;
  private closed = false;
  private protocolVersion: string | undefined;

  constructor(
    private readonly spec: UrlTargetSpec,
    private readonly events: TargetEvents,
    private readonly auth: TargetAuth | undefined,
    private readonly tuning: TargetTuning,
  ) {}

  get kind(): TransportKind {
    return this.inner?.kind ?? (this.spec.transport === 'sse' ? 'sse' : 'streamable-http');
  }

  get note(): string | undefined {
    return this.inner?.note;
  }

  async start(): Promise<void> {
    const { HttpTarget } = await import('./httpTarget.js');
    if (this.closed) throw new Error('stopped before it connected');
    const inner = new HttpTarget(this.spec, this.events, this.auth, this.tuning);
    if (this.protocolVersion !== undefined) inner.setProtocolVersion(this.protocolVersion);
    this.inner = inner;
    await inner.start();
  }

  send(message: JSONRPCMessage, json?: string, headers?: Record<string, string>): Promise<void> | undefined {
    if (!this.inner) return Promise.reject(new Error('The MCP server is not connected yet'));
    return this.inner.send(message, json, headers);
  }

  setProtocolVersion(version: string): void {
    this.protocolVersion = version;
    this.inner?.setProtocolVersion?.(version);
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.inner?.close();
  }
}
