import { isFrameRecordShape } from '../core/recordShape.js';

/**
 * A recording: the page's traffic export or a verb's `--traffic` file (JSON Lines: a header line
 * `{"type":"mcp-inspect-traffic","version":1,…}`, then one timeline record a line). Only its frames
 * matter for a replay or a surface; the other records (target states, stderr, HTTP exchanges,
 * notes) are passed over.
 */
export interface RecordedFrame {
  /** The line of the file it was on, for messages about it. */
  line: number;
  /** Milliseconds from the start of the session. */
  t: number;
  dir: 'toServer' | 'fromServer';
  /** Which run of the target: ids start again in a new one. */
  generation: number;
  message: Record<string, unknown>;
  /** The request a server notification came on the stream of (Streamable HTTP). */
  relatedTo?: string | number;
  /** The frame was too large to keep whole: `message` holds only its envelope. */
  elided?: boolean;
}

export type RecordingRead = { frames: RecordedFrame[] } | { error: string; line: number };

export const RECORDING_HEADER_TYPE = 'mcp-inspect-traffic';

/**
 * Reads a recording's text. A line that is not JSON fails the read with its number (the last line
 * of a file that ends without a newline is said to be cut off), as does a frame that is not a
 * JSON-RPC message: a replay or a comparison made of half a session would mislead.
 */
export function readRecording(text: string): RecordingRead {
  const lines = text.split('\n');
  const frames: RecordedFrame[] = [];
  let header = false;
  let lastLine = lines.length;
  while (lastLine > 0 && (lines[lastLine - 1] ?? '').trim() === '') lastLine -= 1;
  const endsCleanly = /\n\s*$/.test(text);
  for (let i = 0; i < lastLine; i += 1) {
    const line = i + 1;
    const raw = (lines[i] ?? '').trim();
    if (raw === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch {
      if (line === lastLine && !endsCleanly)
        return { error: `line ${line}: the recording is cut off (its last line is half a record)`, line };
      return { error: `line ${line}: not JSON`, line };
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value))
      return { error: `line ${line}: not a record (a JSON object)`, line };
    const record = value as Record<string, unknown>;
    if (record.type === RECORDING_HEADER_TYPE) {
      if (record.version !== 1)
        return {
          error: `line ${line}: recording format version ${String(record.version)}; this mcp-inspect reads version 1`,
          line,
        };
      header = true;
      continue;
    }
    if (record.type !== 'frame') continue;
    if (!isFrameRecordShape(record))
      return {
        error: `line ${line}: a frame that is not a JSON-RPC message with its stamps (t, dir, generation)`,
        line,
      };
    frames.push({
      line,
      t: record.t,
      dir: record.dir,
      generation: record.generation,
      message: record.message as unknown as Record<string, unknown>,
      ...(record.relatedTo === undefined ? {} : { relatedTo: record.relatedTo }),
      ...(record.elided ? { elided: true } : {}),
    });
  }
  if (!header && frames.length === 0)
    return {
      error:
        'not a recording: no mcp-inspect-traffic header line and no frames (export one from the traffic pane, or run a verb with --traffic FILE)',
      line: 1,
    };
  return { frames };
}

/** Whether a file's text reads as a recording rather than one JSON document (a snapshot). */
export function looksLikeRecording(text: string): boolean {
  const first = text.trimStart().split('\n', 1)[0] ?? '';
  return (
    first.includes(`"${RECORDING_HEADER_TYPE}"`) || /^\{.*"type"\s*:\s*"(frame|state|stderr)"/.test(first)
  );
}
