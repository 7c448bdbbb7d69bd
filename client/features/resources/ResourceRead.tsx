import { useQuery } from '@tanstack/react-query';
import type { McpConnection } from '../../bridge/inspectorSession';
import { resourceReadQueryOptions } from '../results/resourceReadQuery';
import { ResourceContentsView } from '../results/ResourceContentsView';

/** resources/read of one URI, shown with the same views as tool results. */
export function ResourceRead({ mcp, uri }: { mcp: McpConnection; uri: string }) {
  const read = useQuery({
    ...resourceReadQueryOptions(mcp.client, mcp.generation, uri),
    enabled: mcp.status === 'ready',
  });
  if (read.isPending) return <p className="muted">Reading {uri}…</p>;
  if (read.isError) {
    return (
      <p className="field-error" role="alert">
        resources/read failed: {read.error.message}
      </p>
    );
  }
  return (
    <section className="resource-read" aria-label="Resource contents">
      <ResourceContentsView contents={read.data.contents} />
    </section>
  );
}
