import { useInspector, useInspectorSnapshot } from '../../session/inspectorContext';
import { stateLabel } from '../../session/targetLabel';
import { AnsiText } from '../../components/AnsiText';
import { useSignInState } from '../../session/signInState';
import './connectionBar.css';

/**
 * What went wrong with the server, where the person is looking: it exited or failed to start
 * (with its exit code and last stderr lines), or initialize was refused.
 */
export function ConnectionProblem() {
  const session = useInspector();
  const { socket, target, targetState, mcp, rejected } = useInspectorSnapshot();
  // A server that answered 401 is waiting for a sign-in, not broken: the sign-in banner says so.
  const signIn = useSignInState(target, targetState);

  // The bridge gone is BridgeProblem's (on the first screen): nothing here can be fetched then.
  if (socket.kind === 'retrying' || socket.kind === 'gave-up' || socket.kind === 'closed-by-bridge')
    return null;

  const problems: React.ReactNode[] = [];
  if (signIn) {
    // Nothing here: OAuthBanner shows the sign-in as the state it is.
  } else if (targetState?.state === 'failed' || targetState?.state === 'exited') {
    problems.push(
      <section key="target" className="problem" role="alert" aria-label="Server problem">
        <h2>The MCP server {targetState.state === 'failed' ? 'could not start' : stateLabel(targetState)}</h2>
        {targetState.reason && <p className="reason">{targetState.reason}</p>}
        {targetState.stderrTail && targetState.stderrTail.length > 0 && (
          <>
            <h3>Last lines on stderr</h3>
            <pre className="stderr-tail">
              <AnsiText text={targetState.stderrTail.join('\n')} />
            </pre>
          </>
        )}
        <button type="button" onClick={() => session.restartTarget()}>
          Start again
        </button>
      </section>,
    );
  } else if (mcp?.status === 'failed') {
    problems.push(
      <section key="init" className="problem" role="alert" aria-label="Initialize failed">
        <h2>The server did not complete initialize</h2>
        <p className="reason">{mcp.error}</p>
      </section>,
    );
  }
  if (rejected) {
    problems.push(
      <p key="rejected" className="notice" role="status">
        The bridge refused a message: {rejected}
      </p>,
    );
  }
  return problems.length > 0 ? <>{problems}</> : null;
}
