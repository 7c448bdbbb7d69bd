import { useState } from 'react';
import { CopyButton } from '../../components/CopyButton';
import { draftFromPaste, exportDraft, type TargetDraft } from './targetDraft';

interface ServerEntryToolsProps {
  draft: TargetDraft;
  onPaste: (draft: TargetDraft) => void;
}

/** Paste an `mcpServers` entry from another client's config, or export this one as such. */
export function ServerEntryTools({ draft, onPaste }: ServerEntryToolsProps) {
  const [pasted, setPasted] = useState('');
  const [pasteProblem, setPasteProblem] = useState<string | undefined>();
  const [name, setName] = useState('my-server');
  const [includeSecrets, setIncludeSecrets] = useState(false);
  const exported = exportDraft(draft, name, includeSecrets);
  return (
    <div className="server-entry-tools">
      <section aria-label="Paste a server entry">
        <h3>Paste a server entry</h3>
        <textarea
          aria-label="Server entry JSON"
          rows={5}
          spellCheck={false}
          placeholder={'{ "mcpServers": { "name": { "command": "npx", "args": ["-y", "…"] } } }'}
          value={pasted}
          onChange={(event) => setPasted(event.target.value)}
        />
        {pasteProblem && (
          <p className="field-error" role="alert">
            {pasteProblem}
          </p>
        )}
        <button
          type="button"
          onClick={() => {
            const result = draftFromPaste(pasted);
            if ('error' in result) {
              setPasteProblem(result.error);
              return;
            }
            setPasteProblem(undefined);
            setName(result.name);
            onPaste(result.draft);
          }}
        >
          Use this entry
        </button>
      </section>
      <section aria-label="Export as a server entry">
        <h3>Export as a server entry</h3>
        <label>
          Name <input value={name} onChange={(event) => setName(event.target.value)} />
        </label>
        <label>
          <input
            type="checkbox"
            checked={includeSecrets}
            onChange={(event) => setIncludeSecrets(event.target.checked)}
          />{' '}
          include secret values I typed
        </label>
        <pre className="exported-entry" aria-label="Exported server entry">
          {exported}
        </pre>
        <CopyButton text={() => exported} />
      </section>
    </div>
  );
}
