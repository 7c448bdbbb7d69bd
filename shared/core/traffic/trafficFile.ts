/**
 * The traffic file: JSON Lines, a header line, then one timeline record a line with the bridge's
 * stamps. The page's export and import, a verb's `--traffic`, a proxy's capture, the mock and
 * `diff`/`surface` on a recording all write and read it through this module: one header, one
 * writer of its lines, one reader. Apart from jsonLines.ts so that a writer need not load the
 * wire's schemas.
 */
export const TRAFFIC_FILE_TYPE = 'mcp-inspect-traffic';
export const TRAFFIC_FILE_VERSION = 1;

/** The first line: what the file is, and the wall-clock time at which the records' `t` is 0. */
export interface TrafficHeader {
  type: typeof TRAFFIC_FILE_TYPE;
  version: typeof TRAFFIC_FILE_VERSION;
  /** Wall-clock ms of t = 0, when known. */
  startedAt?: number;
  exportedAt: number;
  /** A proxy's capture says which session it is (docs/capture.md). */
  capture?: Record<string, unknown>;
}

export function trafficHeader(
  startedAt: number | undefined,
  exportedAt: number = Date.now(),
  more: Pick<TrafficHeader, 'capture'> = {},
): TrafficHeader {
  return {
    type: TRAFFIC_FILE_TYPE,
    version: TRAFFIC_FILE_VERSION,
    ...(startedAt === undefined ? {} : { startedAt }),
    exportedAt,
    ...more,
  };
}

/** The header as the file's first line (without its newline). */
export function trafficHeaderLine(...args: Parameters<typeof trafficHeader>): string {
  return JSON.stringify(trafficHeader(...args));
}

/** Lines (record texts already written) as the file's text: one a line, the last one ended. */
export function trafficFileText(lines: readonly string[]): string {
  return `${lines.join('\n')}\n`;
}

/** One line of a traffic file as read: a record (a JSON object), or why it is not one. */
export type TrafficLine =
  { line: number; record: Record<string, unknown> } | { line: number; problem: string };

export interface TrafficFileRead {
  /** The header line, when the file has one (a version this reader knows). */
  header?: TrafficHeader;
  /** Every other line, in order, blank lines left out. */
  lines: TrafficLine[];
}

/**
 * Reads a traffic file's text, line by line, saying what each is: the header (once), a record,
 * or a problem with its line number: not JSON, not an object, a format version this reader does
 * not know, or the last line cut off (a file that ends without a newline mid-record). Whoever
 * reads decides what a problem means: the page's import skips the line, a replay stops.
 */
export function readTrafficFile(text: string): TrafficFileRead {
  const raw = text.split('\n');
  let last = raw.length;
  while (last > 0 && (raw[last - 1] ?? '').trim() === '') last -= 1;
  const endsCleanly = /\n\s*$/.test(text);
  const read: TrafficFileRead = { lines: [] };
  for (let i = 0; i < last; i += 1) {
    const line = i + 1;
    const trimmed = (raw[i] ?? '').trim();
    if (trimmed === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(trimmed);
    } catch {
      read.lines.push({
        line,
        problem:
          line === last && !endsCleanly
            ? 'the recording is cut off (its last line is half a record)'
            : 'not JSON',
      });
      continue;
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      read.lines.push({ line, problem: 'not a record (a JSON object)' });
      continue;
    }
    const record = value as Record<string, unknown>;
    if (record.type !== TRAFFIC_FILE_TYPE) {
      read.lines.push({ line, record });
      continue;
    }
    if (record.version !== TRAFFIC_FILE_VERSION) {
      read.lines.push({
        line,
        problem: `recording format version ${String(record.version)}; this mcp-inspect reads version ${TRAFFIC_FILE_VERSION}`,
      });
      continue;
    }
    read.header ??= record as unknown as TrafficHeader;
  }
  return read;
}

/** Whether a file's text reads as a traffic file rather than one JSON document (a snapshot). */
export function looksLikeTrafficFile(text: string): boolean {
  const first = text.trimStart().split('\n', 1)[0] ?? '';
  return first.includes(`"${TRAFFIC_FILE_TYPE}"`) || /^\{.*"type"\s*:\s*"(frame|state|stderr)"/.test(first);
}
