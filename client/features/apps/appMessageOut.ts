import { jsonRpcEnvelope } from '../../../shared/jsonRpcShape';
import { APP_MESSAGE_LIMIT_BYTES, type AppDirection, type AppMessageOut } from '../../../shared/wire';

export interface AppMessageFacts {
  generation: number;
  view: string;
  uri: string;
  dir: AppDirection;
  data: unknown;
  problem?: string;
  mcpIds?: (string | number)[];
}

type JsonValue = AppMessageOut['message'];

/**
 * The `app` envelope for one message: JSON-safe whatever the app posted (structured clone
 * carries Dates, Maps, cycles and BigInts that JSON does not), and short when it is large. The
 * HTML handed to the sandbox is left out: it is the resources/read answer already in the traffic.
 */
export function appMessageOut(facts: AppMessageFacts): Omit<AppMessageOut, 'type'> {
  const { data, problem, mcpIds, ...where } = facts;
  let message = toJson(data);
  let elided = false;
  const text = JSON.stringify(message) ?? 'null';
  const bytes = new TextEncoder().encode(text).length;
  if (isResourceReady(message)) {
    message = withoutHtml(message);
    elided = true;
  } else if (bytes > APP_MESSAGE_LIMIT_BYTES) {
    // Past this the page sends only the envelope: the bridge would keep no more.
    message = (jsonRpcEnvelope(message) as JsonValue | null) ?? '[too large to keep]';
    elided = true;
  }
  return {
    ...where,
    message,
    bytes,
    ...(problem === undefined ? {} : { problem: problem.slice(0, 2000) }),
    ...(mcpIds && mcpIds.length > 0 ? { mcpIds: mcpIds.slice(0, 64) } : {}),
    ...(elided ? { elided } : {}),
  };
}

/** A JSON copy; what JSON cannot hold becomes a description of it, and a cycle stops there. */
export function toJson(value: unknown): JsonValue {
  const seen = new WeakSet<object>();
  const walk = (item: unknown, depth: number): JsonValue => {
    if (item === null || typeof item === 'string' || typeof item === 'boolean') return item;
    if (typeof item === 'number') return Number.isFinite(item) ? item : String(item);
    if (typeof item === 'bigint') return `${item}n`;
    if (typeof item === 'undefined') return null;
    if (typeof item !== 'object') return `[${typeof item}]`;
    if (seen.has(item) || depth > 64) return '[cycle or too deep]';
    seen.add(item);
    if (Array.isArray(item)) return item.map((entry) => walk(entry, depth + 1));
    if (item instanceof Date) return item.toISOString();
    if (item instanceof ArrayBuffer || ArrayBuffer.isView(item))
      return `[binary, ${(item as ArrayBuffer).byteLength} bytes]`;
    if (item instanceof Map || item instanceof Set) return `[${item.constructor.name} of ${item.size}]`;
    const out: Record<string, JsonValue> = {};
    for (const [key, entry] of Object.entries(item)) out[key] = walk(entry, depth + 1);
    return out;
  };
  return walk(value, 0);
}

function isResourceReady(message: JsonValue): boolean {
  return (
    typeof message === 'object' &&
    message !== null &&
    !Array.isArray(message) &&
    message.method === 'ui/notifications/sandbox-resource-ready'
  );
}

function withoutHtml(message: JsonValue): JsonValue {
  const m = message as Record<string, JsonValue>;
  const params = (m.params ?? {}) as Record<string, JsonValue>;
  const html = typeof params.html === 'string' ? params.html : '';
  return {
    ...m,
    params: { ...params, html: `[${html.length} characters of HTML: the resources/read answer]` },
  };
}
