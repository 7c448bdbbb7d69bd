import { useEffect, useState } from 'react';
import { decodeBase64 } from './base64';

export type DecodedBlob =
  | { status: 'decoding' }
  | { status: 'ready'; blob: Blob; url: string }
  | { status: 'failed'; message: string };

interface Decoded {
  /** The payload this state belongs to: a new payload starts as 'decoding' again. */
  source: string;
  mimeType: string;
  state: DecodedBlob;
}

/**
 * A base64 payload as a Blob and its object URL, decoded in slices off the critical path;
 * the URL is revoked when the payload changes or the view goes away.
 */
export function useDecodedBlob(base64: string, mimeType: string): DecodedBlob {
  const [decoded, setDecoded] = useState<Decoded | undefined>();
  useEffect(() => {
    const controller = new AbortController();
    let url: string | undefined;
    decodeBase64(base64, controller.signal).then(
      (bytes) => {
        if (controller.signal.aborted) return;
        const blob = new Blob([bytes], { type: mimeType });
        url = URL.createObjectURL(blob);
        setDecoded({ source: base64, mimeType, state: { status: 'ready', blob, url } });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const message = error instanceof Error ? error.message : String(error);
        setDecoded({
          source: base64,
          mimeType,
          state: { status: 'failed', message: `Not valid base64 (${message})` },
        });
      },
    );
    return () => {
      controller.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [base64, mimeType]);
  return decoded?.source === base64 && decoded.mimeType === mimeType ? decoded.state : { status: 'decoding' };
}

/** The decoded Blob, for a download offered only once it is ready. */
export function readyBlob(decoded: DecodedBlob): Blob {
  if (decoded.status !== 'ready')
    throw new Error(decoded.status === 'failed' ? decoded.message : 'Still decoding');
  return decoded.blob;
}
