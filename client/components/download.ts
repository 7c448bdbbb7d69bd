/** Extensions for the types servers send most; anything else downloads as .bin or .txt. */
const EXTENSIONS: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/svg+xml': 'svg',
  'image/avif': 'avif',
  'audio/wav': 'wav',
  'audio/x-wav': 'wav',
  'audio/wave': 'wav',
  'audio/mpeg': 'mp3',
  'audio/ogg': 'ogg',
  'audio/webm': 'webm',
  'audio/flac': 'flac',
  'application/json': 'json',
  'application/pdf': 'pdf',
  'application/gzip': 'gz',
  'application/zip': 'zip',
  'text/plain': 'txt',
  'text/markdown': 'md',
  'text/html': 'html',
  'text/csv': 'csv',
};

/**
 * A file name for a download: the last segment of a resource's URI when it has an
 * extension, else `base` with an extension from the mimeType. Only characters that are
 * safe in a file name on every OS are kept.
 */
export function downloadName(base: string, mimeType: string | undefined, uri?: string): string {
  const fromUri = uri ? lastSegment(uri) : undefined;
  if (fromUri && /\.[a-z0-9]{1,8}$/i.test(fromUri)) return sanitize(fromUri);
  const type = mimeType?.split(';')[0]?.trim().toLowerCase();
  const extension =
    (type && EXTENSIONS[type]) ??
    (type?.startsWith('text/') ? 'txt' : type?.endsWith('+json') ? 'json' : 'bin');
  return `${sanitize(fromUri ?? base)}.${extension}`;
}

function lastSegment(uri: string): string | undefined {
  const path = uri.split(/[?#]/)[0] ?? '';
  const segment = path.split('/').filter(Boolean).pop();
  if (!segment) return undefined;
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function sanitize(name: string): string {
  return name.replace(/[^\w.-]+/g, '_').slice(0, 120) || 'download';
}

/** Hands a Blob to the browser as a download, the way a link with `download` would. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  // The download reads the URL after this task; revoking it at once can cancel it.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
