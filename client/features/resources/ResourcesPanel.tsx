import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { McpConnection } from '../../bridge/inspectorSession';
import { SelectableList } from '../../components/SelectableList';
import { ListFreshness } from '../../components/ListFreshness';
import { mcpQueryKeys } from '../../bridge/mcpQueryKeys';
import { useListChanges } from '../../hooks/useListChanges';
import { useRefetchWhenShownStale } from '../../hooks/useRefetchWhenShownStale';
import { UriText } from '../../components/UriText';
import { ResourceDetail } from './ResourceDetail';
import { resourceListQueryOptions, resourceTemplatesQueryOptions } from './resourcesQuery';
import { TemplateDetail } from './TemplateDetail';
import './resources.css';

type Selection = { kind: 'resource'; uri: string } | { kind: 'template'; uriTemplate: string };

const byUri = (item: { uri: string }): string => item.uri;
const byTemplate = (item: { uriTemplate: string }): string => item.uriTemplate;

/** The server's resources and resource templates, and what reading one returns. */
export function ResourcesPanel({ mcp }: { mcp: McpConnection }) {
  const ready = mcp.status === 'ready';
  useRefetchWhenShownStale(mcpQueryKeys.resourceList(mcp.generation));
  useRefetchWhenShownStale(mcpQueryKeys.resourceTemplates(mcp.generation));
  const resources = useQuery({ ...resourceListQueryOptions(mcp.client, mcp.generation), enabled: ready });
  const templates = useQuery({
    ...resourceTemplatesQueryOptions(mcp.client, mcp.generation),
    enabled: ready,
  });
  const resourceChanges = useListChanges(resources.data, byUri);
  const templateChanges = useListChanges(templates.data, byTemplate);
  const [selected, setSelected] = useState<Selection | undefined>();

  if (mcp.capabilities && !mcp.capabilities.resources) {
    return <p className="placeholder">This server offers no resources.</p>;
  }
  const resource =
    selected?.kind === 'resource' ? resources.data?.find((r) => r.uri === selected.uri) : undefined;
  const template =
    selected?.kind === 'template'
      ? templates.data?.find((t) => t.uriTemplate === selected.uriTemplate)
      : undefined;

  return (
    <div className="workbench resources-panel">
      <aside className="sidebar">
        <h2>Resources {resources.data && <span className="muted">{resources.data.length}</span>}</h2>
        <ListFreshness queryKey={mcpQueryKeys.resourceList(mcp.generation)} />
        {resources.isError && (
          <p className="field-error" role="alert">
            resources/list failed: {resources.error.message}
          </p>
        )}
        <SelectableList
          label="Resources"
          items={resources.data}
          keyOf={byUri}
          selected={selected?.kind === 'resource' ? selected.uri : undefined}
          onSelect={(uri) => setSelected({ kind: 'resource', uri })}
          title={(item) => item.title ?? item.name}
          subtitle={(item) => <UriText uri={item.uri} />}
          changes={resourceChanges}
        />
        <h2>Templates {templates.data && <span className="muted">{templates.data.length}</span>}</h2>
        <ListFreshness queryKey={mcpQueryKeys.resourceTemplates(mcp.generation)} />
        <SelectableList
          label="Resource templates"
          items={templates.data}
          keyOf={byTemplate}
          selected={selected?.kind === 'template' ? selected.uriTemplate : undefined}
          onSelect={(uriTemplate) => setSelected({ kind: 'template', uriTemplate })}
          title={(item) => item.title ?? item.name}
          subtitle={(item) => <UriText uri={item.uriTemplate} />}
          changes={templateChanges}
        />
      </aside>
      <div className="main-pane">
        {resource ? (
          <ResourceDetail key={`${mcp.generation}:${resource.uri}`} mcp={mcp} resource={resource} />
        ) : template ? (
          <TemplateDetail key={`${mcp.generation}:${template.uriTemplate}`} mcp={mcp} template={template} />
        ) : (
          <p className="placeholder">Pick a resource to read it, or a template to fill in.</p>
        )}
      </div>
    </div>
  );
}
