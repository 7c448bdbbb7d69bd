import { HistorySchema } from '../../wire.js';
import { readTrafficFile, trafficFileText, trafficHeaderLine } from './trafficFile.js';
import type { TrafficRecord } from './trafficRecord.js';

/** The session as a traffic file (trafficFile.ts): a header, then one record per line with the bridge's stamps. */
export function toJsonLines(records: readonly TrafficRecord[], startedAt: number | undefined): string {
  return trafficFileText([trafficHeaderLine(startedAt), ...records.map((record) => JSON.stringify(record))]);
}

export interface ImportedSession {
  records: TrafficRecord[];
  startedAt: number | undefined;
  /** Lines that were not a record, with their line numbers: said, not dropped silently. */
  skipped: { line: number; reason: string }[];
}

const BridgeRecordSchema = HistorySchema.shape.records.element;

/**
 * Reads a traffic file back for the page's traffic pane. Bridge records are checked against the
 * wire schema; page records by shape; a line that is neither is skipped and said.
 */
export function fromJsonLines(text: string): ImportedSession {
  const read = readTrafficFile(text);
  const records: TrafficRecord[] = [];
  const skipped: ImportedSession['skipped'] = [];
  for (const entry of read.lines) {
    if ('problem' in entry) {
      skipped.push({ line: entry.line, reason: entry.problem });
      continue;
    }
    const value = entry.record;
    if (isPageRecord(value)) {
      records.push(value);
      continue;
    }
    const parsed = BridgeRecordSchema.safeParse(value);
    if (parsed.success) {
      // The object as written: the schema's copy may lack keys it does not know.
      records.push(value as unknown as TrafficRecord);
    } else {
      skipped.push({ line: entry.line, reason: parsed.error.issues[0]?.message ?? 'not a record' });
    }
  }
  const startedAt = read.header?.startedAt;
  return { records, startedAt: typeof startedAt === 'number' ? startedAt : undefined, skipped };
}

function isPageRecord(value: unknown): value is TrafficRecord {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  if (typeof v.seq !== 'number' || typeof v.t !== 'number') return false;
  if (v.type === 'gap') return typeof v.count === 'number';
  if (v.type === 'page') return typeof v.event === 'string' && typeof v.detail === 'string';
  return false;
}
