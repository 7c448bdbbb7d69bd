import type { LoggingLevel } from '@modelcontextprotocol/client';
import type { TrafficRecord } from '../traffic/trafficRecord';

/** RFC 5424 severities, least severe first, as MCP uses them. */
export const LOG_LEVELS: readonly LoggingLevel[] = [
  'debug',
  'info',
  'notice',
  'warning',
  'error',
  'critical',
  'alert',
  'emergency',
];

export interface LogEntry {
  seq: number;
  t: number;
  level: LoggingLevel;
  logger: string | undefined;
  /** The message's data: a string as is, anything else as JSON. */
  text: string;
}

/** The server's notifications/message in the timeline, at or above a level, oldest first. */
export function logEntriesOf(records: readonly TrafficRecord[], from: LoggingLevel): LogEntry[] {
  const floor = LOG_LEVELS.indexOf(from);
  const entries: LogEntry[] = [];
  for (const record of records) {
    if (record.type !== 'frame' || record.dir !== 'fromServer') continue;
    const message = record.message as {
      method?: unknown;
      params?: { level?: unknown; logger?: unknown; data?: unknown };
    };
    if (message.method !== 'notifications/message') continue;
    const level = message.params?.level as LoggingLevel;
    const rank = LOG_LEVELS.indexOf(level);
    if (rank < floor) continue;
    const data = message.params?.data;
    entries.push({
      seq: record.seq,
      t: record.t,
      level: rank === -1 ? 'info' : level,
      logger: typeof message.params?.logger === 'string' ? message.params.logger : undefined,
      text: typeof data === 'string' ? data : JSON.stringify(data),
    });
  }
  return entries;
}
