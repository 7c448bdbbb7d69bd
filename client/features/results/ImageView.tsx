import { useState } from 'react';
import { downloadName } from '../../components/download';
import { DownloadButton } from '../../components/DownloadButton';
import { formatBytes } from '../../components/format';
import { base64ByteLength } from './base64';
import { readyBlob, useDecodedBlob } from './useDecodedBlob';

const ZOOMS = [0.25, 0.5, 1, 2, 4, 8];

interface ImageViewProps {
  /** base64 */
  data: string;
  mimeType: string;
  /** Base of the download's file name, or the URI it came from. */
  name: string;
  uri?: string;
}

/** An image from base64: its size in bytes and pixels, zoom, download. */
export function ImageView({ data, mimeType, name, uri }: ImageViewProps) {
  const decoded = useDecodedBlob(data, mimeType);
  const [pixels, setPixels] = useState<{ width: number; height: number } | undefined>();
  const [broken, setBroken] = useState(false);
  // 'fit' shrinks a big image to the pane; a number is a zoom factor of its natural size.
  const [zoom, setZoom] = useState<'fit' | number>('fit');
  const step = (direction: 1 | -1): void => {
    const current = zoom === 'fit' ? 1 : zoom;
    const next =
      direction > 0 ? ZOOMS.find((z) => z > current) : [...ZOOMS].reverse().find((z) => z < current);
    if (next !== undefined) setZoom(next);
  };

  return (
    <div className="media-view">
      <div className="block-toolbar">
        <span className="muted">
          {[mimeType, formatBytes(base64ByteLength(data)), pixels && `${pixels.width} × ${pixels.height} px`]
            .filter(Boolean)
            .join(' · ')}
        </span>
        <span className="spacer" />
        <button type="button" aria-label="Zoom out" onClick={() => step(-1)} disabled={zoom === ZOOMS[0]}>
          −
        </button>
        <span className="zoom-level" aria-label="Zoom level">
          {zoom === 'fit' ? 'Fit' : `${zoom * 100}%`}
        </span>
        <button type="button" aria-label="Zoom in" onClick={() => step(1)} disabled={zoom === ZOOMS.at(-1)}>
          +
        </button>
        <button type="button" onClick={() => setZoom(zoom === 'fit' ? 1 : 'fit')}>
          {zoom === 'fit' ? 'Actual size' : 'Fit'}
        </button>
        <DownloadButton
          disabled={decoded.status !== 'ready'}
          file={() => readyBlob(decoded)}
          fileName={downloadName(name, mimeType, uri)}
        />
      </div>
      {decoded.status === 'decoding' && <p className="muted">Decoding…</p>}
      {decoded.status === 'failed' && <p className="field-error">{decoded.message}</p>}
      {broken && (
        <p className="field-error">
          The browser cannot show this image: its data may not be the {mimeType} it says it is.
        </p>
      )}
      {decoded.status === 'ready' && (
        <div className={`image-frame${zoom === 'fit' ? ' fit' : ''}`}>
          <img
            src={decoded.url}
            alt={`${name} (${mimeType})`}
            style={
              zoom !== 'fit' && pixels
                ? { width: pixels.width * zoom, height: pixels.height * zoom }
                : undefined
            }
            className={zoom !== 'fit' && zoom > 1 ? 'pixelated' : undefined}
            onLoad={(event) => {
              setBroken(false);
              setPixels({
                width: event.currentTarget.naturalWidth,
                height: event.currentTarget.naturalHeight,
              });
            }}
            onError={() => setBroken(true)}
          />
        </div>
      )}
    </div>
  );
}
