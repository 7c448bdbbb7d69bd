/**
 * The one classification of JSON-RPC messages, for both ends: what a value is (a request, a
 * notification, a result or error response, or not a JSON-RPC message at all), the guards that
 * narrow a checked message to its kind, and the envelope that stands for a message too large to
 * keep. The SDK has guards of its own (`isJSONRPCRequest` and co.), but each runs a zod parse,
 * which on the hot paths of both ends cost more than the work around it.
 */
import type {
  JSONRPCErrorResponse,
  JSONRPCMessage,
  JSONRPCNotification,
  JSONRPCRequest,
  JSONRPCResponse,
  JSONRPCResultResponse,
  RequestId,
} from '@modelcontextprotocol/client';

/** What a JSON-RPC message is, by which members it has. */
export type JsonRpcKind = 'request' | 'notification' | 'result' | 'error';

/**
 * Checks any value and says what it is: the kind of JSON-RPC message, when the SDK's
 * `JSONRPCMessageSchema` would accept it (strict at the top level, as the SDK's schemas are;
 * `jsonRpcShape.test.ts` holds the two to agreement), else `invalid`. The zod schema stays the
 * reference and the check of everything else.
 *
 * Why by hand: the zod parse cost ~10 µs a message, and allocated a copy of it. In the relay bench
 * (1,000 echo calls in flight) it was 14% of the bridge's busy time, with its garbage a good part
 * of another 11% spent collecting; in a flood of 100,000 notifications it was the page's largest
 * cost.
 */
export function classifyJsonRpc(value: unknown): JsonRpcKind | 'invalid' {
  if (!isPlainObject(value) || value.jsonrpc !== '2.0') return 'invalid';
  const keys = Object.keys(value);
  if ('method' in value) {
    if (typeof value.method !== 'string') return 'invalid';
    if (!keys.every((key) => key === 'jsonrpc' || key === 'id' || key === 'method' || key === 'params')) {
      return 'invalid';
    }
    if ('id' in value && !isId(value.id)) return 'invalid';
    if (value.params !== undefined && !isParams(value.params)) return 'invalid';
    return 'id' in value ? 'request' : 'notification';
  }
  if ('result' in value) {
    if (!keys.every((key) => key === 'jsonrpc' || key === 'id' || key === 'result')) return 'invalid';
    const valid = isId(value.id) && isPlainObject(value.result) && isObjectOrAbsent(value.result._meta);
    return valid ? 'result' : 'invalid';
  }
  if ('error' in value) {
    if (!keys.every((key) => key === 'jsonrpc' || key === 'id' || key === 'error')) return 'invalid';
    if (value.id !== undefined && !isId(value.id)) return 'invalid';
    const error = value.error;
    const valid =
      isPlainObject(error) && Number.isSafeInteger(error.code) && typeof error.message === 'string';
    return valid ? 'error' : 'invalid';
  }
  return 'invalid';
}

/** A value the SDK's `JSONRPCMessageSchema` would accept (see classifyJsonRpc). */
export function isJsonRpcMessageShape(value: unknown): value is JSONRPCMessage {
  return classifyJsonRpc(value) !== 'invalid';
}

// The guards below read only which members a message has: they are for messages already
// checked, by classifyJsonRpc or the SDK's schema, as every message either end relays is.

/** The kind of a checked message. */
export function jsonRpcKind(message: JSONRPCMessage): JsonRpcKind {
  if ('method' in message) return 'id' in message ? 'request' : 'notification';
  return 'error' in message ? 'error' : 'result';
}

/** A request: a method and an id; the other side owes it an answer. */
export function isRequest(message: JSONRPCMessage): message is JSONRPCRequest {
  return 'method' in message && 'id' in message;
}

/** A notification: a method and no id; nothing answers it. */
export function isNotification(message: JSONRPCMessage): message is JSONRPCNotification {
  return 'method' in message && !('id' in message);
}

/** A response, result or error: no method; its id names the request it answers. */
export function isResponse(message: JSONRPCMessage): message is JSONRPCResponse {
  return !('method' in message);
}

export function isResultResponse(message: JSONRPCMessage): message is JSONRPCResultResponse {
  return 'result' in message;
}

/** An error response; its id may be absent (a request the server could not even parse). */
export function isErrorResponse(message: JSONRPCMessage): message is JSONRPCErrorResponse {
  return 'error' in message;
}

/** The id of a request, else undefined. */
export function requestIdOf(message: JSONRPCMessage): RequestId | undefined {
  return isRequest(message) ? message.id : undefined;
}

/** The id of the request a response answers, else undefined. */
export function responseIdOf(message: JSONRPCMessage): RequestId | undefined {
  return isResponse(message) ? message.id : undefined;
}

/** What stands for a message too large to keep whole (see jsonRpcEnvelope). */
export interface JsonRpcEnvelope {
  jsonrpc?: '2.0';
  id?: RequestId;
  method?: string;
  result?: Record<string, never>;
  error?: { code: number; message: string };
}

/**
 * What remains of a message too large to keep (a frame in the bridge's history, an MCP App's
 * message): enough to list, pair and search it by method and id. A result becomes `{}`; an error
 * keeps its code and message, not its data; params go. Takes anything, since an app may post what
 * is not JSON-RPC; of something that is not an object, nothing remains (null). Of a checked
 * message, what remains is a checked message too.
 */
export function jsonRpcEnvelope(message: unknown): JsonRpcEnvelope | null {
  if (!isPlainObject(message)) return null;
  const stub: JsonRpcEnvelope = {};
  if (message.jsonrpc === '2.0') stub.jsonrpc = '2.0';
  if (isId(message.id)) stub.id = message.id as RequestId;
  if (typeof message.method === 'string') stub.method = message.method.slice(0, 200);
  if (isPlainObject(message.error)) {
    const { code, message: words } = message.error;
    stub.error = {
      code: Number.isSafeInteger(code) ? (code as number) : 0,
      message: typeof words === 'string' ? words.slice(0, 1000) : '',
    };
  } else if ('result' in message) {
    stub.result = {};
  }
  return stub;
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
