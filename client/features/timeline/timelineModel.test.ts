import { describe, expect, it } from 'vitest';
import { TrafficLog } from '../../../shared/core/traffic/trafficLog';
import { TrafficIndex } from '../../../shared/core/traffic/trafficRows';
import { records } from '../../../shared/core/traffic/testRecords';
import type { TimelineRecord } from '../../../shared/wire';
import { barEnd, barOpen, barStart, barWaits, TimelineModel, type Bar } from './timelineModel';
import {
  barsPerPixel,
  clampToSession,
  fitViewport,
  formatSpan,
  panBy,
  perPixel,
  reveal,
  visibleBars,
  zoomAt,
} from './timelineViewport';

function modelOf(log: TrafficLog): { model: TimelineModel; index: TrafficIndex; sync(): void } {
  const index = new TrafficIndex(log);
  const model = new TimelineModel(index);
  const sync = (): void => {
    index.sync();
    model.sync();
  };
  sync();
  return { model, index, sync };
}

const laneStarts = (model: TimelineModel): number[][] =>
  model.lanes.map((lane) => lane.bars.slice(lane.head).map(barStart));

describe('TimelineModel lanes', () => {
  it('stacks overlapping calls in lanes and reuses a lane once its call is answered', () => {
    const r = records();
    const log = new TrafficLog();
    log.append(r.request(0, 1, 'tools/call'));
    log.append(r.request(5, 2, 'tools/call')); // overlaps 1
    log.append(r.result(10, 1));
    log.append(r.request(12, 3, 'resources/read')); // 1 is done: lane 0 again
    log.append(r.request(13, 4, 'prompts/get')); // 2 still open: a third lane
    log.append(r.result(20, 2));
    log.append(r.result(21, 3));
    log.append(r.result(22, 4));
    const { model } = modelOf(log);
    expect(laneStarts(model)).toEqual([[0, 12], [5], [13]]);
    const first = model.lanes[0]?.bars[0] as Bar;
    expect(barEnd(first, 100)).toBe(10);
    expect(barOpen(first)).toBe(false);
  });

  it('keeps an unanswered request open until now, holding its lane; the answer closes it', () => {
    const r = records();
    const log = new TrafficLog();
    log.append(r.request(0, 1, 'tools/call'));
    log.append(r.request(50, 2, 'tools/list'));
    const { model, sync } = modelOf(log);
    const open = model.lanes[0]?.bars[0] as Bar;
    expect(barOpen(open)).toBe(true);
    expect(barEnd(open, 80)).toBe(80);
    expect(model.laneCount).toBe(2);
    log.append(r.result(90, 1));
    log.append(r.request(95, 3, 'tools/list'));
    sync();
    expect(barEnd(open, 200)).toBe(90);
    expect(laneStarts(model)[0]).toEqual([0, 95]);
  });

  it('draws the rounds of one input_required call as segments of one bar, with the waits between them', () => {
    const r = records();
    const log = new TrafficLog();
    const call = { name: 'book_table', arguments: {} };
    log.append(r.request(0, 1, 'tools/call', call));
    log.append(r.result(10, 1, { resultType: 'input_required', requestState: 's1', inputRequests: {} }));
    log.append(r.request(400, 2, 'tools/call', { ...call, inputResponses: {}, requestState: 's1' }));
    log.append(r.result(410, 2, { resultType: 'input_required', requestState: 's2', inputRequests: {} }));
    const { model, sync } = modelOf(log);
    expect(model.laneCount).toBe(1);
    const bar = model.lanes[0]?.bars[0] as Bar;
    expect(bar.segments.map((s) => [s.kind, s.row.record.t])).toEqual([
      ['round', 0],
      ['round', 400],
    ]);
    // Waiting for the person's second answer: open, and the wait runs to now.
    expect(barOpen(bar)).toBe(true);
    expect(barWaits(bar, 700)).toEqual([
      { start: 10, end: 400 },
      { start: 410, end: 700 },
    ]);
    log.append(r.request(900, 3, 'tools/call', { ...call, inputResponses: {}, requestState: 's2' }));
    log.append(r.result(905, 3, { content: [] }));
    sync();
    expect(model.laneCount).toBe(1);
    expect(bar.segments).toHaveLength(3);
    expect(barOpen(bar)).toBe(false);
    expect(barEnd(bar, 2000)).toBe(905);
    expect(barWaits(bar, 2000)).toEqual([
      { start: 10, end: 400 },
      { start: 410, end: 900 },
    ]);
    // Every frame of the conversation is drawn as that bar: selecting any highlights it.
    for (const row of model.lanes[0]?.bars[0]?.segments ?? []) {
      expect(model.drawnAs(row.row)).toEqual({ type: 'bar', bar });
      expect(model.drawnAs(row.row.pair!)).toEqual({ type: 'bar', bar });
    }
  });

  it('draws the polls of a task as segments of the call that started it, open until a terminal status', () => {
    const r = records();
    const log = new TrafficLog();
    log.append(r.request(0, 1, 'tools/call', { name: 'slow', task: {} }));
    log.append(r.result(5, 1, { task: { taskId: 't-1', status: 'working' } }));
    log.append(r.request(100, 2, 'tasks/get', { taskId: 't-1' }));
    log.append(r.result(102, 2, { taskId: 't-1', status: 'working' }));
    log.append(r.request(200, 3, 'tools/list')); // the task still runs: another lane
    log.append(r.result(201, 3));
    log.append(r.request(300, 4, 'tasks/get', { taskId: 't-1' }));
    log.append(r.result(302, 4, { taskId: 't-1', status: 'completed' }));
    const { model } = modelOf(log);
    const bar = model.lanes[0]?.bars[0] as Bar;
    expect(bar.segments.map((s) => s.kind)).toEqual(['call', 'poll', 'poll']);
    expect(bar.task).toEqual({ id: 't-1', done: true });
    expect(barEnd(bar, 1000)).toBe(302);
    expect(laneStarts(model)).toEqual([[0], [200]]);
  });

  it("marks a server's elicitation as the person's wait, notifications and events as ticks", () => {
    const r = records();
    const log = new TrafficLog();
    log.append(r.request(0, 1, 'tools/call'));
    log.append({ ...(r.request(5, 0, 'elicitation/create') as object), dir: 'fromServer' } as TimelineRecord);
    log.append(r.notification(6, 'notifications/message', { level: 'info', data: 'x' }, 'fromServer'));
    log.append({ ...(r.result(800, 0) as object), dir: 'toServer' } as TimelineRecord);
    log.append(r.stderr(801, 'hello'));
    log.append(r.result(810, 1));
    const { model } = modelOf(log);
    const asked = model.lanes[1]?.bars[0] as Bar;
    expect(asked.fromServer).toBe(true);
    expect(barWaits(asked, 900)).toEqual([{ start: 5, end: 800 }]);
    expect(model.ticks.map((tick) => [tick.t, tick.kind])).toEqual([
      [6, 'notification'],
      [801, 'event'],
    ]);
  });

  it('puts an HTTP exchange under the request it carried, and one no request claims on its own track', () => {
    const r = records();
    const log = new TrafficLog();
    const http = (t: number, seq: number, rpcIds: number[]): TimelineRecord => ({
      type: 'http',
      seq,
      t,
      generation: 1,
      method: 'POST',
      path: '/mcp',
      status: 200,
      durationMs: 3,
      requestHeaders: {},
      responseHeaders: {},
      rpcIds,
    });
    log.append(r.request(0, 7, 'tools/call'));
    log.append(http(0.5, 2, [7]));
    log.append(r.result(4, 7));
    r.skip(1);
    log.append(http(9, 4, []));
    const { model } = modelOf(log);
    expect(model.lanes[0]?.bars[0]?.http.map((row) => row.record.t)).toEqual([0.5]);
    expect(model.looseHttp.map((row) => row.record.t)).toEqual([9]);
  });

  it('forgets what the log evicted, and starts over when the log is cleared', () => {
    const r = records();
    const log = new TrafficLog({ records: 40, bytes: Number.POSITIVE_INFINITY });
    const { model, sync } = modelOf(log);
    for (let i = 0; i < 100; i += 1) {
      log.append(r.request(i * 10, i, 'ping'));
      log.append(r.result(i * 10 + 1, i));
      sync();
    }
    const held = model.lanes[0]!.bars.length - model.lanes[0]!.head;
    expect(held).toBeLessThanOrEqual(21);
    expect(model.first).toBeGreaterThanOrEqual(600);
    log.clear();
    sync();
    expect(model.laneCount).toBe(0);
  });
});

describe('viewport math', () => {
  it('zooms about the cursor: the time under it stays put', () => {
    const view = { start: 0, end: 1000 };
    const zoomed = zoomAt(view, 250, 0.5, 10_000);
    expect(zoomed).toEqual({ start: 125, end: 625 });
    // 250 is still a quarter of the way across.
    expect((250 - zoomed.start) / (zoomed.end - zoomed.start)).toBeCloseTo(0.25);
    expect(zoomAt(view, 500, 100, 2000)).toEqual({ start: -500, end: 1500 });
    expect(zoomAt(view, 0, 1e-9, 2000).end).toBeCloseTo(0.01);
  });

  it('pans, fits, reveals an item off screen and labels the span', () => {
    expect(panBy({ start: 0, end: 100 }, 30)).toEqual({ start: 30, end: 130 });
    expect(fitViewport(0, 1000)).toEqual({ start: 0, end: 1020 });
    expect(reveal({ start: 0, end: 100 }, 10, 20)).toEqual({ start: 0, end: 100 });
    expect(reveal({ start: 0, end: 100 }, 500, 520)).toEqual({ start: 460, end: 560 });
    expect(formatSpan({ start: 0, end: 1200 })).toBe('0.00 s – 1.20 s');
    // Panned far past either end, the window's middle stops at the first or the last record.
    expect(clampToSession({ start: -900, end: -700 }, 0, 1000)).toEqual({ start: -100, end: 100 });
    expect(clampToSession({ start: 5000, end: 5200 }, 0, 1000)).toEqual({ start: 900, end: 1100 });
    expect(clampToSession({ start: 100, end: 300 }, 0, 1000)).toEqual({ start: 100, end: 300 });
  });

  it('culls a lane to the window by binary search and draws at most one bar per pixel', () => {
    const r = records();
    const log = new TrafficLog({ records: 60_000, bytes: Number.POSITIVE_INFINITY });
    for (let i = 0; i < 20_000; i += 1) {
      log.append(r.request(i * 10, i, 'ping'));
      log.append(r.result(i * 10 + 2, i));
    }
    const { model } = modelOf(log);
    const lane = model.lanes[0]!;
    expect(lane.bars).toHaveLength(20_000);
    // 5000–5002 ended before the window; 5010, 5020 and 5030 are in it.
    expect(visibleBars(lane, { start: 5005, end: 5031 }, 0)).toEqual([501, 504]);
    // The whole session on 1,000 pixels: 20 bars a pixel, so about 1,000 drawn, not 20,000.
    const drawn = barsPerPixel(lane, { start: 0, end: 200_000 }, 1000, 0);
    expect(drawn.length).toBeGreaterThan(900);
    expect(drawn.length).toBeLessThanOrEqual(1001);
    const ticks = Array.from({ length: 100_000 }, (_, i) => i / 10);
    expect(perPixel(ticks, 0, { start: 0, end: 10_000 }, 500, (t) => t).length).toBeLessThanOrEqual(502);
  });
});

describe('hit testing', () => {
  it('finds the round under the pointer, the HTTP exchange under a bar, and a tick', async () => {
    const { hitTest } = await import('./timelineHit');
    const r = records();
    const log = new TrafficLog();
    const call = { name: 'book_table', arguments: {} };
    log.append(r.request(0, 1, 'tools/call', call));
    log.append({
      type: 'http',
      seq: 2,
      t: 1,
      generation: 1,
      method: 'POST',
      path: '/mcp',
      status: 200,
      durationMs: 8,
      requestHeaders: {},
      responseHeaders: {},
      rpcIds: [1],
    });
    r.skip(1);
    log.append(r.result(10, 1, { resultType: 'input_required', requestState: 's1', inputRequests: {} }));
    log.append(r.notification(50, 'notifications/message', { level: 'info', data: 'x' }, 'fromServer'));
    log.append(r.request(400, 2, 'tools/call', { ...call, inputResponses: {}, requestState: 's1' }));
    log.append(r.result(410, 2, { content: [] }));
    const { model } = modelOf(log);
    // 1 px = 1 ms; the ruler is 22 px, the ticks 18, then lanes of 22 (bar at 2–15, HTTP at 16–20).
    const view = { start: 0, end: 1000 };
    const geometry = { width: 1000, height: 300, httpTrack: false, laneScroll: 0 };
    const at = (x: number, y: number) => hitTest(model, view, geometry, 500, x, y)?.row.record.t;
    expect(at(5, 48)).toBe(0); // round 1
    expect(at(405, 48)).toBe(400); // round 2, same bar
    expect(at(200, 48)).toBe(0); // the wait between: the round before it
    expect(at(4, 58)).toBe(1); // the exchange under round 1
    expect(at(51, 30)).toBe(50); // the tick
    expect(at(700, 48)).toBeUndefined();
    expect(at(5, 100)).toBeUndefined(); // no second lane
  });
});
