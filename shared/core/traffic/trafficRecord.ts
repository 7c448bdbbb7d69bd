import type { TimelineRecord } from '../../wire.js';

/**
 * Something only the page saw: its socket to the bridge dropping and coming back, or a new
 * bridge answering after one went away. Stamped with the page's best estimate of the bridge's
 * clock (`Date.now() - startedAt`) and the last sequence number it had seen, so it sorts where
 * it happened.
 */
export interface PageEventRecord {
  type: 'page';
  seq: number;
  t: number;
  event: 'disconnected' | 'reconnected' | 'newBridgeSession';
  /** Words for the person. */
  detail: string;
}

/**
 * Where records are missing: sequence numbers the page never received because a bounded buffer
 * (the bridge's, before a reload or reconnect) no longer held them. Kept in the log as a record
 * of its own so it is never silent, and so it survives export and import.
 */
export interface GapRecord {
  type: 'gap';
  /** The first missing sequence number. */
  seq: number;
  /** Time of the last record before the gap. */
  t: number;
  /** How many records are missing. */
  count: number;
}

/** Everything the traffic pane lists: the bridge's stamped records and the page's own. */
export type TrafficRecord = TimelineRecord | PageEventRecord | GapRecord;

export type FrameRecord = Extract<TimelineRecord, { type: 'frame' }>;

/** Bytes a record counts against the page's memory bound: a frame's size, a line's length. */
export function recordWeight(record: TrafficRecord): number {
  switch (record.type) {
    case 'frame':
    case 'app':
      return record.bytes;
    case 'stderr':
      return record.line.length;
    case 'transportError':
      return record.message.length + (record.raw?.length ?? 0);
    default:
      return 64;
  }
}
