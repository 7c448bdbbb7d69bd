import { useState } from 'react';
import type { ToolTranslation } from '../../../shared/models/toolTranslation';

/**
 * What the model receives of the tools: each one as the provider gets it, every change from the
 * server's definition named, and the tools the provider cannot take with why (the same
 * translation `eval` prints: shared/models/toolTranslation.ts).
 */
export function ToolTranslationView({
  translation,
  strictTranslation,
}: {
  translation: ToolTranslation;
  /** OpenAI's strict mode, to show what it would change; undefined for a provider without one. */
  strictTranslation?: ToolTranslation | undefined;
}) {
  const [strict, setStrict] = useState(false);
  const shown = strict && strictTranslation ? strictTranslation : translation;
  return (
    <section className="tool-translation" aria-label="What the model receives">
      <p className="muted">
        {shown.provider === 'openai' ? 'OpenAI-compatible' : 'Anthropic'} tools: {shown.tools.length} given
        {shown.refused.length > 0 ? `, ${shown.refused.length} the provider cannot take` : ''}.
        {strictTranslation && (
          <label className="inline">
            <input type="checkbox" checked={strict} onChange={(event) => setStrict(event.target.checked)} />{' '}
            as strict mode would send them (the chat sends them non-strict)
          </label>
        )}
      </p>
      <ul className="translated-tools">
        {shown.tools.map((tool) => (
          <li key={tool.serverName} aria-label={`Translated ${tool.serverName}`}>
            <code>{tool.name}</code>
            {tool.name !== tool.serverName && (
              <span className="muted"> (the server's {tool.serverName})</span>
            )}
            {tool.changes.length === 0 ? (
              <span className="muted"> · as the server defines it</span>
            ) : (
              <ul className="translation-changes" aria-label={`Changes to ${tool.serverName}`}>
                {tool.changes.map((change) => (
                  <li key={change}>{change}</li>
                ))}
              </ul>
            )}
            <details>
              <summary>Description and schema sent</summary>
              <p className="pre">{tool.description}</p>
              <pre>{JSON.stringify(tool.schema, null, 2)}</pre>
            </details>
          </li>
        ))}
      </ul>
      {shown.refused.length > 0 && (
        <>
          <h4>Not given to the model</h4>
          <ul aria-label="Tools the provider cannot take">
            {shown.refused.map((refused) => (
              <li key={refused.serverName}>
                <code>{refused.serverName}</code>: {refused.reason}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
