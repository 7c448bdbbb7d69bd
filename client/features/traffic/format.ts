import { targetLabel } from '../connection/targetLabel';
import type { TrafficRow } from './trafficRows';

/** Seconds since the session started, to the millisecond. */
export function formatRelative(t: number): string {
  return `${(t / 1000).toFixed(3)} s`;
}

/**
 * Wall-clock time of a record, for the hover title; unknown without the bridge's start time.
 * Local time written out by hand, then UTC: every row has one, and the first use of Intl (as
 * `toLocaleString` makes) costs ~20 ms of the first screen.
 */
export function formatAbsolute(t: number, startedAt: number | undefined): string {
  if (startedAt === undefined) return 'absolute time unknown';
  const date = new Date(startedAt + t);
  const two = (n: number): string => String(n).padStart(2, '0');
  const local =
    `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())} ` +
    `${two(date.getHours())}:${two(date.getMinutes())}:${two(date.getSeconds())}.${String(date.getMilliseconds()).padStart(3, '0')}`;
  return `${local} local (${date.toISOString()})`;
}

/**
 * A count with thousands separators, as `toLocaleString('en-US')` writes it: without Intl,
 * whose first use costs ~25 ms of the first screen (ICU's number formats are set up then).
 */
export function formatCount(count: number): string {
  const [whole = '', fraction] = String(count).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return fraction === undefined ? grouped : `${grouped}.${fraction}`;
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

export function formatMs(ms: number): string {
  if (!Number.isFinite(ms)) return '—';
  return ms < 10 ? `${ms.toFixed(2)} ms` : ms < 1000 ? `${ms.toFixed(1)} ms` : `${(ms / 1000).toFixed(2)} s`;
}

export const KIND_LABELS: Record<TrafficRow['kind'], string> = {
  request: 'request',
  response: 'response',
  error: 'error response',
  notification: 'notification',
  state: 'server',
  stderr: 'stderr',
  transportError: 'transport error',
  target: 'target',
  page: 'page',
  note: 'info',
  http: 'HTTP',
  app: 'app',
  gap: 'missing',
};

/** The words of an event row, where a frame shows its method. */
export function eventText(row: TrafficRow): string {
  const record = row.record;
  switch (record.type) {
    case 'frame':
      return row.method ?? '';
    case 'stderr':
      return record.line;
    case 'transportError':
      return `${record.message}${record.status === undefined ? '' : ` (HTTP ${record.status})`}${record.raw === undefined ? '' : `: ${record.raw}`}`;
    case 'state':
      return stateText(record);
    case 'page':
      return record.detail;
    case 'note':
      return record.text;
    case 'http':
      return httpText(record);
    case 'target':
      return `now inspecting ${targetLabel(record.target)}`;
    case 'app':
      return appText(row, record);
    case 'gap':
      return `${formatCount(record.count)} record${record.count === 1 ? '' : 's'} missing here: mcp-inspect's bounded history no longer held them`;
  }
}

function stateText(record: Extract<TrafficRow['record'], { type: 'state' }>): string {
  const run = `run ${record.generation}`;
  switch (record.state) {
    case 'starting':
      return `${run}: starting`;
    case 'connected':
      return `${run}: connected${record.transport ? ` over ${record.transport}` : ''}${record.pid === undefined ? '' : ` (pid ${record.pid})`}${record.note ? `: ${record.note}` : ''}`;
    case 'exited':
      return `${run}: exited${record.code === null || record.code === undefined ? '' : ` with code ${record.code}`}${record.signal ? ` by ${record.signal}` : ''}`;
    case 'failed':
      return `${run}: failed: ${record.reason ?? 'unknown reason'}`;
    case 'stopped':
      return `${run}: stopped`;
  }
}

/** An MCP App's message in one line: `app → host tools/call`, `host → app response`. */
function appText(row: TrafficRow, record: Extract<TrafficRow['record'], { type: 'app' }>): string {
  const way = record.dir === 'appToHost' ? 'app → host' : 'host → app';
  if (record.problem !== undefined) return `${way} malformed message (${record.problem})`;
  const message = record.message as { method?: unknown; params?: { message?: unknown } } | null;
  if (typeof message?.method !== 'string') {
    return `${way} ${row.isError ? 'error' : 'response'} to ${row.method ?? 'an unknown request'}`;
  }
  const report = typeof message.params?.message === 'string' ? `: ${message.params.message}` : '';
  return `${way} ${message.method}${report}`;
}

/** An HTTP exchange in one line: `POST /mcp → 200 · tools/call`, or why no response came. */
export function httpText(record: Extract<TrafficRow['record'], { type: 'http' }>): string {
  const outcome =
    record.status === undefined ? `no response (${record.error ?? 'unknown'})` : `${record.status}`;
  const what = record.rpcMethod ?? (record.rpcIds.length > 0 ? `answer to ${record.rpcIds.join(', ')}` : '');
  return `${record.method} ${record.path} → ${outcome}${what ? ` · ${what}` : ''}`;
}
