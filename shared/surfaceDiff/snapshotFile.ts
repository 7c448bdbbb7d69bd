import { stableJson } from '../core/stableJson.js';
import { stableSurface, type Surface } from '../core/surface.js';
import { parseJsonText } from '../jsonText.js';
import { pairExchanges } from '../recording/exchanges.js';
import { looksLikeRecording, readRecording } from '../recording/readRecording.js';
import { recordedSurface } from '../recording/recordedSurface.js';

/** What a snapshot file says it is, first key by key order: a reader knows it before the surface. */
export const SNAPSHOT_FORMAT = 'mcp-inspect-snapshot';
export const SNAPSHOT_VERSION = 1;

export interface SnapshotFile {
  format: typeof SNAPSHOT_FORMAT;
  version: typeof SNAPSHOT_VERSION;
  surface: Surface;
}

/**
 * The text of a snapshot file: the surface sorted and stable (stableSurface), keys sorted, two-space
 * indent, a final newline. Two snapshots of an unchanged server are the same bytes, so the file
 * can be committed and a change reviewed as a diff. No time stamp, for the same reason.
 */
export function snapshotText(surface: Surface): string {
  const file: SnapshotFile = {
    format: SNAPSHOT_FORMAT,
    version: SNAPSHOT_VERSION,
    surface: stableSurface(surface),
  };
  return stableJson(file);
}

export type SurfaceFileRead =
  { surface: Surface; kind: 'snapshot' | 'recording' } | { error: string; line?: number };

/**
 * A surface from a file's text: a snapshot (one JSON document), or a recording (JSON Lines), told
 * apart by their first line. A mistake is named with its line.
 */
export function readSurfaceFile(text: string): SurfaceFileRead {
  if (looksLikeRecording(text)) {
    const read = readRecording(text);
    if ('error' in read) return read;
    const surface = recordedSurface(pairExchanges(read.frames));
    if ('error' in surface) return surface;
    return { surface: stableSurface(surface), kind: 'recording' };
  }
  const parsed = parseJsonText(text);
  if ('error' in parsed) {
    const cutOff = /found the end of the file/.test(parsed.error) ? ' (the file is cut off)' : '';
    return { error: `${parsed.error}${cutOff}`, line: parsed.line };
  }
  const file = parsed.value as Partial<SnapshotFile> | null;
  if (typeof file !== 'object' || file === null || file.format !== SNAPSHOT_FORMAT)
    return {
      error: `not a snapshot (no "format": "${SNAPSHOT_FORMAT}") nor a recording (no mcp-inspect-traffic header line)`,
      line: 1,
    };
  if (file.version !== SNAPSHOT_VERSION)
    return {
      error: `snapshot version ${String(file.version)}; this mcp-inspect reads version ${SNAPSHOT_VERSION}`,
      line: 1,
    };
  const surface = file.surface as Partial<Surface> | undefined;
  if (typeof surface !== 'object' || surface === null)
    return { error: 'the snapshot has no "surface" object', line: 1 };
  for (const key of ['tools', 'resources', 'resourceTemplates', 'prompts'] as const)
    if (!Array.isArray(surface[key]))
      return { error: `the snapshot's surface has no "${key}" list`, line: 1 };
  return { surface: stableSurface(surface as Surface), kind: 'snapshot' };
}
