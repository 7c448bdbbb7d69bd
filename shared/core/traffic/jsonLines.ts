import { HistorySchema } from '../../wire.js';
import { EXPORT_TYPE, exportHeader, type ExportHeader } from './exportHeader.js';
import type { TrafficRecord } from './trafficRecord.js';

/** The session as JSON Lines: a header, then one record per line with the bridge's stamps. */
export function toJsonLines(records: readonly TrafficRecord[], startedAt: number | undefined): string {
  const lines = [JSON.stringify(exportHeader(startedAt))];
  for (const record of records) lines.push(JSON.stringify(record));
  return `${lines.join('\n')}\n`;
}

export interface ImportedSession {
  records: TrafficRecord[];
  startedAt: number | undefined;
  /** Lines that were not a record, with their line numbers: said, not dropped silently. */
  skipped: { line: number; reason: string }[];
}

const BridgeRecordSchema = HistorySchema.shape.records.element;

/** Reads an export back. Bridge records are checked against the wire schema; page records by shape. */
export function fromJsonLines(text: string): ImportedSession {
  const records: TrafficRecord[] = [];
  const skipped: ImportedSession['skipped'] = [];
  let startedAt: number | undefined;
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i += 1) {
    const line = lines[i]?.trim();
    if (!line) continue;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      skipped.push({ line: i + 1, reason: 'not JSON' });
      continue;
    }
    const type = (value as { type?: unknown } | null)?.type;
    if (type === EXPORT_TYPE) {
      const header = value as Partial<ExportHeader>;
      if (typeof header.startedAt === 'number') startedAt = header.startedAt;
      continue;
    }
    if (isPageRecord(value)) {
      records.push(value);
      continue;
    }
    const parsed = BridgeRecordSchema.safeParse(value);
    if (parsed.success) {
      // The object as written: the schema's copy may lack keys it does not know.
      records.push(value as TrafficRecord);
    } else {
      skipped.push({ line: i + 1, reason: parsed.error.issues[0]?.message ?? 'not a record' });
    }
  }
  return { records, startedAt, skipped };
}

function isPageRecord(value: unknown): value is TrafficRecord {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  if (typeof v.seq !== 'number' || typeof v.t !== 'number') return false;
  if (v.type === 'gap') return typeof v.count === 'number';
  if (v.type === 'page') return typeof v.event === 'string' && typeof v.detail === 'string';
  return false;
}
