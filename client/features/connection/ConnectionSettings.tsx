import { useState } from 'react';
import { useInspector, useInspectorSnapshot } from '../../session/inspectorContext';
import { RootsEditor } from './RootsEditor';
import {
  DEFAULT_CONNECT_TIMEOUT_SECONDS,
  DEFAULT_REQUEST_TIMEOUT_SECONDS,
} from '../../../shared/urlTimeouts';
import { EraField, TargetFields } from './TargetFields';
import { ServerEntryTools } from './ServerEntryTools';
import {
  draftFromInfo,
  EMPTY_DRAFT,
  keptSecretsOwnerElsewhere,
  requestFromDraft,
  type TargetDraft,
} from './targetDraft';
import './connection.css';

/**
 * Which server to inspect, from the page: a command (stdio) or a URL (Streamable HTTP, SSE),
 * with secrets masked. Starts from the current target; connecting replaces it.
 */
export function ConnectionSettings() {
  const session = useInspector();
  const { target } = useInspectorSnapshot();
  const [draft, setDraft] = useState<TargetDraft>(() => (target ? draftFromInfo(target) : EMPTY_DRAFT));
  const [bearer, setBearer] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const set = (patch: Partial<TargetDraft>): void => setDraft({ ...draft, ...patch });
  // Kept values stay with the server they were given for; another one needs them typed again.
  const keptOnlyFor = keptSecretsOwnerElsewhere(draft, target);

  const connect = (): void => {
    const withBearer =
      draft.kind === 'url' && bearer.trim() !== ''
        ? {
            ...draft,
            headers: [
              ...draft.headers.filter((row) => row.name.toLowerCase() !== 'authorization'),
              { name: 'Authorization', value: `Bearer ${bearer.trim()}`, kept: false },
            ],
          }
        : draft;
    const result = requestFromDraft(withBearer, target);
    if ('error' in result) {
      setProblem(result.error);
      return;
    }
    setProblem(session.connectTo(result.request) ? undefined : 'mcp-inspect is not reachable right now');
  };

  return (
    <section className="connection-settings form-fields" aria-label="Connection settings">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          connect();
        }}
      >
        <TargetFields
          draft={draft}
          set={set}
          placeholders={{
            args: "as in a shell: build/index.js --flag 'with space'",
            cwd: 'where mcp-inspect was started',
            url: 'http://127.0.0.1:3001/mcp',
          }}
          keptOnlyFor={keptOnlyFor}
          beforeHeaders={
            <label>
              Bearer token
              <input
                type="password"
                autoComplete="off"
                value={bearer}
                placeholder="sent as Authorization: Bearer …"
                onChange={(e) => setBearer(e.target.value)}
              />
            </label>
          }
          afterHeaders={
            <div className="timeouts">
              <SecondsField
                label="Connect timeout (s)"
                value={draft.connectTimeout}
                placeholder={DEFAULT_CONNECT_TIMEOUT_SECONDS}
                title="How long the start may take before the server is reported as hung"
                onChange={(connectTimeout) => set({ connectTimeout })}
              />
              <SecondsField
                label="Request timeout (s)"
                value={draft.requestTimeout}
                placeholder={DEFAULT_REQUEST_TIMEOUT_SECONDS}
                title="How long a request may wait for its answer to begin; 0 for no limit"
                onChange={(requestTimeout) => set({ requestTimeout })}
              />
            </div>
          }
        />
        <EraField era={draft.era} onChange={(era) => set({ era })} />
        {problem && (
          <p className="field-error" role="alert">
            {problem}
          </p>
        )}
        <div className="actions">
          <button type="submit" className="primary">
            Connect
          </button>
          <button type="button" onClick={() => target && setDraft(draftFromInfo(target))} disabled={!target}>
            Reset to current target
          </button>
        </div>
      </form>
      <div className="side-column">
        <ServerEntryTools draft={draft} onPaste={(pasted) => setDraft(pasted)} />
        <RootsEditor />
      </div>
    </section>
  );
}

/** A number of seconds as the person types it (kept as text until the settings are applied). */
function SecondsField(props: {
  label: string;
  value: string;
  placeholder: number;
  title: string;
  onChange: (value: string) => void;
}) {
  return (
    <label>
      {props.label}
      <input
        type="number"
        min="0"
        step="any"
        value={props.value}
        placeholder={String(props.placeholder)}
        title={props.title}
        onChange={(e) => props.onChange(e.target.value)}
      />
    </label>
  );
}
