import { useMemo, useState } from 'react';
import { JsonEditor, type JsonEditorProblem } from '../../components/JsonEditor';
import { decide, type Decision, type HeldMessageView } from './breakpointsApi';

const DEFAULT_RESULT = '{\n  "content": [{ "type": "text", "text": "" }]\n}';

/**
 * One held message: how long it has been held and when it goes on by itself, the message in a
 * JSON editor (checked against the tool's inputSchema for a tools/call), and the four ways on:
 * forward (as edited), drop, answer with an error, answer with a result.
 */
export function HeldMessageCard({ held }: { held: HeldMessageView }) {
  // The state is read again every half second: new objects, the same JSON.
  const messageJson = JSON.stringify(held.message);
  const schemaJson = JSON.stringify(held.inputSchema ?? null);
  const original = useMemo(() => JSON.stringify(JSON.parse(messageJson), null, 2), [messageJson]);
  const [text, setText] = useState(original);
  const [problems, setProblems] = useState<JsonEditorProblem[]>([]);
  const [errorCode, setErrorCode] = useState('-32603');
  const [errorMessage, setErrorMessage] = useState('');
  const [result, setResult] = useState(DEFAULT_RESULT);
  const [answering, setAnswering] = useState(false);
  const [sent, setSent] = useState<string>();
  const [problem, setProblem] = useState<string>();
  const message = held.message as { id?: unknown; method?: unknown; params?: { name?: unknown } };
  const isRequest = message.id !== undefined && message.id !== null;
  const title =
    held.kind === 'answer'
      ? `Answer to request ${JSON.stringify(message.id)} from the ${held.from}`
      : [
          String(message.method),
          typeof message.params?.name === 'string' ? message.params.name : '',
          isRequest ? `(id ${JSON.stringify(message.id)})` : '',
          `from the ${held.from}`,
        ]
          .filter((word) => word !== '')
          .join(' ');
  const schema = useMemo(() => messageSchema(JSON.parse(schemaJson)), [schemaJson]);
  const parsed = parseJson(text);
  const leftMs = Math.max(held.limitMs - held.heldForMs, 0);
  const busy = sent !== undefined || held.deciding === true;

  const send = (what: string, decision: Decision) => {
    setSent(what);
    setProblem(undefined);
    decide(held.session, held.held, decision).catch((error: Error) => {
      setSent(undefined);
      setProblem(error.message);
    });
  };
  const forward = () => {
    if (!parsed.ok) return;
    send('forward', text === original ? { action: 'forward' } : { action: 'forward', message: parsed.value });
  };
  const answerError = () => {
    const code = Number(errorCode);
    if (!Number.isInteger(code)) {
      setProblem('The error code must be an integer.');
      return;
    }
    send('answer', { action: 'answer', error: { code, message: errorMessage || 'answered by the person' } });
  };
  const answerResult = () => {
    const value = parseJson(result);
    if (!value.ok) {
      setProblem(`The result is not JSON: ${value.error}`);
      return;
    }
    send('answer', { action: 'answer', result: value.value });
  };

  return (
    <article className="held-card" aria-label={`Held: ${title}`}>
      <header>
        <strong>{title}</strong>
        <span className="held-time" aria-label="Held for">
          held {seconds(held.heldForMs)}
        </span>
        <span className="muted">goes on by itself in {seconds(leftMs)}</span>
        <code className="muted held-session">{held.session}</code>
      </header>
      <JsonEditor
        value={text}
        onChange={setText}
        schema={schema}
        path={`held/${held.session}/${held.held}`}
        height={200}
        label={`Held message ${title}`}
        onProblems={setProblems}
      />
      {!parsed.ok && <p className="field-error">Not JSON: {parsed.error}</p>}
      {parsed.ok && problems.length > 0 && (
        <ul className="held-problems" aria-label="Against the tool's schema">
          {problems.map((each) => (
            <li key={`${each.line}:${each.column}:${each.message}`}>
              line {each.line}: {each.message}
            </li>
          ))}
        </ul>
      )}
      <div className="held-actions">
        <button type="button" onClick={forward} disabled={busy || !parsed.ok}>
          {text === original ? 'Forward' : 'Forward edited'}
        </button>
        <button type="button" onClick={() => send('drop', { action: 'drop' })} disabled={busy}>
          Drop
        </button>
      </div>
      {isRequest && (
        <details
          className="held-answer"
          onToggle={(event) => setAnswering((event.target as HTMLDetailsElement).open)}
        >
          <summary>Answer it yourself</summary>
          <div className="held-error">
            <label>
              Error code
              <input value={errorCode} onChange={(event) => setErrorCode(event.target.value)} />
            </label>
            <label>
              Error message
              <input value={errorMessage} onChange={(event) => setErrorMessage(event.target.value)} />
            </label>
            <button type="button" onClick={answerError} disabled={busy}>
              Answer with error
            </button>
          </div>
          {/* A second editor only for a person who opened this. */}
          {answering && (
            <JsonEditor
              value={result}
              onChange={setResult}
              path={`held-result/${held.session}/${held.held}`}
              height={120}
              label={`Result for ${title}`}
            />
          )}
          <button type="button" onClick={answerResult} disabled={busy}>
            Answer with this result
          </button>
        </details>
      )}
      {(problem ?? held.problem) && (
        <p className="field-error" role="alert">
          {problem ?? held.problem}
        </p>
      )}
      {busy && <p className="muted">Sent: {sent ?? 'a decision'}…</p>}
    </article>
  );
}

/** The schema of a held tools/call: the message with the tool's inputSchema as its arguments. */
function messageSchema(inputSchema: unknown): unknown {
  if (typeof inputSchema !== 'object' || inputSchema === null) return undefined;
  // Without its dialect: the editor's validator refuses a 2020-12 `$schema` it does not know.
  const { $schema: _dialect, ...rest } = inputSchema as { $schema?: unknown };
  return {
    type: 'object',
    properties: { params: { type: 'object', properties: { arguments: rest } } },
  };
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false; error: string } {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (error) {
    return { ok: false, error: (error as Error).message };
  }
}

function seconds(ms: number): string {
  return `${Math.floor(ms / 1000)} s`;
}
