import { useQuery } from '@tanstack/react-query';
import type { McpConnection } from '../../bridge/inspectorSession';
import { useInspector } from '../../session/inspectorContext';
import { readOwner, resourceReadQueryOptions } from '../../session/resourceReadQuery';
import { InputRequestsFor } from '../tools/CallInputRequests';
import { ResourceContentsView } from '../results/ResourceContentsView';
import { SaveButtons } from '../collections/SaveToCollection';

/** resources/read of one URI, shown with the same views as tool results. */
export function ResourceRead({ mcp, uri }: { mcp: McpConnection; uri: string }) {
  const session = useInspector();
  const read = useQuery({
    ...resourceReadQueryOptions(mcp.client, mcp.generation, uri, session),
    enabled: mcp.status === 'ready',
  });
  if (read.isPending) {
    return (
      <>
        <p className="muted">Reading {uri}…</p>
        <InputRequestsFor owner={readOwner(uri)} label={`Input for reading ${uri}`} />
      </>
    );
  }
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
      <SaveButtons
        item={{ kind: 'resource', uri }}
        base={uri}
        observation={{ kind: 'result', result: read.data as Record<string, unknown>, durationMs: 0 }}
        unmeasured
      />
    </section>
  );
}
