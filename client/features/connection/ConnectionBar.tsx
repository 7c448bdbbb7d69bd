import { useInspector, useInspectorSnapshot } from './inspectorContext';
import { stateLabel, targetLabel, transportLabel } from './targetLabel';

/** The top bar: what is inspected, how it is doing, and restart/stop. */
export function ConnectionBar() {
  const session = useInspector();
  const { target, targetState, mcp, socket } = useInspectorSnapshot();
  const running = targetState?.state === 'connected' || targetState?.state === 'starting';
  const tone =
    socket.kind !== 'open'
      ? 'warn'
      : targetState?.state === 'connected' && mcp?.status === 'ready'
        ? 'ok'
        : targetState?.state === 'failed' || targetState?.state === 'exited'
          ? 'bad'
          : 'warn';
  const status =
    socket.kind === 'open'
      ? targetState?.state === 'connected' && mcp?.status === 'initializing'
        ? 'initializing'
        : stateLabel(targetState)
      : 'bridge disconnected';

  return (
    <header className="connection-bar">
      <span className="brand">mcp-inspect</span>
      <span className="target-label" title={target ? targetLabel(target) : ''}>
        {target ? targetLabel(target) : '…'}
      </span>
      {targetState?.transport && <span className="chip">{transportLabel(targetState.transport)}</span>}
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
