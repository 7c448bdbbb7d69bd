import { useState } from 'react';
import { AudioView } from './AudioView';
import { decodeBase64 } from './base64';
import { downloadName, saveBlob } from './download';
import { base64ByteLength, formatBytes } from './formatSize';
import { ImageView } from './ImageView';

interface BinaryViewProps {
  /** base64 */
  data: string;
  mimeType: string | undefined;
  name: string;
  uri?: string;
}

/** A base64 payload of any type: previewed when it is an image or audio, else downloadable. */
export function BinaryView({ data, mimeType, name, uri }: BinaryViewProps) {
  if (mimeType?.startsWith('image/'))
    return <ImageView data={data} mimeType={mimeType} name={name} uri={uri} />;
  if (mimeType?.startsWith('audio/'))
    return <AudioView data={data} mimeType={mimeType} name={name} uri={uri} />;
  return <OpaqueBlob data={data} mimeType={mimeType} name={name} uri={uri} />;
}

function OpaqueBlob({ data, mimeType, name, uri }: BinaryViewProps) {
  const [problem, setProblem] = useState<string | undefined>();
  const type = mimeType ?? 'application/octet-stream';
  const download = (): void => {
    decodeBase64(data).then(
      (bytes) => saveBlob(new Blob([bytes], { type }), downloadName(name, type, uri)),
      (error: unknown) =>
        setProblem(`Not valid base64 (${error instanceof Error ? error.message : String(error)})`),
    );
  };
  return (
    <div className="block-toolbar">
      <span className="muted">
        {type} · {formatBytes(base64ByteLength(data))} · binary, not previewed
      </span>
      <span className="spacer" />
      <button type="button" onClick={download}>
        Download
      </button>
      {problem && <span className="field-error">{problem}</span>}
    </div>
  );
}
