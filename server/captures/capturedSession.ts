import type { CaptureSessionView } from '../../shared/capturesWire.js';
import { TRAFFIC_FILE_TYPE } from '../../shared/core/traffic/trafficFile.js';

/**
 * What a list of captured sessions shows of each: the host as it named itself, the server, the
 * era, when it started and how it stands (the page's CaptureSessionView, less where it was
 * found). Read from the records themselves (live from a proxy's push, or afterwards from its
 * capture file), so both lists say the same.
 */
export type CapturedSession = Omit<CaptureSessionView, 'source'>;

const CLIENT_INFO_META = 'io.modelcontextprotocol/clientInfo';

/** A session from its capture header, before any record. */
export function sessionFromHeader(header: Record<string, unknown>): CapturedSession | undefined {
  const capture = header.capture as Record<string, unknown> | undefined;
  if (header.type !== TRAFFIC_FILE_TYPE || typeof capture?.id !== 'string') return undefined;
  return {
    id: capture.id.slice(0, 200),
    transport: String(capture.transport ?? 'stdio').slice(0, 40),
    server: String(capture.server ?? '').slice(0, 2000),
    startedAt: typeof header.startedAt === 'number' ? header.startedAt : 0,
    state: 'starting',
    records: 0,
    inject: Array.isArray(capture.inject) ? capture.inject.map(String).slice(0, 50) : [],
  };
}

/** What one record tells about the session: the host's name, the era, the state. */
export function learnFromRecord(session: CapturedSession, record: Record<string, unknown>): void {
  session.records += 1;
  if (record.type === 'state' && typeof record.state === 'string') {
    session.state = record.state;
    return;
  }
  if (record.type !== 'frame' || record.dir !== 'toServer') return;
  const message = record.message as { method?: unknown; params?: Record<string, unknown> } | undefined;
  if (session.era !== undefined && session.client !== undefined) return;
  const params = message?.params;
  if (message?.method === 'initialize') {
    session.era ??= 'legacy';
    session.client ??= clientInfo(params?.clientInfo);
  } else if (message?.method === 'server/discover' || typeof message?.method === 'string') {
    const meta = params?._meta as Record<string, unknown> | undefined;
    const fromMeta = clientInfo(meta?.[CLIENT_INFO_META]);
    if (fromMeta) {
      session.era ??= 'modern';
      session.client ??= fromMeta;
    } else if (message?.method === 'server/discover') {
      session.era ??= 'modern';
    }
  }
}

function clientInfo(value: unknown): CapturedSession['client'] {
  if (typeof value !== 'object' || value === null) return undefined;
  const info = value as Record<string, unknown>;
  if (typeof info.name !== 'string') return undefined;
  return {
    name: info.name.slice(0, 200),
    ...(typeof info.version === 'string' ? { version: info.version.slice(0, 100) } : {}),
    ...(typeof info.title === 'string' ? { title: info.title.slice(0, 200) } : {}),
  };
}
