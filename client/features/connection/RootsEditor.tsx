import { DeprecatedTag } from '../../components/DeprecatedTag';
import { useState, useSyncExternalStore } from 'react';
import type { Root } from '@modelcontextprotocol/client';
import { useInspector } from '../../session/inspectorContext';

/**
 * The roots the page offers servers in answer to roots/list. Saving them sends
 * notifications/roots/list_changed, so the server asks again.
 */
export function RootsEditor() {
  const { roots } = useInspector();
  const saved = useSyncExternalStore(roots.subscribe, roots.list);
  const [draft, setDraft] = useState<Root[]>(saved);
  const [problem, setProblem] = useState<string | undefined>();
  const update = (index: number, patch: Partial<Root>): void =>
    setDraft(draft.map((root, i) => (i === index ? { ...root, ...patch } : root)));

  const save = (): void => {
    const bad = draft.find((root) => !/^file:\/\/\/./.test(root.uri));
    if (bad) {
      setProblem(`A root is a file:// URI of a directory, e.g. file:///home/me/project (got "${bad.uri}")`);
      return;
    }
    setProblem(undefined);
    roots.set(draft.map((root) => (root.name ? root : { uri: root.uri })));
  };

  return (
    <section className="roots-editor form-fields" aria-label="Roots">
      <h3>
        Roots <DeprecatedTag feature="Roots" />
      </h3>
      <p className="muted">The directories servers may work in, sent in answer to roots/list.</p>
      {draft.map((root, index) => (
        <div className="root-row" key={index}>
          <input
            aria-label={`Root ${index + 1} URI`}
            placeholder="file:///home/me/project"
            value={root.uri}
            spellCheck={false}
            onChange={(e) => update(index, { uri: e.target.value })}
          />
          <input
            aria-label={`Root ${index + 1} name`}
            placeholder="name (optional)"
            value={root.name ?? ''}
            onChange={(e) => update(index, { name: e.target.value })}
          />
          <button
            type="button"
            aria-label={`Remove root ${index + 1}`}
            onClick={() => setDraft(draft.filter((_, i) => i !== index))}
          >
            ✕
          </button>
        </div>
      ))}
      {problem && (
        <p className="field-error" role="alert">
          {problem}
        </p>
      )}
      <div className="actions">
        <button type="button" onClick={() => setDraft([...draft, { uri: 'file:///' }])}>
          Add root
        </button>
        <button
          type="button"
          className="primary"
          onClick={save}
          disabled={JSON.stringify(draft) === JSON.stringify(saved)}
        >
          Save roots
        </button>
      </div>
    </section>
  );
}
