import type { ReactNode } from 'react';
import { SecretRows } from './SecretRows';
import type { TargetDraft } from './targetDraft';

/** What the fields edit: which server, and how to reach it. */
export type TargetFieldsDraft = Pick<
  TargetDraft,
  'kind' | 'command' | 'args' | 'cwd' | 'env' | 'url' | 'transport' | 'headers'
>;

interface TargetFieldsProps {
  draft: TargetFieldsDraft;
  set: (patch: Partial<TargetFieldsDraft>) => void;
  /** What each empty field suggests, in the words of the form it is in. */
  placeholders: { command?: string; args: string; cwd: string; url: string };
  /** The server kept values were given for, when it is another one (SecretRows.tsx). */
  keptOnlyFor?: string | undefined;
  /** Between the transport and the headers (the connection form's bearer token). */
  beforeHeaders?: ReactNode;
  /** After the headers (the connection form's timeouts). */
  afterHeaders?: ReactNode;
}

/**
 * A server as a command (stdio: command, arguments, working directory, environment) or a URL
 * (its transport and headers), secrets masked: the one form of the connection settings and of
 * the workspace's "Add a server".
 */
export function TargetFields({
  draft,
  set,
  placeholders,
  keptOnlyFor,
  beforeHeaders,
  afterHeaders,
}: TargetFieldsProps) {
  return (
    <>
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
              placeholder={placeholders.command}
              onChange={(e) => set({ command: e.target.value })}
            />
          </label>
          <label>
            Arguments
            <input
              value={draft.args}
              spellCheck={false}
              placeholder={placeholders.args}
              onChange={(e) => set({ args: e.target.value })}
            />
          </label>
          <label>
            Working directory
            <input
              value={draft.cwd}
              spellCheck={false}
              placeholder={placeholders.cwd}
              onChange={(e) => set({ cwd: e.target.value })}
            />
          </label>
          <SecretRows
            label="Environment variables"
            namePlaceholder="NAME"
            itemName="variable"
            rows={draft.env}
            keptOnlyFor={keptOnlyFor}
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
              placeholder={placeholders.url}
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
          {beforeHeaders}
          <SecretRows
            label="Headers"
            namePlaceholder="Header-Name"
            itemName="header"
            rows={draft.headers}
            keptOnlyFor={keptOnlyFor}
            onChange={(headers) => set({ headers })}
          />
          {afterHeaders}
        </>
      )}
    </>
  );
}

/** The protocol era to negotiate, for either kind of server. */
export function EraField({
  era,
  onChange,
}: {
  era: TargetDraft['era'];
  onChange: (era: TargetDraft['era']) => void;
}) {
  return (
    <label>
      Protocol era
      <select value={era} onChange={(e) => onChange(e.target.value as TargetDraft['era'])}>
        <option value="auto">Auto: server/discover, else initialize</option>
        <option value="modern">Modern (2026-07-28): server/discover only</option>
        <option value="legacy">Legacy (2025-11-25 and earlier): initialize</option>
      </select>
    </label>
  );
}
