import { useState } from 'react';
import type { WorkspaceEditAnswer } from '../../shared/workspace/editWire';
import { SecretRows } from '../features/connection/SecretRows';
import type { TargetDraft } from '../features/connection/targetDraft';
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
        <div role="radiogroup" aria-label="Transport" className="kind-switch">
          <label>
            <input type="radio" checked={draft.kind === 'stdio'} onChange={() => set({ kind: 'stdio' })} />{' '}
            Command (stdio)
          </label>
          <label>
            <input type="radio" checked={draft.kind === 'url'} onChange={() => set({ kind: 'url' })} /> URL
            (Streamable HTTP or SSE)
          </label>
        </div>
        {draft.kind === 'stdio' ? (
          <>
            <label>
              Command
              <input
                value={draft.command}
                spellCheck={false}
                placeholder="npx"
                onChange={(e) => set({ command: e.target.value })}
              />
            </label>
            <label>
              Arguments
              <input
                value={draft.args}
                spellCheck={false}
                placeholder="as in a shell: -y @modelcontextprotocol/server-memory"
                onChange={(e) => set({ args: e.target.value })}
              />
            </label>
            <label>
              Working directory
              <input
                value={draft.cwd}
                spellCheck={false}
                placeholder="the workspace file's folder"
                onChange={(e) => set({ cwd: e.target.value })}
              />
            </label>
            <SecretRows
              label="Environment variables"
              namePlaceholder="NAME"
              itemName="variable"
              rows={draft.env}
              onChange={(env) => set({ env })}
            />
          </>
        ) : (
          <>
            <label>
              URL
              <input
                value={draft.url}
                spellCheck={false}
                placeholder="https://mcp.example.com/mcp"
                onChange={(e) => set({ url: e.target.value })}
              />
            </label>
            <label>
              HTTP transport
              <select
                value={draft.transport}
                onChange={(e) => set({ transport: e.target.value as TargetDraft['transport'] })}
              >
                <option value="auto">Streamable HTTP, falling back to SSE</option>
                <option value="streamable-http">Streamable HTTP</option>
                <option value="sse">SSE</option>
              </select>
            </label>
            <SecretRows
              label="Headers"
              namePlaceholder="Header-Name"
              itemName="header"
              rows={draft.headers}
              onChange={(headers) => set({ headers })}
            />
          </>
        )}
        <label>
          Protocol era
          <select value={draft.era} onChange={(e) => set({ era: e.target.value as TargetDraft['era'] })}>
            <option value="auto">Auto: server/discover, else initialize</option>
            <option value="modern">Modern (2026-07-28): server/discover only</option>
            <option value="legacy">Legacy (2025-11-25 and earlier): initialize</option>
          </select>
        </label>
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
