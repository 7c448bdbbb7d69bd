import { describe, expect, it } from 'vitest';
import { TrafficLog } from '../../shared/core/traffic/trafficLog';
import { TrafficIndex } from '../../shared/core/traffic/trafficRows';
import { records } from '../../shared/core/traffic/testRecords';
import { LANE, RULER, TICKS } from '../features/timeline/timelineDraw';
import { TimelineModel } from '../features/timeline/timelineModel';
import { drawLaneGroups } from './mergedTimelineDraw';
import { GROUP_HEADER, layoutGroups, type LaneGroup } from './mergedTimelineModel';

/** A canvas context that keeps the rectangles stroked and filled, and counts every call. */
function recordingContext() {
  const strokes: number[][] = [];
  const fills: number[][] = [];
  let calls = 0;
  const context = new Proxy(
    {},
    {
      get:
        (_target, key) =>
        (...args: number[]) => {
          calls += 1;
          if (key === 'strokeRect') strokes.push(args);
          if (key === 'fillRect') fills.push(args);
        },
      set: () => true,
    },
  ) as unknown as CanvasRenderingContext2D;
  return { context, strokes, fills, calls: () => calls };
}

function server(name: string, startedAt: number, calls: number) {
  const log = new TrafficLog();
  log.sessionStarted(startedAt);
  log.receiveHistory([]);
  const r = records();
  for (let i = 0; i < calls; i += 1) {
    log.append(r.request(i * 10, i, 'tools/call', { name: 'echo' }));
    log.append(r.result(i * 10 + 5, i));
  }
  const index = new TrafficIndex(log);
  const model = new TimelineModel(index);
  index.sync();
  model.sync();
  return { server: name, log, model };
}

describe("the workspace's timeline drawn", () => {
  it("outlines the picked bar in its own server's group only, and says where it is", () => {
    const alpha = server('alpha', 1_000, 3);
    const beta = server('beta', 1_000, 3);
    const layout = layoutGroups([alpha, beta], new Set(), new Set(), RULER, { top: RULER, bottom: 600 });
    const [, b] = layout.groups as [LaneGroup, LaneGroup];
    // beta's second call: the same lane and time as alpha's second call, in the other group.
    const row = b.model.lanes[0]?.bars[1]?.segments[0]?.row;
    const { context, strokes } = recordingContext();
    const view = { start: 0, end: 100 };
    const box = drawLaneGroups(context, layout, view, { width: 1000, height: 600 }, 100, {
      picked: row && { server: 'beta', row },
      hovered: undefined,
    });
    const betaLane = b.top + GROUP_HEADER + TICKS;
    expect(box).toBe(`100.0,${betaLane.toFixed(1)},50.0,${LANE.toFixed(1)}`);
    expect(strokes).toHaveLength(1);
    const [, y] = strokes[0] as number[];
    expect(y).toBeGreaterThan(betaLane);
    expect(y).toBeLessThan(betaLane + LANE);
  });

  it('costs what is on screen: at most a pixel of work a lane, nothing for groups scrolled away', () => {
    const servers = Array.from({ length: 10 }, (_, at) => server(`s${at}`, 1_000 + at, 2_000));
    const view = { start: 0, end: 20_000 };
    const groupHeight = GROUP_HEADER + TICKS + LANE;
    const draw = (bottom: number) => {
      const layout = layoutGroups(servers, new Set(), new Set(), RULER, { top: RULER, bottom });
      const recording = recordingContext();
      drawLaneGroups(recording.context, layout, view, { width: 500, height: bottom }, 20_000, {
        picked: undefined,
        hovered: undefined,
      });
      return recording;
    };
    const allTen = draw(RULER + 10 * groupHeight);
    // 20,000 calls on 500 pixels: far fewer calls on the canvas than calls in the traffic.
    expect(allTen.calls()).toBeLessThan(10 * 3 * 500);
    // Every group painted its band and its bars.
    for (let at = 0; at < 10; at += 1) {
      const top = RULER + at * groupHeight;
      expect(allTen.fills.some(([, y]) => y === top)).toBe(true);
      expect(allTen.fills.some(([, y = 0]) => y > top + GROUP_HEADER + TICKS && y < top + groupHeight)).toBe(
        true,
      );
    }
    // One group tall: nothing is painted below it (the ruler's grid lines start above it).
    const one = draw(RULER + groupHeight);
    expect(one.fills.filter(([, y = 0]) => y >= RULER + groupHeight)).toEqual([]);
    expect(one.calls()).toBeLessThan(allTen.calls());
  });
});
