import { serverRequestElementId } from '../../session/requestNavigation';
import { ServerRequestView } from './ServerRequestView';
import { useServerRequests } from '../../session/useServerRequests';

/**
 * Requests the server sent the page (sampling, elicitation), each answered by the person.
 * Each waits on its own; the rest of the page goes on meanwhile.
 */
export function ServerRequestsPanel() {
  const pending = useServerRequests();
  if (pending.length === 0) {
    return (
      <p className="placeholder">
        No request from the server is waiting. Sampling and elicitation requests appear here for you to
        answer; roots/list is answered from the roots in Connection, and ping at once.
      </p>
    );
  }
  return (
    <ul className="server-requests" aria-label="Server requests">
      {pending.map((request) => (
        // Focusable, so a call waiting on it can bring the person straight here.
        <li key={request.id} id={serverRequestElementId(request.id)} tabIndex={-1}>
          <ServerRequestView request={request} />
        </li>
      ))}
    </ul>
  );
}
