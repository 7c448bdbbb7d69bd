import type { TargetAuth } from '../oauth/oauthManager.js';
import type { TargetSpec } from '../targetSpec.js';
import { HttpTarget } from './httpTarget.js';
import type { SpawnedServer } from './spawnServer.js';
import { StdioTarget } from './stdioTarget.js';
import type { TargetConnection, TargetEvents } from './target.js';

/**
 * A connection to the target, not yet started. Apart from targetSpec.ts (which the CLI loads
 * before anything heavy), because the transports load the MCP SDK.
 */
export function openTarget(
  spec: TargetSpec,
  events: TargetEvents,
  auth?: TargetAuth,
  early?: SpawnedServer,
): TargetConnection {
  return spec.kind === 'stdio' ? new StdioTarget(spec, events, early) : new HttpTarget(spec, events, auth);
}
