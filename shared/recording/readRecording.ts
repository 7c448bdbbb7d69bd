import { isFrameRecordShape } from '../core/recordShape.js';
import { looksLikeTrafficFile, readTrafficFile } from '../core/traffic/trafficFile.js';

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

/**
 * Reads a recording's text (shared/core/traffic/trafficFile.ts reads its lines). A line that is
 * not JSON fails the read with its number (the last line of a file that ends without a newline is
 * said to be cut off), as does a frame that is not a JSON-RPC message: a replay or a comparison
 * made of half a session would mislead.
 */
export function readRecording(text: string): RecordingRead {
  const read = readTrafficFile(text);
  const frames: RecordedFrame[] = [];
  for (const entry of read.lines) {
    const { line } = entry;
    if ('problem' in entry) return { error: `line ${line}: ${entry.problem}`, line };
    const record = entry.record;
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
  if (read.header === undefined && frames.length === 0)
    return {
      error:
        'not a recording: no mcp-inspect-traffic header line and no frames (export one from the traffic pane, or run a verb with --traffic FILE)',
      line: 1,
    };
  return { frames };
}

/** Whether a file's text reads as a recording rather than one JSON document (a snapshot). */
export const looksLikeRecording = looksLikeTrafficFile;
