import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { Client } from '@modelcontextprotocol/client';
import type { ResourceLink } from '@modelcontextprotocol/client';
import { useInspectorSnapshot } from '../../session/inspectorContext';
import { formatBytes } from '../../components/format';
import { resourceReadQueryOptions } from '../../session/resourceReadQuery';
import { ResourceContentsView } from './ResourceContentsView';
import { UriText } from '../../components/UriText';

/**
 * A link to a resource: what it says it is, and its contents one click away (resources/read).
 * Without a client (a captured session: the host drives, the page calls nobody) the link alone.
 */
export function ResourceLinkView({ link, client }: { link: ResourceLink; client: Client | undefined }) {
  return (
    <div className="resource-link">
      <dl className="facts">
        <dt>Name</dt>
        <dd>{link.name}</dd>
        {link.title && (
          <>
            <dt>Title</dt>
            <dd>{link.title}</dd>
          </>
        )}
        <dt>URI</dt>
        <dd>
          <code>
            <UriText uri={link.uri} />
          </code>
        </dd>
        {link.mimeType && (
          <>
            <dt>MIME type</dt>
            <dd>{link.mimeType}</dd>
          </>
        )}
        {link.size !== undefined && (
          <>
            <dt>Size</dt>
            <dd>{formatBytes(link.size)}</dd>
          </>
        )}
        {link.description && (
          <>
            <dt>Description</dt>
            <dd className="prose">{link.description}</dd>
          </>
        )}
      </dl>
      {client ? (
        <ReadResource link={link} client={client} />
      ) : (
        <p className="muted">The host reads it from its server; the page does not call a captured server.</p>
      )}
    </div>
  );
}

function ReadResource({ link, client }: { link: ResourceLink; client: Client }) {
  const generation = useInspectorSnapshot().mcp?.generation ?? 0;
  const [wanted, setWanted] = useState(false);
  const read = useQuery({ ...resourceReadQueryOptions(client, generation, link.uri), enabled: wanted });
  return (
    <>
      <div className="block-toolbar">
        {!wanted ? (
          <button type="button" onClick={() => setWanted(true)}>
            Read resource
          </button>
        ) : (
          <button type="button" onClick={() => void read.refetch()} disabled={read.isFetching}>
            {read.isFetching ? 'Reading…' : 'Read again'}
          </button>
        )}
      </div>
      {read.isError && (
        <p className="field-error" role="alert">
          resources/read failed: {read.error.message}
        </p>
      )}
      {read.data && <ResourceContentsView contents={read.data.contents} />}
    </>
  );
}
