import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { Prompt } from '@modelcontextprotocol/client';
import type { McpConnection } from '../../bridge/inspectorSession';
import { ListFreshness } from '../../components/ListFreshness';
import { ListDetail, ListSection } from '../../components/pickList/ListDetail';
import { PickList } from '../../components/pickList/PickList';
import type { Searchable } from '../../components/pickList/filterEntries';
import { mcpQueryKeys } from '../../bridge/mcpQueryKeys';
import { useListChanges } from '../../hooks/useListChanges';
import { useRefetchWhenShownStale } from '../../hooks/useRefetchWhenShownStale';
import { PromptDetail } from './PromptDetail';
import { promptsQueryOptions } from '../../session/promptsQuery';
import '../resources/resources.css';

const byName = (item: { name: string }): string => item.name;

/** A prompt to the list's filter: by name and title, then description and argument names. */
const promptSearch = (prompt: Prompt): Searchable => ({
  key: prompt.name,
  title: prompt.title ?? prompt.name,
  names: [prompt.name, prompt.title],
  text: [prompt.description, ...(prompt.arguments ?? []).map((argument) => argument.name)],
});

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
    <ListDetail
      placeholder="Pick a prompt to fill in its arguments."
      lists={
        <ListSection
          heading="Prompts"
          method="prompts/list"
          status={<ListFreshness queryKey={mcpQueryKeys.prompts(mcp.generation)} />}
          pending={prompts.isPending}
          asked={mcp.status === 'ready'}
          error={prompts.error}
          removed={changes.removed.map(byName)}
        >
          {prompts.data && (
            <PickList
              label="Prompts"
              noun="prompt"
              items={prompts.data}
              search={promptSearch}
              selected={selected}
              onSelect={setSelected}
              placeholder="Filter by name, title or description"
              subtitle={(item) => (item.title ? item.name : undefined)}
              changes={changes}
            />
          )}
        </ListSection>
      }
      detail={prompt && <PromptDetail key={`${mcp.generation}:${prompt.name}`} mcp={mcp} prompt={prompt} />}
    />
  );
}
