import { formatCount } from '../../components/format';
import { targetLabel } from '../../session/targetLabel';
import type { TrafficRow } from '../../../shared/core/traffic/trafficRows';

/** What the Kind column calls each kind of row. */
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
