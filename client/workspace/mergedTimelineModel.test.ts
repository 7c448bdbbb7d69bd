import { describe, expect, it } from 'vitest';
import { TrafficLog } from '../../shared/core/traffic/trafficLog';
import { TrafficIndex } from '../../shared/core/traffic/trafficRows';
import { records } from '../../shared/core/traffic/testRecords';
import { mergeTraffic, mergedTrafficFile } from './mergedTraffic';
import { LANE, LOOSE_HTTP, RULER, TICKS } from '../features/timeline/timelineDraw';
import { hitTracks } from '../features/timeline/timelineHit';
import { barStart, TimelineModel } from '../features/timeline/timelineModel';
import {
  GROUP_HEADER,
  groupAt,
  groupCounts,
  groupView,
  layoutGroups,
  sharedSpan,
  stepCall,
  type LaneGroup,
} from './mergedTimelineModel';

/** A server page's log, its bridge session started at `startedAt` (wall clock), and its model. */
function server(name: string, startedAt: number) {
  const log = new TrafficLog();
  log.sessionStarted(startedAt);
  log.receiveHistory([]);
  const index = new TrafficIndex(log);
  const model = new TimelineModel(index);
  const sync = (): void => {
    index.sync();
    model.sync();
  };
  return { server: name, log, index, model, sync, r: records() };
}

/** Two servers: alpha from 10 000 (wall clock), beta half a second later. */
function twoServers() {
  const alpha = server('alpha', 10_000);
  const beta = server('beta', 10_500);
  alpha.log.append(alpha.r.request(100, 1, 'tools/list')); // shared 100
  alpha.log.append(alpha.r.request(150, 2, 'tools/call', { name: 'slow' })); // overlaps: a second lane
  alpha.log.append(alpha.r.result(900, 1)); // shared 900
  alpha.log.append(alpha.r.result(950, 2));
  beta.log.append(beta.r.request(100, 7, 'tools/call', { name: 'echo' })); // shared 600
  beta.log.append(beta.r.notification(150, 'notifications/message', { data: 'x' }, 'fromServer')); // shared 650
  beta.log.append(beta.r.result(200, 7)); // shared 700
  alpha.sync();
  beta.sync();
  return { alpha, beta };
}

const CLIP = { top: RULER, bottom: 10_000 };
const none = new Set<string>();

describe("the workspace's timeline: a lane group per server", () => {
  it('stacks one group per server, in the workspace order, each under its header with its own lanes', () => {
    const { alpha, beta } = twoServers();
    const layout = layoutGroups([alpha, beta], none, none, RULER, CLIP);
    expect(layout.groups.map((group) => group.server)).toEqual(['alpha', 'beta']);
    const [a, b] = layout.groups as [LaneGroup, LaneGroup];
    // alpha: header, ticks, two lanes; beta right under it: header, ticks, one lane.
    expect(a.top).toBe(RULER);
    expect(a.height).toBe(GROUP_HEADER + TICKS + 2 * LANE);
    expect(a.block?.top).toBe(RULER + GROUP_HEADER);
    expect(b.top).toBe(a.top + a.height);
    expect(b.height).toBe(GROUP_HEADER + TICKS + LANE);
    expect(layout.height).toBe(a.height + b.height);
    expect(groupCounts(a.model)).toEqual({ calls: 2, events: 0 });
    expect(groupCounts(b.model)).toEqual({ calls: 1, events: 1 });
    // Where the pointer is: a header, or the tracks under it.
    expect(groupAt(layout, b.top + 3)).toEqual({ group: b, onHeader: true });
    expect(groupAt(layout, b.top + GROUP_HEADER + 3)).toEqual({ group: b, onHeader: false });
    expect(groupAt(layout, b.top + b.height + 1)).toBeUndefined();
  });

  it('puts every server on the axis they share: zero is the earliest start, as in the merged export', () => {
    const { alpha, beta } = twoServers();
    const layout = layoutGroups([beta, alpha], none, none, RULER, CLIP);
    expect(layout.origin).toBe(10_000);
    expect(layout.groups.map((group) => [group.server, group.offset])).toEqual([
      ['beta', 500],
      ['alpha', 0],
    ]);
    expect(sharedSpan(layout)).toEqual({ first: 100, last: 950 });
    // The export of the same servers counts its `t` from the same zero: beta's call at 600 there too.
    const file = mergedTrafficFile(mergeTraffic([alpha, beta]));
    const betaCall = file
      .split('\n')
      .map((line) =>
        line ? (JSON.parse(line) as { server?: string; t?: number; message?: { id?: number } }) : {},
      )
      .find((record) => record.server === 'beta' && record.message?.id === 7);
    const [b] = layout.groups as [LaneGroup, LaneGroup];
    const betaBar = b.model.lanes[0]?.bars[0];
    expect(betaCall?.t).toBe(betaBar && barStart(betaBar) + b.offset);
  });

  it("hits a server's items where the shared axis draws them, and names the group", () => {
    const { alpha, beta } = twoServers();
    const layout = layoutGroups([alpha, beta], none, none, RULER, CLIP);
    const [a, b] = layout.groups as [LaneGroup, LaneGroup];
    // 1 px = 1 ms of shared time.
    const view = { start: 0, end: 1000 };
    const at = (group: LaneGroup, x: number, y: number) =>
      hitTracks(group.model, groupView(view, group), 1000, group.block!, 2000, x, y)?.row;
    const betaLane = b.top + GROUP_HEADER + TICKS + 5;
    expect(at(b, 650, betaLane)?.method).toBe('tools/call'); // beta's call: 100–200 in its time, 600–700 here
    expect(at(b, 150, betaLane)).toBeUndefined(); // where beta's own clock would put it: nothing
    expect(at(b, 651, b.top + GROUP_HEADER + 5)?.method).toBe('notifications/message'); // its tick
    const alphaSecondLane = a.top + GROUP_HEADER + TICKS + LANE + 5;
    expect(at(a, 500, alphaSecondLane)?.record.t).toBe(150);
    // ] from nothing: alpha's first call; from there on in shared time, across the groups.
    const first = stepCall(layout, -Infinity, 1, undefined);
    expect([first?.group.server, first?.row.record.t]).toEqual(['alpha', 100]);
    const after = (server: LaneGroup, t: number) => {
      const drawn = server.model.drawnAs(
        server.model.lanes.flatMap((lane) => lane.bars).find((bar) => barStart(bar) === t)!.segments[0]!.row,
      );
      return stepCall(layout, t + server.offset, 1, drawn?.type === 'bar' ? drawn.bar : undefined);
    };
    expect([after(a, 100)?.group.server, after(a, 100)?.row.record.t]).toEqual(['alpha', 150]);
    expect([after(a, 150)?.group.server, after(a, 150)?.row.record.t]).toEqual(['beta', 100]);
    expect(after(b, 100)).toBeUndefined();
    const back = stepCall(layout, 600, -1, undefined);
    expect([back?.group.server, back?.row.record.t]).toEqual(['alpha', 150]);
  });

  it("drops a hidden server's group, and the axis starts at the earliest shown server", () => {
    const { alpha, beta } = twoServers();
    const layout = layoutGroups([alpha, beta], new Set(['alpha']), none, RULER, CLIP);
    expect(layout.groups.map((group) => [group.server, group.offset, group.top])).toEqual([
      ['beta', 0, RULER],
    ]);
    expect(layout.origin).toBe(10_500);
    expect(sharedSpan(layout)).toEqual({ first: 100, last: 200 });
    // As the export of what is shown says.
    const shown = mergeTraffic([alpha, beta]).filter((row) => row.server !== 'alpha');
    expect(JSON.parse(mergedTrafficFile(shown).split('\n')[1] ?? '{}')).toMatchObject({
      server: 'beta',
      t: 100,
    });
    expect(stepCall(layout, -Infinity, 1, undefined)?.group.server).toBe('beta');
    const both = layoutGroups([alpha, beta], new Set(['alpha', 'beta']), none, RULER, CLIP);
    expect(both).toEqual({ groups: [], origin: undefined, height: 0 });
  });

  it('folds a collapsed group to its header; its calls are not stepped through', () => {
    const { alpha, beta } = twoServers();
    const layout = layoutGroups([alpha, beta], none, new Set(['alpha']), RULER, CLIP);
    const [a, b] = layout.groups as [LaneGroup, LaneGroup];
    expect([a.collapsed, a.height, a.block]).toEqual([true, GROUP_HEADER, undefined]);
    expect(b.top).toBe(RULER + GROUP_HEADER);
    expect(stepCall(layout, -Infinity, 1, undefined)?.group.server).toBe('beta');
  });

  it('keeps a lane for a server with no traffic yet, and a loose HTTP track for one that has some', () => {
    const idle = server('idle', 0);
    idle.log.startedAt = undefined;
    const http = server('http', 20_000);
    http.log.append({
      type: 'http',
      seq: 1,
      t: 5,
      generation: 1,
      method: 'GET',
      path: '/mcp',
      status: 200,
      durationMs: 3,
      requestHeaders: {},
      responseHeaders: {},
      rpcIds: [],
    });
    idle.sync();
    http.sync();
    const layout = layoutGroups([idle, http], none, none, 0, CLIP);
    const [i, h] = layout.groups as [LaneGroup, LaneGroup];
    expect([i.offset, i.height]).toEqual([0, GROUP_HEADER + TICKS + LANE]);
    expect(h.block?.httpTrack).toBe(true);
    expect(h.height).toBe(GROUP_HEADER + TICKS + LOOSE_HTTP + LANE);
    expect(layout.origin).toBe(20_000);
  });

  it('scrolls: groups laid out from a top above the ruler, each lane clipped to the view', () => {
    const { alpha, beta } = twoServers();
    const layout = layoutGroups([alpha, beta], none, none, RULER - 50, { top: RULER, bottom: 200 });
    const [a] = layout.groups as [LaneGroup];
    expect(a.top).toBe(RULER - 50);
    expect(a.block).toMatchObject({ clipTop: RULER, clipBottom: 200, laneScroll: 0, laneCount: 2 });
    expect(groupAt(layout, RULER - 40)?.group.server).toBe('alpha');
  });
});
