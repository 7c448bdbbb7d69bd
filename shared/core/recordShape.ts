import { isJsonRpcMessageShape } from '../jsonRpcShape.js';
import type { TimelineRecord } from '../wire.js';

/**
 * A hand-written check of a frame record, for the page's hot path: in a flood of 100,000
 * notifications, a zod parse per record (stamps and the SDK's JSONRPCMessageSchema union) cost
 * more of the page's main thread than everything else together. It checks what the zod schema
 * does for the fields the page relies on (the stamps, and a JSON-RPC message's distinguishing
 * members); anything it does not recognise goes to the full schema instead.
 */
export function isFrameRecordShape(value: unknown): value is Extract<TimelineRecord, { type: 'frame' }> {
  if (typeof value !== 'object' || value === null) return false;
  const r = value as Record<string, unknown>;
  return (
    r.type === 'frame' &&
    isCount(r.seq) &&
    typeof r.t === 'number' &&
    r.t >= 0 &&
    (r.dir === 'toServer' || r.dir === 'fromServer') &&
    isCount(r.bytes) &&
    Number.isInteger(r.generation) &&
    (r.synthetic === undefined || typeof r.synthetic === 'boolean') &&
    (r.elided === undefined || typeof r.elided === 'boolean') &&
    isJsonRpcMessageShape(r.message)
  );
}

function isCount(value: unknown): boolean {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0;
}
