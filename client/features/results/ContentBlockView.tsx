import type { Client } from '@modelcontextprotocol/client';
import type { ContentBlock } from '@modelcontextprotocol/client';
import { JsonTree } from '../../components/JsonTree';
import { AnnotationsView } from './AnnotationsView';
import { AudioView } from './AudioView';
import { ImageView } from './ImageView';
import { ResourceContentsView } from './ResourceContentsView';
import { ResourceLinkView } from './ResourceLinkView';
import { TextContentView } from './TextContentView';
import './results.css';

/** The accessible name of each block type, also its visible label. */
const BLOCK_NAMES: Record<ContentBlock['type'], string> = {
  text: 'Text',
  image: 'Image',
  audio: 'Audio',
  resource_link: 'Resource link',
  resource: 'Embedded resource',
};

interface ContentBlockViewProps {
  block: ContentBlock;
  /** For what a block invites, such as reading a resource_link. */
  client: Client | undefined;
}

/**
 * One content block of any type, with its annotations and _meta: the same view serves tool
 * results, prompt messages and anything else that carries MCP content.
 */
export function ContentBlockView({ block, client }: ContentBlockViewProps) {
  const name = BLOCK_NAMES[block.type] ?? `Unknown content (${String(block.type)})`;
  return (
    <article className="content-block" aria-label={name}>
      <header>
        <span className="block-type">{name}</span>
        <AnnotationsView annotations={block.annotations} />
      </header>
      <BlockBody block={block} client={client} />
      {block._meta !== undefined && (
        <details className="block-meta">
          <summary>_meta</summary>
          <JsonTree value={block._meta} label="Block _meta" expandDepth={2} />
        </details>
      )}
    </article>
  );
}

function BlockBody({ block, client }: ContentBlockViewProps) {
  switch (block.type) {
    case 'text':
      return <TextContentView text={block.text} name="text" />;
    case 'image':
      return <ImageView data={block.data} mimeType={block.mimeType} name="image" />;
    case 'audio':
      return <AudioView data={block.data} mimeType={block.mimeType} name="audio" />;
    case 'resource_link':
      return <ResourceLinkView link={block} client={client} />;
    case 'resource':
      return <ResourceContentsView contents={[block.resource]} />;
    default:
      // A type from a newer spec than this page knows: still shown, as data.
      return <JsonTree value={block} label="Unknown content" expandDepth={2} />;
  }
}
