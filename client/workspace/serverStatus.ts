import type { InspectorSnapshot } from '../bridge/sessionSnapshot';
import type { WorkspaceServerView } from '../../shared/workspace/pageWire';

export type ServerStatusKind =
  'cannot-start' | 'starting' | 'connected' | 'needs-sign-in' | 'exited' | 'error' | 'disconnected';

export interface ServerStatus {
  kind: ServerStatusKind;
  /** A word or two for the list. */
  label: string;
  /** Why, when it is not working: the bridge's reason, the exit code, the client's error. */
  detail?: string;
}

const LABELS: Record<ServerStatusKind, string> = {
  'cannot-start': 'cannot start',
  starting: 'starting',
  connected: 'connected',
  'needs-sign-in': 'needs sign-in',
  exited: 'exited',
  error: 'error',
  disconnected: 'disconnected',
};

function status(kind: ServerStatusKind, detail?: string): ServerStatus {
  return { kind, label: LABELS[kind], ...(detail ? { detail } : {}) };
}

/**
 * One server's state for the workspace's list, from what its own page knows (its snapshot: the
 * bridge's word on the process and the page's MCP client) and, before its page has loaded or
 * for one that never could, from the bridge's list. `signIn`: its page's OAuth view asks for one.
 */
export function serverStatus(
  view: WorkspaceServerView,
  snapshot: InspectorSnapshot | undefined,
  signIn: boolean,
): ServerStatus {
  if (view.problem !== undefined) return status('cannot-start', view.problem);
  const target = snapshot?.targetState ?? view.state ?? undefined;
  if (signIn) return status('needs-sign-in', target?.reason);
  switch (target?.state) {
    case undefined:
    case 'starting':
      return status('starting');
    case 'stopped':
      return status('disconnected');
    case 'exited': {
      const how =
        target.signal != null ? `killed by ${target.signal}` : `exit code ${String(target.code ?? '?')}`;
      const tail = target.stderrTail?.at(-1);
      return status('exited', [target.reason ?? how, tail].filter(Boolean).join(': '));
    }
    case 'failed':
      return status('error', target.reason);
    case 'connected': {
      const mcp = snapshot?.mcp;
      if (mcp?.status === 'failed') return status('error', mcp.error);
      if (mcp?.status === 'ready') return status('connected');
      return status('starting');
    }
  }
}
