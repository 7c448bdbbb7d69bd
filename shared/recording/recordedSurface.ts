import type { Surface } from '../core/surface.js';
import type { Exchange } from './exchanges.js';

const SERVER_INFO_META_KEY = 'io.modelcontextprotocol/serverInfo';
const PROTOCOL_VERSION_META_KEY = 'io.modelcontextprotocol/protocolVersion';

/** The handshake a recording holds: which era it was made in, and what the server said of itself. */
export interface RecordedHandshake {
  era: 'legacy' | 'modern';
  exchange: Exchange;
  result: Record<string, unknown>;
}

/**
 * The era a recording was made in: legacy when `initialize` was answered (an `auto` client that
 * probed with server/discover first and was refused ends up there too), modern when
 * server/discover was answered with a result and no initialize followed. Undefined when neither.
 */
export function recordedHandshake(exchanges: readonly Exchange[]): RecordedHandshake | undefined {
  const answered = (method: string) =>
    exchanges.filter((exchange) => exchange.request.method === method && isObject(exchange.response?.result));
  const initialize = answered('initialize').at(-1);
  if (initialize)
    return {
      era: 'legacy',
      exchange: initialize,
      result: initialize.response?.result as Record<string, unknown>,
    };
  const discover = answered('server/discover').at(-1);
  if (discover)
    return {
      era: 'modern',
      exchange: discover,
      result: discover.response?.result as Record<string, unknown>,
    };
  return undefined;
}

const LISTS = [
  { method: 'tools/list', key: 'tools', capability: 'tools' },
  { method: 'resources/list', key: 'resources', capability: 'resources' },
  { method: 'resources/templates/list', key: 'resourceTemplates', capability: 'resources' },
  { method: 'prompts/list', key: 'prompts', capability: 'prompts' },
] as const;

/**
 * The surface a recording shows: the handshake's facts and the last complete read of each list
 * (its pages joined, following `nextCursor`). A list the capabilities declare but the recording
 * never read, or read to an error, is kept as a failure, so a comparison says so instead of
 * counting its items as removed.
 */
export function recordedSurface(exchanges: readonly Exchange[]): Surface | { error: string } {
  const handshake = recordedHandshake(exchanges);
  if (!handshake)
    return {
      error:
        'the recording holds no answered handshake (initialize or server/discover): it starts too late, or the server never answered',
    };
  const { era, result, exchange } = handshake;
  const capabilities = (isObject(result.capabilities) ? result.capabilities : {}) as Surface['capabilities'] &
    object;
  const meta = isObject(result._meta) ? result._meta : {};
  const serverInfo = era === 'legacy' ? result.serverInfo : meta[SERVER_INFO_META_KEY];
  const asked = isObject(exchange.request.params?._meta)
    ? exchange.request.params._meta[PROTOCOL_VERSION_META_KEY]
    : undefined;
  const supported = Array.isArray(result.supportedVersions) ? result.supportedVersions : [];
  const protocolVersion =
    era === 'legacy'
      ? result.protocolVersion
      : typeof asked === 'string' && supported.includes(asked)
        ? asked
        : supported.at(-1);
  const surface: Surface = {
    era,
    ...(typeof protocolVersion === 'string' ? { protocolVersion } : {}),
    ...(isObject(serverInfo)
      ? { serverInfo: serverInfo as unknown as NonNullable<Surface['serverInfo']> }
      : {}),
    capabilities,
    ...(typeof result.instructions === 'string' ? { instructions: result.instructions } : {}),
    tools: [],
    resources: [],
    resourceTemplates: [],
    prompts: [],
  };
  const failures: Record<string, string> = {};
  for (const list of LISTS) {
    if (!(capabilities as Record<string, unknown>)[list.capability]) continue;
    const read = lastRead(exchanges, list.method, list.key);
    if ('error' in read) failures[list.method] = read.error;
    else (surface[list.key] as unknown[]) = read.items;
  }
  return Object.keys(failures).length > 0 ? { ...surface, failures } : surface;
}

/**
 * Why a list is missing from a recording whose session never read it: unknown, not failed (a
 * diff says it reads on one side only, and does not end in an error for it).
 */
export const NOT_IN_RECORDING = 'is not in the recording';

/** The last read of a list from its first page to its last, or why there is none. */
function lastRead(
  exchanges: readonly Exchange[],
  method: string,
  key: string,
): { items: unknown[] } | { error: string } {
  let current: unknown[] | undefined;
  let complete: unknown[] | undefined;
  let error: string | undefined;
  for (const exchange of exchanges) {
    if (exchange.request.method !== method) continue;
    const cursor = exchange.request.params?.cursor;
    const response = exchange.response;
    if (!response) continue;
    if (isObject(response.error)) {
      error = `answered error ${String(response.error.code)}: ${String(response.error.message)}`;
      current = undefined;
      continue;
    }
    const page =
      isObject(response.result) && Array.isArray(response.result[key])
        ? (response.result[key] as unknown[])
        : undefined;
    if (!page) continue;
    if (cursor === undefined) current = [...page];
    else if (current) current.push(...page);
    else continue;
    if (!(isObject(response.result) && typeof response.result.nextCursor === 'string')) {
      complete = current;
      error = undefined;
    }
  }
  if (complete) return { items: complete };
  return { error: error ?? `${method} ${NOT_IN_RECORDING}` };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
