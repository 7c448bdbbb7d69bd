const UNITS = ['KB', 'MB', 'GB'] as const;

/** Bytes for people: "512 B", "1.5 KB", "10.0 MB" (powers of 1024, as browsers' devtools count). */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(1)} ${UNITS[unit]}`;
}

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

/** Milliseconds for people: "12 ms", "1.25 s". */
export function formatDuration(ms: number): string {
  return ms < 1000 ? `${ms.toFixed(0)} ms` : `${(ms / 1000).toFixed(2)} s`;
}
