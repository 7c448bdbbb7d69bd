import { ServerRequestView } from '../serverRequests/ServerRequestView';
import { useServerRequests } from '../../session/useServerRequests';

/**
 * What the server asked for in an `input_required` round (a tool call, prompts/get or
 * resources/read), answered where the request was made with the same views the Requests tab
 * has. The request is sent again when all are answered.
 */
export function InputRequestsFor({ owner, label }: { owner: string; label: string }) {
  const asks = useServerRequests().filter((request) => request.origin?.owner === owner);
  if (asks.length === 0) return null;
  const round = asks[0]?.origin?.round ?? 1;
  return (
    <section className="call-input" aria-label={label}>
      <p className="notice">
        The server needs {asks.length === 1 ? 'an answer' : `${asks.length} answers`} before it can finish
        (input required, round {round}). The request is sent again with {asks.length === 1 ? 'it' : 'them'}{' '}
        once all are given.
      </p>
      <ul className="server-requests">
        {asks.map((ask) => (
          <li key={ask.id}>
            <p className="muted">
              Input <code>{ask.origin?.key}</code>
            </p>
            <ServerRequestView request={ask} />
          </li>
        ))}
      </ul>
    </section>
  );
}

export function CallInputRequests({ callId }: { callId: number }) {
  return <InputRequestsFor owner={`call:${callId}`} label={`Input for call ${callId}`} />;
}
