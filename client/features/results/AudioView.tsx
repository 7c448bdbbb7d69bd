import { useState } from 'react';
import { downloadName } from '../../components/download';
import { DownloadButton } from '../../components/DownloadButton';
import { formatBytes } from '../../components/format';
import { base64ByteLength } from './base64';
import { readyBlob, useDecodedBlob } from './useDecodedBlob';

interface AudioViewProps {
  /** base64 */
  data: string;
  mimeType: string;
  name: string;
  uri?: string;
}

/** An audio clip from base64: a player, its mimeType, size and length, download. */
export function AudioView({ data, mimeType, name, uri }: AudioViewProps) {
  const decoded = useDecodedBlob(data, mimeType);
  const [seconds, setSeconds] = useState<number | undefined>();
  const [broken, setBroken] = useState(false);
  return (
    <div className="media-view">
      <div className="block-toolbar">
        <span className="muted">
          {[mimeType, formatBytes(base64ByteLength(data)), seconds !== undefined && `${seconds.toFixed(2)} s`]
            .filter(Boolean)
            .join(' · ')}
        </span>
        <span className="spacer" />
        <DownloadButton
          disabled={decoded.status !== 'ready'}
          file={() => readyBlob(decoded)}
          fileName={downloadName(name, mimeType, uri)}
        />
      </div>
      {decoded.status === 'decoding' && <p className="muted">Decoding…</p>}
      {decoded.status === 'failed' && <p className="field-error">{decoded.message}</p>}
      {broken && <p className="field-error">The browser cannot play this {mimeType}.</p>}
      {decoded.status === 'ready' && (
        <audio
          controls
          preload="metadata"
          src={decoded.url}
          aria-label={`Audio player (${mimeType})`}
          onLoadedMetadata={(event) => {
            const { duration } = event.currentTarget;
            if (Number.isFinite(duration)) setSeconds(duration);
          }}
          onError={() => setBroken(true)}
        />
      )}
    </div>
  );
}
