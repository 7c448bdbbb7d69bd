import type { TrafficLog } from '../../shared/core/traffic/trafficLog';
import type { TrafficRow } from '../../shared/core/traffic/trafficRows';
import { LANE, LOOSE_HTTP, TICKS, type TrackBlock } from '../features/timeline/timelineDraw';
import { barStart, firstAtOrAfter, type Bar, type TimelineModel } from '../features/timeline/timelineModel';
import type { Viewport } from '../features/timeline/timelineViewport';

/*
 * The workspace's timeline, DOM-free: one lane group per server, stacked under one ruler, on the
 * time axis the servers share. Each server keeps its own TimelineModel (its bars, ticks and lanes,
 * in its own session's time); a group says where its model is drawn and by how much its times are
 * shifted, so the single server's drawing, hit testing and viewport code draw it unchanged.
 */

/** One server's session as the merged timeline reads it. */
export interface ServerLanes {
  server: string;
  log: TrafficLog;
  model: TimelineModel;
}

/** The band that names a group (its collapse button sits on it). */
export const GROUP_HEADER = 20;

export interface LaneGroup {
  server: string;
  model: TimelineModel;
  /** Ms from the shared zero to this server's session start: its times on the shared axis are t + offset. */
  offset: number;
  collapsed: boolean;
  /** The y of its header, and its whole height (header and tracks). */
  top: number;
  height: number;
  /** Where its tracks are drawn; undefined while collapsed. */
  block: TrackBlock | undefined;
}

export interface GroupLayout {
  groups: LaneGroup[];
  /** Wall-clock ms of the shared zero: the earliest shown server's start (as the merged export's). */
  origin: number | undefined;
  /** The groups' total height. */
  height: number;
}

/**
 * The earliest start of the shown servers' sessions: the merged traffic file counts its `t` from
 * it too, so a time read on the timeline is the one the export says.
 */
export function sharedOrigin(servers: readonly ServerLanes[]): number | undefined {
  let origin: number | undefined;
  for (const { log } of servers)
    if (log.startedAt !== undefined) origin = Math.min(origin ?? Infinity, log.startedAt);
  return origin;
}

/**
 * The shown servers' groups, in the workspace's order, stacked from `top`; lanes outside
 * [clipTop, clipBottom) are left undrawn. A server whose session has not started has no records
 * yet, so its offset does not matter: 0.
 */
export function layoutGroups(
  servers: readonly ServerLanes[],
  hidden: ReadonlySet<string>,
  collapsed: ReadonlySet<string>,
  top: number,
  clip: { top: number; bottom: number },
): GroupLayout {
  const shown = servers.filter(({ server }) => !hidden.has(server));
  const origin = sharedOrigin(shown);
  const groups: LaneGroup[] = [];
  let y = top;
  for (const { server, log, model } of shown) {
    const offset = origin === undefined || log.startedAt === undefined ? 0 : log.startedAt - origin;
    const isCollapsed = collapsed.has(server);
    const httpTrack = model.looseHttp.length > model.looseHttpHead;
    // An empty group keeps one lane's height: it still says the server is there, with nothing yet.
    const laneCount = Math.max(1, model.laneCount);
    const block: TrackBlock | undefined = isCollapsed
      ? undefined
      : {
          top: y + GROUP_HEADER,
          httpTrack,
          laneScroll: 0,
          laneCount,
          clipTop: clip.top,
          clipBottom: clip.bottom,
        };
    const height = GROUP_HEADER + (block ? TICKS + (httpTrack ? LOOSE_HTTP : 0) + laneCount * LANE : 0);
    groups.push({ server, model, offset, collapsed: isCollapsed, top: y, height, block });
    y += height;
  }
  return { groups, origin, height: y - top };
}

/** The group drawn at `y`, and whether `y` is on its header. */
export function groupAt(layout: GroupLayout, y: number): { group: LaneGroup; onHeader: boolean } | undefined {
  const group = layout.groups.find((each) => y >= each.top && y < each.top + each.height);
  return group ? { group, onHeader: y < group.top + GROUP_HEADER } : undefined;
}

/** The shared window as the group's session counts its time: what its tracks are drawn and hit in. */
export function groupView(view: Viewport, group: LaneGroup): Viewport {
  return { start: view.start - group.offset, end: view.end - group.offset };
}

/** The span of every shown group's records on the shared axis; infinite when there are none. */
export function sharedSpan(layout: GroupLayout): { first: number; last: number } {
  let first = Number.POSITIVE_INFINITY;
  let last = Number.NEGATIVE_INFINITY;
  for (const { model, offset } of layout.groups) {
    if (!Number.isFinite(model.first)) continue;
    first = Math.min(first, model.first + offset);
    last = Math.max(last, model.last + offset);
  }
  return { first, last };
}

/** How many calls and events a server's model holds now (what its group's header says). */
export function groupCounts(model: TimelineModel): { calls: number; events: number } {
  let calls = 0;
  for (const lane of model.lanes) calls += lane.bars.length - lane.head;
  return { calls, events: model.ticks.length - model.ticksHead };
}

/**
 * The call after (or before) the one starting at `from` on the shared axis, across every shown,
 * open group: what ] and [ select. `current` is skipped.
 */
export function stepCall(
  layout: GroupLayout,
  from: number,
  direction: 1 | -1,
  current: Bar | undefined,
): { group: LaneGroup; row: TrafficRow } | undefined {
  let best: { group: LaneGroup; bar: Bar; at: number } | undefined;
  for (const group of layout.groups) {
    if (group.collapsed) continue;
    const local = from - group.offset;
    for (const lane of group.model.lanes) {
      const at = firstAtOrAfter(lane.bars, local, lane.head, lane.bars.length, barStart, direction === 1);
      const candidate = direction === 1 ? lane.bars[at] : at > lane.head ? lane.bars[at - 1] : undefined;
      if (!candidate || candidate === current) continue;
      const shared = barStart(candidate) + group.offset;
      if (!best || (direction === 1 ? shared < best.at : shared > best.at))
        best = { group, bar: candidate, at: shared };
    }
  }
  const row = best?.bar.segments[0]?.row;
  return best && row ? { group: best.group, row } : undefined;
}
