/**
 * A hand-written check of a JSON-RPC message, for the hot paths of both ends: it accepts what the
 * SDK's `JSONRPCMessageSchema` accepts (a request, notification, result or error response, strict
 * at the top level as the SDK's schemas are), and `jsonRpcShape.test.ts` holds it to that. The
 * zod schema stays the reference and the check of everything else.
 *
 * Why: the zod parse cost ~10 µs a message, and allocated a copy of it. In the relay bench
 * (1,000 echo calls in flight) it was 14% of the bridge's busy time, with its garbage a good part
 * of another 11% spent collecting; in a flood of 100,000 notifications it was the page's largest
 * cost.
 */
export function isJsonRpcMessageShape(value: unknown): boolean {
  if (!isPlainObject(value) || value.jsonrpc !== '2.0') return false;
  const keys = Object.keys(value);
  if ('method' in value) {
    if (typeof value.method !== 'string') return false;
    if (!keys.every((key) => key === 'jsonrpc' || key === 'id' || key === 'method' || key === 'params')) {
      return false;
    }
    if ('id' in value && !isId(value.id)) return false;
    return value.params === undefined || isParams(value.params);
  }
  if ('result' in value) {
    if (!keys.every((key) => key === 'jsonrpc' || key === 'id' || key === 'result')) return false;
    return isId(value.id) && isPlainObject(value.result) && isObjectOrAbsent(value.result._meta);
  }
  if ('error' in value) {
    if (!keys.every((key) => key === 'jsonrpc' || key === 'id' || key === 'error')) return false;
    if (value.id !== undefined && !isId(value.id)) return false;
    const error = value.error;
    return isPlainObject(error) && Number.isSafeInteger(error.code) && typeof error.message === 'string';
  }
  return false;
}

/** The key under which a 2025-11-25 request's `_meta` names the task it belongs to. */
const RELATED_TASK_META_KEY = 'io.modelcontextprotocol/related-task';

/** A request's or notification's params: an object whose `_meta`, if any, is well formed. */
function isParams(params: unknown): boolean {
  if (!isPlainObject(params)) return false;
  const meta = params._meta;
  if (meta === undefined) return true;
  if (!isPlainObject(meta)) return false;
  if (meta.progressToken !== undefined && !isId(meta.progressToken)) return false;
  const task = meta[RELATED_TASK_META_KEY];
  return task === undefined || (isPlainObject(task) && typeof task.taskId === 'string');
}

function isId(value: unknown): boolean {
  return typeof value === 'string' || Number.isSafeInteger(value);
}

function isObjectOrAbsent(value: unknown): boolean {
  return value === undefined || isPlainObject(value);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
