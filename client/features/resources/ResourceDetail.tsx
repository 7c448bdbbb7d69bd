import { useState, useSyncExternalStore } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Resource } from '@modelcontextprotocol/client';
import type { McpConnection } from '../../bridge/inspectorSession';
import { mcpQueryKeys } from '../../bridge/mcpQueryKeys';
import { UriText } from '../../components/UriText';
import { useInspector } from '../../session/inspectorContext';
import { ResourceRead } from './ResourceRead';
import { formatClockTime } from '../../components/format';

/** One resource: what the server says of it, reading it, and subscribing to its updates. */
export function ResourceDetail({ mcp, resource }: { mcp: McpConnection; resource: Resource }) {
  const session = useInspector();
  const { subscriptions } = session;
  const queryClient = useQueryClient();
  useSyncExternalStore(subscriptions.subscribe, subscriptions.getVersion);
  const [reading, setReading] = useState(false);
  const [problem, setProblem] = useState<string | undefined>();
  const canSubscribe = mcp.capabilities?.resources?.subscribe === true || mcp.era === 'modern';
  const subscribed = subscriptions.isSubscribed(resource.uri);
  const updated = subscriptions.lastUpdate(resource.uri);

  const reRead = (): void => {
    setReading(true);
    void queryClient.invalidateQueries({ queryKey: mcpQueryKeys.resourceRead(mcp.generation, resource.uri) });
  };
  const toggleSubscription = async (): Promise<void> => {
    try {
      if (mcp.era === 'modern') {
        // 2026-07-28: resource updates come on the subscriptions/listen stream, by URI.
        const filter = session.listen.getSnapshot().filter;
        const uris = (filter.resourceSubscriptions ?? []).filter((uri) => uri !== resource.uri);
        session.listenTo({ ...filter, resourceSubscriptions: subscribed ? uris : [...uris, resource.uri] });
      } else if (subscribed) await mcp.client.unsubscribeResource({ uri: resource.uri });
      else await mcp.client.subscribeResource({ uri: resource.uri });
      subscriptions.setSubscribed(resource.uri, !subscribed);
      setProblem(undefined);
    } catch (error) {
      setProblem(`resources/${subscribed ? 'unsubscribe' : 'subscribe'} failed: ${(error as Error).message}`);
    }
  };

  return (
    <section className="resource-detail" aria-label={`Resource ${resource.name}`}>
      <header>
        <h2>{resource.title ?? resource.name}</h2>
        <code>
          <UriText uri={resource.uri} />
        </code>
      </header>
      {resource.description && <p className="description">{resource.description}</p>}
      <dl className="facts">
        <dt>Name</dt>
        <dd>{resource.name}</dd>
        {resource.mimeType && (
          <>
            <dt>MIME type</dt>
            <dd>{resource.mimeType}</dd>
          </>
        )}
        {resource.size !== undefined && (
          <>
            <dt>Size</dt>
            <dd>{resource.size} bytes</dd>
          </>
        )}
        {resource.annotations && (
          <>
            <dt>Annotations</dt>
            <dd>{JSON.stringify(resource.annotations)}</dd>
          </>
        )}
      </dl>
      <div className="actions">
        <button type="button" className="primary" onClick={reRead} disabled={mcp.status !== 'ready'}>
          {reading ? 'Read again' : 'Read'}
        </button>
        {canSubscribe && (
          <button type="button" onClick={() => void toggleSubscription()} disabled={mcp.status !== 'ready'}>
            {subscribed ? 'Unsubscribe' : 'Subscribe'}
          </button>
        )}
        {subscribed && <span className="chip">subscribed</span>}
      </div>
      {updated !== undefined && (
        <p className="notice" role="status" aria-label="Resource updated">
          The server says this resource was updated at {formatClockTime(updated)}.{' '}
          <button type="button" onClick={reRead}>
            Re-read
          </button>
        </p>
      )}
      {problem && (
        <p className="field-error" role="alert">
          {problem}
        </p>
      )}
      {reading && <ResourceRead mcp={mcp} uri={resource.uri} />}
    </section>
  );
}
