import type { ReadResourceResult } from '@modelcontextprotocol/client';
import { BinaryView } from './BinaryView';
import { TextContentView } from './TextContentView';
import { UriText } from '../../components/UriText';

type ResourceContents = ReadResourceResult['contents'][number];

/**
 * The `contents` of a resources/read result (or the one resource embedded in a content
 * block): texts by their mimeType, blobs previewed when they are images or audio, else
 * offered as downloads.
 */
export function ResourceContentsView({ contents }: { contents: ResourceContents[] }) {
  if (contents.length === 0) return <p className="muted">The resource has no contents.</p>;
  return (
    <div className="resource-contents">
      {contents.map((item, index) => (
        <ResourceContentsItem key={`${index}:${item.uri}`} item={item} />
      ))}
    </div>
  );
}

function ResourceContentsItem({ item }: { item: ResourceContents }) {
  return (
    <section className="resource-item" aria-label={`Resource ${item.uri}`}>
      <div className="resource-uri">
        <code>
          <UriText uri={item.uri} />
        </code>
      </div>
      {'text' in item && typeof item.text === 'string' ? (
        <TextContentView text={item.text} mimeType={item.mimeType} name="resource" uri={item.uri} />
      ) : 'blob' in item && typeof item.blob === 'string' ? (
        <BinaryView data={item.blob} mimeType={item.mimeType} name="resource" uri={item.uri} />
      ) : (
        <p className="field-error">This entry has neither text nor blob.</p>
      )}
    </section>
  );
}
