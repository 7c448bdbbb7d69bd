import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { McpConnection } from '../../bridge/inspectorSession';
import { SelectableList } from '../../components/SelectableList';
import { ListFreshness } from '../../components/ListFreshness';
import { mcpQueryKeys } from '../../bridge/mcpQueryKeys';
import { useListChanges } from '../../hooks/useListChanges';
import { useRefetchWhenShownStale } from '../../hooks/useRefetchWhenShownStale';
import { PromptDetail } from './PromptDetail';
import { promptsQueryOptions } from './promptsQuery';
import '../resources/resources.css';

const byName = (item: { name: string }): string => item.name;

/** The server's prompts: pick one, fill its arguments, see the messages it returns. */
export function PromptsPanel({ mcp }: { mcp: McpConnection }) {
  useRefetchWhenShownStale(mcpQueryKeys.prompts(mcp.generation));
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
        <ListFreshness queryKey={mcpQueryKeys.prompts(mcp.generation)} />
        {prompts.isError && (
          <p className="field-error" role="alert">
            prompts/list failed: {prompts.error.message}
          </p>
        )}
        <SelectableList
          label="Prompts"
          items={prompts.data}
          keyOf={byName}
          selected={selected}
          onSelect={setSelected}
          title={(item) => item.title ?? item.name}
          subtitle={(item) => (item.title ? item.name : undefined)}
          changes={changes}
        />
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
