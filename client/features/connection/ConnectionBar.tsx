import { DeprecatedTag } from '../../components/DeprecatedTag';
import { useInspector, useInspectorSnapshot } from '../../session/inspectorContext';
import type { McpConnection } from '../../bridge/inspectorSession';
import type { SocketStatus } from '../../bridge/bridgeSocket';
import type { TargetState } from '../../../shared/wire';
import { stateLabel, targetLabel, transportLabel } from '../../session/targetLabel';
import { useSignInState, type SignInState } from '../../session/signInState';
import './connectionBar.css';

/** The top bar: what is inspected, how it is doing, and restart/stop. */
export function ConnectionBar() {
  const session = useInspector();
  const { target, targetState, mcp, socket } = useInspectorSnapshot();
  const running = targetState?.state === 'connected' || targetState?.state === 'starting';
  const signIn = useSignInState(target, targetState);
  const { tone, status } = describeConnection(socket.kind, targetState, mcp, signIn);
  return (
    <header className="connection-bar">
      <span className="brand">mcp-inspect</span>
      <span className="target-label" title={target ? targetLabel(target) : ''}>
        {target ? targetLabel(target) : '…'}
      </span>
      {targetState?.transport && <span className="chip">{transportLabel(targetState.transport)}</span>}
      {targetState?.transport === 'sse' && <DeprecatedTag feature="The HTTP+SSE transport" />}
      {mcp?.serverInfo && (
        <span className="server-identity" aria-label="Server identity">
          {mcp.serverInfo.title ?? mcp.serverInfo.name}{' '}
          <span className="muted">{mcp.serverInfo.version}</span>
        </span>
      )}
      {mcp?.status === 'ready' && mcp.era && (
        <span
          className={`chip era ${mcp.era}`}
          aria-label="Protocol era"
          title={`Asked for: ${mcp.eraChoice}. ${mcp.era === 'modern' ? 'No handshake: every request carries its protocol version in _meta.' : 'initialize handshake.'}`}
        >
          {mcp.era === 'modern' ? 'modern' : 'legacy'} · {mcp.protocolVersion ?? '?'}
        </span>
      )}
      <span className={`state-pill ${tone}`} role="status" aria-label="Connection state">
        {status}
      </span>
      <span className="spacer" />
      <button type="button" onClick={() => session.restartTarget()} disabled={socket.kind !== 'open'}>
        {running ? 'Restart' : 'Connect'}
      </button>
      <button
        type="button"
        onClick={() => session.stopTarget()}
        disabled={socket.kind !== 'open' || !running}
      >
        Stop
      </button>
    </header>
  );
}

/**
 * One phrase and a colour for the whole chain: page ↔ bridge ↔ server ↔ initialize. A
 * spawned process is not "connected" until it has answered initialize.
 */
function describeConnection(
  socket: SocketStatus['kind'],
  target: TargetState | undefined,
  mcp: McpConnection | undefined,
  signIn: SignInState,
): { tone: 'ok' | 'warn' | 'bad' | 'auth'; status: string } {
  if (socket === 'connecting') return { tone: 'warn', status: 'connecting…' };
  if (socket !== 'open') return { tone: 'bad', status: 'bridge disconnected' };
  if (signIn === 'needs-sign-in') return { tone: 'auth', status: 'needs sign-in' };
  if (signIn === 'signing-in') return { tone: 'auth', status: 'signing in…' };
  if (target?.state === 'connected') {
    const current = mcp?.generation === target.generation ? mcp : undefined;
    if (current?.status === 'ready') return { tone: 'ok', status: 'connected' };
    if (current?.status === 'failed') return { tone: 'bad', status: 'initialize failed' };
    return { tone: 'warn', status: 'initializing…' };
  }
  const bad = target?.state === 'failed' || target?.state === 'exited';
  return { tone: bad ? 'bad' : 'warn', status: stateLabel(target) };
}
