import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { McpConnection } from '../../bridge/inspectorSession';
import { useListChanges } from '../../hooks/useListChanges';
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
        {resources.isError && (
          <p className="field-error" role="alert">
            resources/list failed: {resources.error.message}
          </p>
        )}
        <ul className="item-list" role="listbox" aria-label="Resources">
          {resources.data?.map((item) => (
            <li
              key={item.uri}
              role="option"
              tabIndex={0}
              aria-selected={selected?.kind === 'resource' && selected.uri === item.uri}
              className={changeClass(resourceChanges, item.uri)}
              onClick={() => setSelected({ kind: 'resource', uri: item.uri })}
              onKeyDown={(e) => e.key === 'Enter' && setSelected({ kind: 'resource', uri: item.uri })}
            >
              <span className="item-title">{item.title ?? item.name}</span>
              <code className="item-sub">{item.uri}</code>
            </li>
          ))}
          {resourceChanges.removed.map((item) => (
            <li key={`removed:${item.uri}`} className="removed" aria-disabled="true">
              <span className="item-title">{item.title ?? item.name}</span>{' '}
              <span className="muted">removed</span>
            </li>
          ))}
        </ul>
        <h2>Templates {templates.data && <span className="muted">{templates.data.length}</span>}</h2>
        <ul className="item-list" role="listbox" aria-label="Resource templates">
          {templates.data?.map((item) => (
            <li
              key={item.uriTemplate}
              role="option"
              tabIndex={0}
              aria-selected={selected?.kind === 'template' && selected.uriTemplate === item.uriTemplate}
              className={changeClass(templateChanges, item.uriTemplate)}
              onClick={() => setSelected({ kind: 'template', uriTemplate: item.uriTemplate })}
              onKeyDown={(e) =>
                e.key === 'Enter' && setSelected({ kind: 'template', uriTemplate: item.uriTemplate })
              }
            >
              <span className="item-title">{item.title ?? item.name}</span>
              <code className="item-sub">{item.uriTemplate}</code>
            </li>
          ))}
        </ul>
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

function changeClass(
  changes: { added: ReadonlySet<string>; changed: ReadonlySet<string> },
  key: string,
): string {
  if (changes.added.has(key)) return 'added';
  if (changes.changed.has(key)) return 'changed';
  return '';
}
