import { useEffect, useState } from 'react';
import { AudioView } from './AudioView';
import { downloadName } from '../../components/download';
import { DownloadButton } from '../../components/DownloadButton';
import { formatBytes } from '../../components/format';
import { base64ByteLength, decodeBase64 } from './base64';
import { ImageView } from './ImageView';
import { TextContentView } from './TextContentView';
import { useDecodedBlob } from './useDecodedBlob';

interface BinaryViewProps {
  /** base64 */
  data: string;
  mimeType: string | undefined;
  name: string;
  uri?: string;
}

/**
 * A base64 payload of any type: previewed when it is an image or audio, shown as text when
 * its mimeType says it is text, else downloadable.
 */
export function BinaryView({ data, mimeType, name, uri }: BinaryViewProps) {
  if (mimeType?.startsWith('image/'))
    return <ImageView data={data} mimeType={mimeType} name={name} uri={uri} />;
  if (mimeType?.startsWith('audio/'))
    return <AudioView data={data} mimeType={mimeType} name={name} uri={uri} />;
  if (mimeType && isTextual(mimeType))
    return <TextBlob data={data} mimeType={mimeType} name={name} uri={uri} />;
  return <OpaqueBlob data={data} mimeType={mimeType} name={name} uri={uri} />;
}

function isTextual(mimeType: string): boolean {
  const type = mimeType.split(';')[0]?.trim().toLowerCase() ?? '';
  return (
    type.startsWith('text/') || type === 'application/json' || type.endsWith('+json') || type.endsWith('+xml')
  );
}

/** A blob whose mimeType says text: decoded as UTF-8 and shown like any text. */
function TextBlob({ data, mimeType, name, uri }: BinaryViewProps & { mimeType: string }) {
  const decoded = useDecodedBlob(data, mimeType);
  const [text, setText] = useState<{ of: Blob; text: string } | undefined>();
  useEffect(() => {
    if (decoded.status !== 'ready') return;
    let current = true;
    void decoded.blob.text().then((value) => current && setText({ of: decoded.blob, text: value }));
    return () => {
      current = false;
    };
  }, [decoded]);
  if (decoded.status === 'failed') return <p className="field-error">{decoded.message}</p>;
  if (decoded.status !== 'ready' || text?.of !== decoded.blob) return <p className="muted">Decoding…</p>;
  return <TextContentView text={text.text} mimeType={mimeType} name={name} uri={uri} />;
}

function OpaqueBlob({ data, mimeType, name, uri }: BinaryViewProps) {
  const type = mimeType ?? 'application/octet-stream';
  const file = (): Promise<Blob> =>
    decodeBase64(data).then(
      (bytes) => new Blob([bytes], { type }),
      (error: unknown) => {
        throw new Error(`Not valid base64 (${error instanceof Error ? error.message : String(error)})`);
      },
    );
  return (
    <div className="block-toolbar">
      <span className="muted">
        {type} · {formatBytes(base64ByteLength(data))} · binary, not previewed
      </span>
      <span className="spacer" />
      <DownloadButton file={file} fileName={downloadName(name, type, uri)} />
    </div>
  );
}
