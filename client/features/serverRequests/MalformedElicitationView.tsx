import { useInspector } from '../../session/inspectorContext';
import { formatClockTime } from '../../components/format';

interface Props {
  id: number;
  params: unknown;
  problem: string;
  receivedAt: number;
}

/** An elicitation that is not valid MCP: shown with what is wrong; it can be declined or cancelled. */
export function MalformedElicitationView({ id, params, problem, receivedAt }: Props) {
  const { requests } = useInspector();
  const message = (params as { message?: unknown } | null)?.message;
  return (
    <article className="server-request" aria-label="Malformed elicitation request">
      <header>
        <h3>elicitation/create (malformed)</h3>
        <time className="muted">{formatClockTime(receivedAt)}</time>
      </header>
      {typeof message === 'string' && <p className="pre elicitation-message">{message}</p>}
      <p className="field-error">
        This request does not follow the MCP schema, so no form can be built: {problem}
      </p>
      <pre className="pre">{JSON.stringify(params, null, 2)}</pre>
      <div className="actions">
        <button type="button" onClick={() => requests.answer(id, { action: 'decline' })}>
          Decline
        </button>
        <button type="button" onClick={() => requests.answer(id, { action: 'cancel' })}>
          Cancel
        </button>
      </div>
    </article>
  );
}
