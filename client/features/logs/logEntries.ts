import type { LoggingLevel } from '@modelcontextprotocol/client';
import type { TrafficRecord } from '../../../shared/core/traffic/trafficRecord';

import { LOG_LEVELS } from '../../../shared/core/logLevels';

export { LOG_LEVELS };

export interface LogEntry {
  /** Absolute position of the record in the traffic log. */
  position: number;
  seq: number;
  t: number;
  level: LoggingLevel;
  logger: string | undefined;
  /** The message's data as sent: a string, or any JSON value. */
  data: unknown;
  /** The id of the request it was logged for, where the wire said so (Streamable HTTP). */
  relatedTo?: string | number;
}

/** A server's notifications/message as a log entry; undefined for any other record. */
export function logEntryAt(record: TrafficRecord, position: number): LogEntry | undefined {
  if (record.type !== 'frame' || record.dir !== 'fromServer') return undefined;
  const message = record.message as {
    method?: unknown;
    params?: { level?: unknown; logger?: unknown; data?: unknown };
  };
  if (message.method !== 'notifications/message') return undefined;
  const level = message.params?.level as LoggingLevel;
  return {
    position,
    seq: record.seq,
    t: record.t,
    level: LOG_LEVELS.includes(level) ? level : 'info',
    logger: typeof message.params?.logger === 'string' ? message.params.logger : undefined,
    data: message.params?.data,
    ...(record.relatedTo === undefined ? {} : { relatedTo: record.relatedTo }),
  };
}

/** The data as one line of text (computed for the rows in view only): a string as is, else JSON. */
export function logText(entry: LogEntry): string {
  return typeof entry.data === 'string' ? entry.data : JSON.stringify(entry.data);
}
