import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { Resource, ResourceTemplateType as ResourceTemplate } from '@modelcontextprotocol/client';
import type { McpConnection } from '../../bridge/inspectorSession';
import { ListDetail, ListSection } from '../../components/pickList/ListDetail';
import { PickList } from '../../components/pickList/PickList';
import type { Searchable } from '../../components/pickList/filterEntries';
import { ListFreshness } from '../../components/ListFreshness';
import { mcpQueryKeys } from '../../bridge/mcpQueryKeys';
import { useListChanges } from '../../hooks/useListChanges';
import { useRefetchWhenShownStale } from '../../hooks/useRefetchWhenShownStale';
import { UriText } from '../../components/UriText';
import { ResourceDetail } from './ResourceDetail';
import { resourceListQueryOptions, resourceTemplatesQueryOptions } from '../../session/resourcesQuery';
import { TemplateDetail } from './TemplateDetail';
import './resources.css';

type Selection = { kind: 'resource'; uri: string } | { kind: 'template'; uriTemplate: string };

const byUri = (item: { uri: string }): string => item.uri;
const byTemplate = (item: { uriTemplate: string }): string => item.uriTemplate;

/** A resource to the list's filter: by name, title and URI, then description and MIME type. */
const resourceSearch = (resource: Resource): Searchable => ({
  key: resource.uri,
  title: resource.title ?? resource.name,
  names: [resource.name, resource.title, resource.uri],
  text: [resource.description, resource.mimeType],
});
const templateSearch = (template: ResourceTemplate): Searchable => ({
  key: template.uriTemplate,
  title: template.title ?? template.name,
  names: [template.name, template.title, template.uriTemplate],
  text: [template.description, template.mimeType],
});

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
    <ListDetail
      className="resources-panel"
      placeholder="Pick a resource to read it, or a template to fill in."
      lists={
        <>
          <ListSection
            heading="Resources"
            method="resources/list"
            status={<ListFreshness queryKey={mcpQueryKeys.resourceList(mcp.generation)} />}
            pending={resources.isPending}
            asked={ready}
            error={resources.error}
            removed={resourceChanges.removed.map(byUri)}
          >
            {resources.data && (
              <PickList
                label="Resources"
                noun="resource"
                items={resources.data}
                search={resourceSearch}
                selected={selected?.kind === 'resource' ? selected.uri : undefined}
                onSelect={(uri) => setSelected({ kind: 'resource', uri })}
                placeholder="Filter by name, URI or description"
                subtitle={(item) => <UriText uri={item.uri} />}
                changes={resourceChanges}
              />
            )}
          </ListSection>
          <ListSection
            heading="Templates"
            method="resources/templates/list"
            status={<ListFreshness queryKey={mcpQueryKeys.resourceTemplates(mcp.generation)} />}
            pending={templates.isPending}
            asked={ready}
            error={templates.error}
            removed={templateChanges.removed.map(byTemplate)}
          >
            {templates.data && (
              <PickList
                label="Resource templates"
                noun="template"
                items={templates.data}
                search={templateSearch}
                selected={selected?.kind === 'template' ? selected.uriTemplate : undefined}
                onSelect={(uriTemplate) => setSelected({ kind: 'template', uriTemplate })}
                placeholder="Filter by name, URI template or description"
                subtitle={(item) => <UriText uri={item.uriTemplate} />}
                changes={templateChanges}
              />
            )}
          </ListSection>
        </>
      }
      detail={
        resource ? (
          <ResourceDetail key={`${mcp.generation}:${resource.uri}`} mcp={mcp} resource={resource} />
        ) : (
          template && (
            <TemplateDetail key={`${mcp.generation}:${template.uriTemplate}`} mcp={mcp} template={template} />
          )
        )
      }
    />
  );
}
