import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { McpConnection } from '../../bridge/inspectorSession';
import { ToolList } from './ToolList';
import { ToolPanel } from './ToolPanel';
import { toolsQueryOptions } from './toolsQuery';

/** The tools of the connected server: the list on the left, the selected tool on the right. */
export function ToolsWorkbench({ mcp }: { mcp: McpConnection }) {
  const tools = useQuery({
    ...toolsQueryOptions(mcp.client, mcp.generation),
    enabled: mcp.status === 'ready',
  });
  const [selected, setSelected] = useState<string | undefined>();
  const tool = tools.data?.find((candidate) => candidate.name === selected);

  if (mcp.capabilities && !mcp.capabilities.tools) {
    return <p className="placeholder">This server offers no tools.</p>;
  }
  return (
    <div className="workbench">
      <aside className="sidebar">
        <h2>Tools {tools.data && <span className="muted">{tools.data.length}</span>}</h2>
        {tools.isPending && (
          <p className="muted">{mcp.status === 'ready' ? 'Listing tools…' : 'Waiting for the server…'}</p>
        )}
        {tools.isError && (
          <p className="field-error" role="alert">
            tools/list failed: {tools.error.message}
          </p>
        )}
        {tools.data && <ToolList tools={tools.data} selected={selected} onSelect={setSelected} />}
      </aside>
      <div className="main-pane">
        {tool ? (
          <ToolPanel
            key={`${mcp.generation}:${tool.name}`}
            tool={tool}
            client={mcp.client}
            connected={mcp.status === 'ready'}
          />
        ) : (
          <p className="placeholder">Pick a tool to run it.</p>
        )}
      </div>
    </div>
  );
}
