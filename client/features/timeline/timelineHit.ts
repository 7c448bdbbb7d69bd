import type { TrafficRow } from '../../../shared/core/traffic/trafficRows';
import { barStart, firstAtOrAfter, type Bar, type Drawn, type TimelineModel } from './timelineModel';
import {
  LANE,
  LOOSE_HTTP,
  TICKS,
  blockLanesTop,
  singleBlock,
  type Geometry,
  type TrackBlock,
} from './timelineDraw';
import { visibleBars, xToTime, type Viewport } from './timelineViewport';

/** What is under the pointer: the item and the row a click selects. */
export interface Hit {
  drawn: Drawn;
  row: TrafficRow;
}

/** How near, in pixels, the pointer must be to a tick or a thin bar to hit it. */
const SLOP_PX = 4;

export function hitTest(
  model: TimelineModel,
  view: Viewport,
  geometry: Geometry,
  now: number,
  x: number,
  y: number,
): Hit | undefined {
  return hitTracks(model, view, geometry.width, singleBlock(geometry), now, x, y);
}

/**
 * What of one session's tracks (drawn in `block`, `view` in that session's own time) is under the
 * pointer; undefined above its ticks track.
 */
export function hitTracks(
  model: TimelineModel,
  view: Viewport,
  width: number,
  block: TrackBlock,
  now: number,
  x: number,
  y: number,
): Hit | undefined {
  const perPx = (view.end - view.start) / Math.max(width, 1);
  const t = xToTime(view, width, x);
  const slop = SLOP_PX * perPx;
  if (y >= block.top && y < block.top + TICKS) {
    const ticks = model.ticks;
    const from = firstAtOrAfter(ticks, t - slop, model.ticksHead, ticks.length, (tick) => tick.t);
    let best: Hit | undefined;
    let bestDistance = Number.POSITIVE_INFINITY;
    for (let i = from; i < ticks.length && (ticks[i]?.t ?? Infinity) <= t + slop; i += 1) {
      const tick = ticks[i];
      if (tick && Math.abs(tick.t - t) < bestDistance) {
        bestDistance = Math.abs(tick.t - t);
        best = { drawn: { type: 'tick', tick }, row: tick.row };
      }
    }
    return best;
  }
  if (block.httpTrack && y >= block.top + TICKS && y < block.top + TICKS + LOOSE_HTTP) {
    return httpAt(model.looseHttp, model.looseHttpHead, t, slop);
  }
  const top = blockLanesTop(block);
  if (y < top) return undefined;
  const lane = model.lanes[block.laneScroll + Math.floor((y - top) / LANE)];
  if (!lane) return undefined;
  const [from, to] = visibleBars(lane, { start: t - slop, end: t + slop }, now);
  // The nearest bar by its start, when a pixel holds several.
  let bar: Bar | undefined;
  for (let i = from; i < to; i += 1) {
    const candidate = lane.bars[i];
    if (candidate && (!bar || Math.abs(barStart(candidate) - t) < Math.abs(barStart(bar) - t)))
      bar = candidate;
  }
  if (!bar) return undefined;
  const withinLane = (y - top) % LANE;
  if (withinLane >= LANE - 7 && bar.http.length > 0) {
    const http = httpAt(bar.http, 0, t, slop);
    if (http) return { drawn: { type: 'bar', bar }, row: http.row };
  }
  // The round or poll under the pointer: the last that started before it.
  let segment = bar.segments[0];
  for (const candidate of bar.segments) if (candidate.row.record.t <= t + slop) segment = candidate;
  return segment ? { drawn: { type: 'bar', bar }, row: segment.row } : undefined;
}

function httpAt(rows: readonly TrafficRow[], head: number, t: number, slop: number): Hit | undefined {
  // Exchanges are short; look back a little from the first that starts after the pointer.
  const after = firstAtOrAfter(rows, t + slop, head, rows.length, (row) => row.record.t);
  for (let i = after - 1; i >= Math.max(head, after - 64); i -= 1) {
    const row = rows[i];
    const record = row?.record;
    if (row && record?.type === 'http' && record.t + record.durationMs >= t - slop)
      return { drawn: { type: 'http', row }, row };
  }
  return undefined;
}
