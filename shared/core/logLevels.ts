import type { LoggingLevel } from '@modelcontextprotocol/client';

/** RFC 5424 severities, least severe first, as MCP's logging uses them (the page's filter, the CLI's --log-level). */
export const LOG_LEVELS = [
  'debug',
  'info',
  'notice',
  'warning',
  'error',
  'critical',
  'alert',
  'emergency',
] as const satisfies readonly LoggingLevel[];

export type LogLevel = (typeof LOG_LEVELS)[number];
