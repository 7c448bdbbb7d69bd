import type { PendingServerRequest } from '../../bridge/serverRequests';
import { serverRequestElementId, showServerRequest } from '../../session/requestNavigation';
import { ServerRequestView } from '../serverRequests/ServerRequestView';
import { useServerRequests } from '../../session/useServerRequests';

interface WaitingOnPersonProps {
  /** performance.now() when the call was sent. */
  startedAt: number;
  callId: number;
}

/**
 * A running call whose server asked the person something meanwhile (a legacy server's own
 * elicitation/create or sampling/createMessage) is most likely waiting for that answer: says so,
 * and lets the person answer right here, with the same view as the Requests tab and as a modern
 * call's input rounds. The legacy protocol does not tie a server's request to the call it serves,
 * so every such request that arrived while this call runs is shown on it; answering it on one
 * card answers it everywhere.
 */
export function WaitingOnPerson({ startedAt, callId }: WaitingOnPersonProps) {
  const pending = useServerRequests();
  const sentAt = performance.timeOrigin + startedAt;
  // Asks of a modern call's input rounds carry their origin and are shown by CallInputRequests.
  const during = pending.filter(
    (request) => request.receivedAt >= sentAt - 1 && request.origin === undefined,
  );
  if (during.length === 0) return null;
  return (
    <section className="call-waiting" aria-label={`Call ${callId} waits for you`}>
      <p role="note">
        <strong>Waiting for you:</strong> while this call runs, the server asked{' '}
        {during.map((request, i) => (
          <span key={request.id}>
            {i > 0 && '; and '}
            {describe(request)}
          </span>
        ))}
        . Answer below (a legacy server’s request: the protocol does not say which call it serves, so it shows
        on every call running when it came).
      </p>
      <ul className="server-requests">
        {during.map((request) => (
          <li key={request.id}>
            <ServerRequestView request={request} />
            <a
              className="also-in-requests"
              href={`#${serverRequestElementId(request.id)}`}
              onClick={(event) => {
                event.preventDefault();
                showServerRequest(request.id);
              }}
            >
              Show it in Requests
            </a>
          </li>
        ))}
      </ul>
    </section>
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
