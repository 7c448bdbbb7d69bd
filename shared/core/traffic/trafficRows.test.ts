import { describe, expect, it } from 'vitest';
import { TrafficLog } from './trafficLog.js';
import { TrafficIndex } from './trafficRows.js';
import { records } from './testRecords.js';

function indexOf(log: TrafficLog): TrafficIndex {
  const index = new TrafficIndex(log);
  index.sync();
  return index;
}

describe('TrafficIndex pairing', () => {
  it('pairs a response with its request by id and measures the latency at the bridge', () => {
    const r = records();
    const log = new TrafficLog();
    log.append(r.request(10, 1, 'tools/list'));
    log.append(r.request(11, 2, 'tools/call'));
    log.append(r.result(15.5, 2));
    log.append(r.result(30, 1));
    const [list, call, callResult, listResult] = indexOf(log).rows;
    expect(call?.pair).toBe(callResult);
    expect(callResult?.pair).toBe(call);
    expect(callResult).toMatchObject({ kind: 'response', method: 'tools/call', latencyMs: 4.5 });
    expect(listResult).toMatchObject({ kind: 'response', method: 'tools/list', latencyMs: 20 });
    expect(list?.latencyMs).toBe(20);
  });

  it('keeps ids 1 and "1" apart, and the same id in another generation apart', () => {
    const r = records();
    const log = new TrafficLog();
    log.append(r.request(0, 1, 'a'));
    log.append(r.request(0, '1', 'b'));
    log.append(r.result(5, '1'));
    log.append(r.result(7, 1, {}, 2)); // a new run of the server answering an id it never got
    const rows = indexOf(log).rows;
    expect(rows[2]?.pair).toBe(rows[1]);
    expect(rows[3]?.pair).toBeUndefined();
    expect(rows[0]?.pair).toBeUndefined();
  });

  it('flags an error response and its request, and a tool result with isError', () => {
    const r = records();
    const log = new TrafficLog();
    log.append(r.request(0, 1, 'tools/call'));
    log.append(r.error(1, 1));
    log.append(r.request(2, 2, 'tools/call'));
    log.append(r.result(3, 2, { isError: true, content: [] }));
    const rows = indexOf(log).rows;
    expect(rows.map((row) => [row.kind, row.isError])).toEqual([
      ['request', true],
      ['error', true],
      ['request', true],
      ['response', true],
    ]);
  });

  it('links progress by progress token and cancelled by request id to their request', () => {
    const r = records();
    const log = new TrafficLog();
    log.append(r.request(0, 5, 'tools/call', { name: 'slow', _meta: { progressToken: 'tok' } }));
    log.append(
      r.notification(1, 'notifications/progress', { progressToken: 'tok', progress: 1 }, 'fromServer'),
    );
    log.append(r.notification(2, 'notifications/cancelled', { requestId: 5 }, 'toServer'));
    log.append(
      r.notification(3, 'notifications/progress', { progressToken: 'other', progress: 1 }, 'fromServer'),
    );
    const [request, progress, cancelled, stray] = indexOf(log).rows;
    expect(progress?.linked).toBe(request);
    expect(cancelled?.linked).toBe(request);
    expect(stray?.linked).toBeUndefined();
  });

  it('links a notification the bridge saw on a request stream to that request, with or without params', () => {
    const r = records();
    const log = new TrafficLog();
    log.append(r.request(0, 'call-1', 'tools/call', { name: 'log_message' }));
    const logged = { level: 'info', data: 'hi' };
    log.append(r.notification(1, 'notifications/message', logged, 'fromServer', 'call-1'));
    log.append(r.notification(2, 'notifications/custom', undefined, 'fromServer', 'call-1'));
    // Over stdio nothing says which request a log message belongs to.
    log.append(r.notification(3, 'notifications/message', logged, 'fromServer'));
    const [request, message, custom, unlinked] = indexOf(log).rows;
    expect(message?.linked).toBe(request);
    expect(custom?.linked).toBe(request);
    expect(unlinked?.linked).toBeUndefined();
  });

  it('derives only new records on each sync, and counts kinds and latencies per method', () => {
    const r = records();
    const log = new TrafficLog();
    const index = new TrafficIndex(log);
    log.append(r.request(0, 1, 'tools/call'));
    index.sync();
    const first = index.rows[0];
    log.append(r.result(8, 1));
    log.append(r.stderr(9, 'hello'));
    index.sync();
    expect(index.rows[0]).toBe(first); // the same object, updated by the pairing
    expect(first?.latencyMs).toBe(8);
    expect(index.totals).toMatchObject({ request: 1, response: 1, events: 1, error: 0 });
    expect(index.latencies.get('tools/call')).toEqual([8]);
  });
});
