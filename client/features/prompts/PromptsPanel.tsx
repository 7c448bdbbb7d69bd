import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { McpConnection } from '../../bridge/inspectorSession';
import { useListChanges } from '../../hooks/useListChanges';
import { PromptDetail } from './PromptDetail';
import { promptsQueryOptions } from './promptsQuery';
import '../resources/resources.css';

const byName = (item: { name: string }): string => item.name;

/** The server's prompts: pick one, fill its arguments, see the messages it returns. */
export function PromptsPanel({ mcp }: { mcp: McpConnection }) {
  const prompts = useQuery({
    ...promptsQueryOptions(mcp.client, mcp.generation),
    enabled: mcp.status === 'ready',
  });
  const changes = useListChanges(prompts.data, byName);
  const [selected, setSelected] = useState<string | undefined>();
  if (mcp.capabilities && !mcp.capabilities.prompts) {
    return <p className="placeholder">This server offers no prompts.</p>;
  }
  const prompt = prompts.data?.find((item) => item.name === selected);
  return (
    <div className="workbench">
      <aside className="sidebar">
        <h2>Prompts {prompts.data && <span className="muted">{prompts.data.length}</span>}</h2>
        {prompts.isError && (
          <p className="field-error" role="alert">
            prompts/list failed: {prompts.error.message}
          </p>
        )}
        <ul className="item-list" role="listbox" aria-label="Prompts">
          {prompts.data?.map((item) => (
            <li
              key={item.name}
              role="option"
              tabIndex={0}
              aria-selected={item.name === selected}
              className={
                changes.added.has(item.name) ? 'added' : changes.changed.has(item.name) ? 'changed' : ''
              }
              onClick={() => setSelected(item.name)}
              onKeyDown={(e) => e.key === 'Enter' && setSelected(item.name)}
            >
              <span className="item-title">{item.title ?? item.name}</span>
              {item.title && <code className="item-sub">{item.name}</code>}
            </li>
          ))}
          {changes.removed.map((item) => (
            <li key={`removed:${item.name}`} className="removed" aria-disabled="true">
              <span className="item-title">{item.title ?? item.name}</span>{' '}
              <span className="muted">removed</span>
            </li>
          ))}
        </ul>
      </aside>
      <div className="main-pane">
        {prompt ? (
          <PromptDetail key={`${mcp.generation}:${prompt.name}`} mcp={mcp} prompt={prompt} />
        ) : (
          <p className="placeholder">Pick a prompt to fill in its arguments.</p>
        )}
      </div>
    </div>
  );
}
