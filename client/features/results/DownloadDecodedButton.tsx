import { downloadName, saveBlob } from './download';
import type { DecodedBlob } from './useDecodedBlob';

interface Props {
  decoded: DecodedBlob;
  name: string;
  mimeType: string;
  uri?: string | undefined;
}

/** Saves a decoded image or audio block; enabled once the base64 has been decoded. */
export function DownloadDecodedButton({ decoded, name, mimeType, uri }: Props) {
  return (
    <button
      type="button"
      disabled={decoded.status !== 'ready'}
      onClick={() => decoded.status === 'ready' && saveBlob(decoded.blob, downloadName(name, mimeType, uri))}
    >
      Download
    </button>
  );
}
