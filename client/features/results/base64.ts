/** Base64 characters decoded per slice (a multiple of 4): a few ms of work on a slow machine. */
const SLICE = 256 * 1024;

/**
 * The decoded size of a base64 payload, without decoding it: the size is shown before (and
 * whether or not) the page spends time decoding megabytes.
 */
export function base64ByteLength(base64: string): number {
  let length = base64.length;
  // Whitespace is legal in some encoders' output but carries no data.
  if (/\s/.test(base64.slice(0, 100))) length = base64.replace(/\s+/g, '').length;
  let padding = 0;
  if (base64.endsWith('==')) padding = 2;
  else if (base64.endsWith('=')) padding = 1;
  return Math.max(0, Math.floor((length * 3) / 4) - padding);
}

/**
 * Decodes base64 to bytes in slices, giving the main thread back between them, so a 5 MB
 * image does not freeze the page while it is decoded. (fetch() of a data: URL would do it
 * off the main thread, but the page's CSP keeps connect-src to 'self'.) Throws on text that
 * is not base64; stops with the signal's reason when aborted.
 */
export async function decodeBase64(base64: string, signal?: AbortSignal): Promise<Uint8Array<ArrayBuffer>> {
  const clean = /\s/.test(base64) ? base64.replace(/\s+/g, '') : base64;
  const bytes = new Uint8Array(base64ByteLength(clean));
  let offset = 0;
  for (let start = 0; start < clean.length; start += SLICE) {
    if (start > 0) {
      await yieldToMain();
      signal?.throwIfAborted();
    }
    const binary = atob(clean.slice(start, start + SLICE));
    for (let index = 0; index < binary.length; index += 1) bytes[offset + index] = binary.charCodeAt(index);
    offset += binary.length;
  }
  return bytes;
}

/** Resolves after other tasks queued meanwhile (input, rendering) have had their turn. */
function yieldToMain(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
