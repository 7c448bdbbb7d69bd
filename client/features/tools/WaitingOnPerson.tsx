import type { PendingServerRequest } from '../../bridge/serverRequests';
import { serverRequestElementId, showServerRequest } from '../serverRequests/requestNavigation';
import { useServerRequests } from '../serverRequests/useServerRequests';

interface WaitingOnPersonProps {
  /** performance.now() when the call was sent. */
  startedAt: number;
  callId: number;
}

/**
 * A running call whose server asked the person something meanwhile (an elicitation, a sampling
 * request) is most likely waiting for that answer: says so, and links to the request, instead of
 * a bare "running". The protocol does not tie a server's request to the call it serves, so every
 * request that arrived while the call runs is named.
 */
export function WaitingOnPerson({ startedAt, callId }: WaitingOnPersonProps) {
  const pending = useServerRequests();
  const sentAt = performance.timeOrigin + startedAt;
  // Asks that belong to a multi round-trip round of a call are answered on that call's card.
  const during = pending.filter(
    (request) => request.receivedAt >= sentAt - 1 && request.origin === undefined,
  );
  if (during.length === 0) return null;
  return (
    <div className="call-waiting" role="note" aria-label={`Call ${callId} waits for you`}>
      <strong>Waiting for you:</strong>
      <ul>
        {during.map((request) => (
          <li key={request.id}>
            the server asked {describe(request)}.{' '}
            <a
              href={`#${serverRequestElementId(request.id)}`}
              onClick={(event) => {
                event.preventDefault();
                showServerRequest(request.id);
              }}
            >
              Answer it in Requests
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

function describe(request: PendingServerRequest): string {
  switch (request.kind) {
    case 'elicitation':
      return request.params.mode === 'url'
        ? `you to open a page (elicitation): “${request.params.message}”`
        : `for input (elicitation): “${request.params.message}”`;
    case 'malformed-elicitation':
      return 'for input, with a malformed elicitation';
    case 'sampling':
      return 'for a model’s answer (sampling)';
  }
}
