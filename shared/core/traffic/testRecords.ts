import type { TimelineRecord } from '../../wire.js';

/** Builders of bridge records for the traffic model's unit tests. */
export function records() {
  let seq = 0;
  const stamp = (t: number) => ({ seq: ++seq, t });
  return {
    request(
      t: number,
      id: number | string,
      method: string,
      params?: unknown,
      generation = 1,
    ): TimelineRecord {
      return {
        type: 'frame',
        ...stamp(t),
        dir: 'toServer',
        bytes: 40,
        generation,
        message: { jsonrpc: '2.0', id, method, ...(params === undefined ? {} : { params }) },
      } as TimelineRecord;
    },
    result(t: number, id: number | string, result: object = {}, generation = 1): TimelineRecord {
      return {
        type: 'frame',
        ...stamp(t),
        dir: 'fromServer',
        bytes: 40,
        generation,
        message: { jsonrpc: '2.0', id, result },
      } as TimelineRecord;
    },
    error(t: number, id: number | string, message = 'nope'): TimelineRecord {
      return {
        type: 'frame',
        ...stamp(t),
        dir: 'fromServer',
        bytes: 40,
        generation: 1,
        message: { jsonrpc: '2.0', id, error: { code: -32602, message } },
      } as TimelineRecord;
    },
    /** `relatedTo`: the request on whose stream the bridge saw it (Streamable HTTP). */
    notification(
      t: number,
      method: string,
      params: unknown,
      dir: 'toServer' | 'fromServer',
      relatedTo?: string | number,
    ): TimelineRecord {
      return {
        type: 'frame',
        ...stamp(t),
        dir,
        bytes: 40,
        generation: 1,
        ...(relatedTo === undefined ? {} : { relatedTo }),
        message: { jsonrpc: '2.0', method, params },
      } as TimelineRecord;
    },
    stderr(t: number, line: string): TimelineRecord {
      return { type: 'stderr', ...stamp(t), generation: 1, line };
    },
    /** Skips sequence numbers, as records lost in the bridge's buffer would. */
    skip(count: number): void {
      seq += count;
    },
  };
}
