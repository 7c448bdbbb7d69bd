import { useState } from 'react';
import type { WorkspaceEditAnswer } from '../../shared/workspace/editWire';
import { EraField, TargetFields } from '../features/connection/TargetFields';
import { EMPTY_ADD_DRAFT, newServerFromDraft, type AddDraft } from './addServerDraft';
import { useWorkspaceEdit } from './useWorkspaceEdit';
import '../features/connection/connection.css';
import './workspaceEdits.css';

interface Props {
  /** The workspace file as the list was read from it. */
  revision: string;
  file: string;
}

/**
 * Add a server from the page: the single server's connection form (a command, or a URL), and a
 * name. Written to the workspace file as `mcp-inspect workspace add` writes it (a secret typed
 * here becomes an `${env:NAME}` reference, said below), then started beside the others.
 */
export function AddServerPanel({ revision, file }: Props) {
  const [draft, setDraft] = useState<AddDraft>(EMPTY_ADD_DRAFT);
  const [problem, setProblem] = useState<string>();
  const [added, setAdded] = useState<WorkspaceEditAnswer>();
  const edit = useWorkspaceEdit();
  const set = (patch: Partial<AddDraft>): void => setDraft({ ...draft, ...patch });

  const add = async (): Promise<void> => {
    setAdded(undefined);
    const server = newServerFromDraft(draft);
    if ('error' in server) {
      setProblem(server.error);
      return;
    }
    setProblem(undefined);
    const answer = await edit.run({ action: 'add', revision, server });
    if (answer) {
      setAdded(answer);
      setDraft(EMPTY_ADD_DRAFT);
    }
  };
  const shown = problem ?? edit.problem;

  return (
    <section className="ws-add connection-settings form-fields" aria-label="Add a server">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void add();
        }}
      >
        <h2>Add a server</h2>
        <p className="ws-muted">
          Written to <code>{file}</code> as <code>mcp-inspect workspace add</code> writes it, then started
          beside the others.
        </p>
        <label>
          Name
          <input
            value={draft.name}
            spellCheck={false}
            placeholder="what --server NAME takes: letters, digits, . _ - @"
            onChange={(e) => set({ name: e.target.value })}
          />
        </label>
        <TargetFields
          draft={draft}
          set={set}
          placeholders={{
            command: 'npx',
            args: 'as in a shell: -y @modelcontextprotocol/server-memory',
            cwd: "the workspace file's folder",
            url: 'https://mcp.example.com/mcp',
          }}
        />
        <EraField era={draft.era} onChange={(era) => set({ era })} />
        <p className="ws-muted ws-add-secrets">
          No secret is written in clear: every header, and a variable whose name or value looks secret (
          <code>*_TOKEN</code>, <code>sk-…</code>), is written as an <code>{'${env:NAME}'}</code> reference,
          as is a value you type as one. The server is given a variable only if mcp-inspect was started with{' '}
          <code>--allow-env NAME</code>.
        </p>
        {shown && (
          <p className="field-error" role="alert">
            {shown}
          </p>
        )}
        <div className="actions">
          <button type="submit" className="primary" disabled={edit.busy}>
            Add to the workspace
          </button>
        </div>
        {added && (
          <div role="status" className="ws-add-done">
            <p>{capitalized(added.done)}.</p>
            {added.added && added.added.notes.length > 0 && (
              <ul className="ws-notes">
                {added.added.notes.map((note) => (
                  <li key={note}>{note}</li>
                ))}
              </ul>
            )}
          </div>
        )}
      </form>
    </section>
  );
}

function capitalized(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
