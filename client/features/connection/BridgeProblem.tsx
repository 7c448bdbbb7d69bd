import { useInspector, useInspectorSnapshot } from '../../session/inspectorContext';

/**
 * The bridge gone, said where the person looks. Part of the first screen, not a lazy chunk: a
 * chunk cannot be fetched from a bridge that has stopped answering, which is exactly when this
 * must show. The server's own problems (ConnectionProblem) load lazily from a bridge still there.
 */
export function BridgeProblem() {
  const session = useInspector();
  const { socket } = useInspectorSnapshot();
  if (socket.kind !== 'retrying' && socket.kind !== 'gave-up' && socket.kind !== 'closed-by-bridge')
    return null;
  return (
    <section className="problem" role="alert" aria-label="Bridge connection problem">
      <h2>Lost the connection to mcp-inspect</h2>
      {socket.kind === 'retrying' && <p>Reconnecting (attempt {socket.attempt})…</p>}
      {socket.kind === 'gave-up' && (
        <p>
          The bridge is not answering. Is <code>mcp-inspect</code> still running in your terminal?{' '}
          <button type="button" onClick={() => session.reconnectSocket()}>
            Try again
          </button>
        </p>
      )}
      {socket.kind === 'closed-by-bridge' && <p>{socket.reason}</p>}
    </section>
  );
}
