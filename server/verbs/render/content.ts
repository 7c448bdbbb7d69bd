import { base64Bytes, formatBytes, type MediaFiles } from './mediaFiles.js';

type Block = Record<string, unknown>;

/**
 * Content blocks (of a tool result or a prompt message) for the terminal: text as it is, images
 * and audio as one line with their media type and size (and the file they were saved to, with
 * `--save-media`), links and embedded resources with their URI, anything else as JSON.
 */
export function contentLines(blocks: readonly unknown[], media: MediaFiles | undefined): string[] {
  return blocks.flatMap((block) => blockLines((block ?? {}) as Block, media));
}

function blockLines(block: Block, media: MediaFiles | undefined): string[] {
  switch (block.type) {
    case 'text':
      return [String(block.text ?? '')];
    case 'image':
    case 'audio':
      return [binaryLine(block.type, String(block.data ?? ''), str(block.mimeType), media)];
    case 'resource_link': {
      const named = [str(block.name), str(block.mimeType)].filter(Boolean).join(', ');
      const description = str(block.description);
      return [
        `[resource link] ${str(block.uri)}${named ? ` (${named})` : ''}`,
        ...(description ? [`  ${description}`] : []),
      ];
    }
    case 'resource':
      return resourceLines((block.resource ?? {}) as Block, media, 'resource');
    default:
      return [`[${String(block.type ?? 'unknown')}] ${JSON.stringify(block)}`];
  }
}

/** One resource's contents: a text one with a header line (when `header` is set), a blob as one line. */
export function resourceLines(contents: Block, media: MediaFiles | undefined, header?: string): string[] {
  const uri = str(contents.uri);
  const mime = str(contents.mimeType);
  if (typeof contents.blob === 'string') {
    return [binaryLine(header ?? 'blob', contents.blob, mime, media, uri, uri)];
  }
  const text = String(contents.text ?? '');
  return header === undefined ? [text] : [`[${header} ${uri}${mime ? ` (${mime})` : ''}]`, text];
}

function binaryLine(
  kind: string,
  base64: string,
  mimeType: string,
  media: MediaFiles | undefined,
  nameHint?: string,
  uri?: string,
): string {
  const described = `${[uri, mimeType].filter(Boolean).join(' ')}, ${formatBytes(base64Bytes(base64))}`;
  if (!media) return `[${kind} ${described}]`;
  try {
    return `[${kind} ${described}, saved to ${media.save(base64, mimeType, nameHint)}]`;
  } catch (error) {
    return `[${kind} ${described}, not saved: ${(error as Error).message}]`;
  }
}

function str(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/** A JSON value for the terminal: indented, two spaces. */
export function indentedJson(value: unknown): string[] {
  return JSON.stringify(value, null, 2).split('\n');
}
