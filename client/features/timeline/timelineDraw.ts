import type { TrafficRow } from '../../../shared/core/traffic/trafficRows';
import {
  barEnd,
  barStart,
  barWaits,
  segmentEnd,
  type Bar,
  type Drawn,
  type TickKind,
  type TimelineModel,
} from './timelineModel';
import { callName } from './timelineText';
import { barsPerPixel, formatMark, perPixel, rulerSteps, timeToX, type Viewport } from './timelineViewport';

/*
 * Paints the timeline on a canvas, like a performance panel: a ruler, a track of ticks
 * (notifications, app messages, events), a track of HTTP exchanges no request claims, then one
 * lane per row of bars. Only what is in the window is looked at, at most one item per pixel.
 */

export const RULER = 22;
export const TICKS = 18;
export const LOOSE_HTTP = 14;
export const LANE = 22;
/** Within a lane: the bar, then a strip for the HTTP exchanges that carried its frames. */
const BAR_TOP = 2;
const BAR_HEIGHT = 13;
const HTTP_TOP = 16;
const HTTP_HEIGHT = 4;

const FONT = '10.5px ui-monospace, SFMono-Regular, Menlo, Consolas, monospace';

/** The canvas's palette; the workspace's lane groups draw their headers in it too. */
export const COLORS = {
  background: '#10161e',
  track: '#141b24',
  grid: '#222c3a',
  ruler: '#8b98a9',
  text: '#0b1118',
  http: '#2dd4bf',
  httpBad: '#f87171',
  wait: '#fbbf24',
  error: '#f87171',
  selected: '#ffffff',
  hover: '#cbd5e1',
};

const TICK_COLORS: Record<TickKind, string> = {
  notification: '#7dd3fc',
  app: '#c084fc',
  event: '#64748b',
  error: '#f87171',
};

/** A bar's colour by what the call is about, as a performance panel colours by category. */
function barColor(bar: Bar): string {
  bar.color ??= familyColor(bar);
  return bar.color;
}

function familyColor(bar: Bar): string {
  const method = bar.segments[0]?.row.method ?? '';
  if (bar.fromServer) return '#d97706';
  const family = method.split('/')[0];
  switch (family) {
    case 'tools':
      return '#3b82f6';
    case 'resources':
      return '#8b5cf6';
    case 'prompts':
      return '#14b8a6';
    case 'tasks':
      return '#f59e0b';
    case 'completion':
      return '#ec4899';
    case 'subscriptions':
      return '#0ea5e9';
    default:
      return '#64748b';
  }
}

export interface Geometry {
  width: number;
  height: number;
  /** Whether the loose HTTP track is shown (only when there are exchanges no request claims). */
  httpTrack: boolean;
  /** The first lane on screen. */
  laneScroll: number;
}

export function lanesTop(geometry: Geometry): number {
  return RULER + TICKS + (geometry.httpTrack ? LOOSE_HTTP : 0);
}

/**
 * Where one session's tracks are drawn: its ticks at `top`, its loose HTTP track under them when
 * it has one, then its lanes. The timeline of one server draws one block under the ruler; the
 * workspace's draws one per server, stacked (client/workspace/mergedTimelineModel.ts).
 */
export interface TrackBlock {
  /** The y of its ticks track. */
  top: number;
  httpTrack: boolean;
  /** The first lane drawn, and how many lanes at most. */
  laneScroll: number;
  laneCount: number;
  /** Lanes outside [clipTop, clipBottom) are not drawn (scrolled away in a taller view). */
  clipTop: number;
  clipBottom: number;
}

export function blockLanesTop(block: TrackBlock): number {
  return block.top + TICKS + (block.httpTrack ? LOOSE_HTTP : 0);
}

/** The one block of the timeline of one server. */
export function singleBlock(geometry: Geometry): TrackBlock {
  return {
    top: RULER,
    httpTrack: geometry.httpTrack,
    laneScroll: geometry.laneScroll,
    laneCount: visibleLaneCount(geometry),
    clipTop: 0,
    clipBottom: geometry.height,
  };
}

export function visibleLaneCount(geometry: Geometry): number {
  return Math.max(1, Math.floor((geometry.height - lanesTop(geometry)) / LANE));
}

let hatch: CanvasPattern | null | undefined;

/** Diagonal amber stripes: the person's waits. Made once. */
function waitPattern(context: CanvasRenderingContext2D): CanvasPattern | string {
  if (hatch === undefined) {
    const tile = document.createElement('canvas');
    tile.width = 6;
    tile.height = 6;
    const t = tile.getContext('2d');
    if (t) {
      t.strokeStyle = COLORS.wait;
      t.lineWidth = 1.5;
      t.beginPath();
      t.moveTo(0, 6);
      t.lineTo(6, 0);
      t.stroke();
    }
    hatch = context.createPattern(tile, 'repeat');
  }
  return hatch ?? COLORS.wait;
}

export interface Highlight {
  selected: Drawn | undefined;
  selectedRow: TrafficRow | undefined;
  hovered: Drawn | undefined;
}

/** Paints one frame. `context` is already scaled for devicePixelRatio. */
export function drawTimeline(
  context: CanvasRenderingContext2D,
  model: TimelineModel,
  view: Viewport,
  geometry: Geometry,
  now: number,
  highlight: Highlight,
): void {
  drawRuler(context, view, geometry.width, geometry.height);
  drawTracks(context, model, view, geometry.width, singleBlock(geometry), now, highlight);
}

/** The background, the ruler on top and its grid lines down the whole height. */
export function drawRuler(
  context: CanvasRenderingContext2D,
  view: Viewport,
  width: number,
  height: number,
): void {
  context.fillStyle = COLORS.background;
  context.fillRect(0, 0, width, height);
  context.font = FONT;
  context.textBaseline = 'middle';
  const { step, marks } = rulerSteps(view, width);
  context.fillStyle = COLORS.track;
  context.fillRect(0, 0, width, RULER);
  for (const mark of marks) {
    const x = Math.round(timeToX(view, width, mark)) + 0.5;
    context.fillStyle = COLORS.grid;
    context.fillRect(x, RULER - 6, 1, height);
    context.fillStyle = COLORS.ruler;
    context.fillText(formatMark(mark, step), x + 3, RULER / 2 - 1);
  }
  context.fillStyle = COLORS.grid;
  context.fillRect(0, RULER - 1, width, 1);
}

/**
 * One session's ticks, loose HTTP exchanges and lanes, in `block`. `view` is in that session's own
 * time (a session that started later is drawn with the window shifted by its offset). The
 * highlight's bar or tick is outlined only if it is this model's: pass none for the others.
 */
export function drawTracks(
  context: CanvasRenderingContext2D,
  model: TimelineModel,
  view: Viewport,
  width: number,
  block: TrackBlock,
  now: number,
  highlight: Highlight,
): void {
  context.font = FONT;
  context.textBaseline = 'middle';
  drawTicks(context, model, view, width, block.top, highlight);
  if (block.httpTrack) drawLooseHttp(context, model, view, width, block.top + TICKS, highlight);

  const top = blockLanesTop(block);
  for (let i = 0; i < block.laneCount; i += 1) {
    const lane = model.lanes[block.laneScroll + i];
    if (!lane) break;
    const y = top + i * LANE;
    if (y + LANE <= block.clipTop) continue;
    if (y >= block.clipBottom) break;
    if (i % 2 === 1) {
      context.fillStyle = 'rgba(255,255,255,0.015)';
      context.fillRect(0, y, width, LANE);
    }
    drawLane(context, lane.bars, barsPerPixel(lane, view, width, now), view, width, y, now, highlight);
  }
  // The selected and hovered bars outlined last, so a bar a pixel wide still shows.
  for (const drawn of [highlight.hovered, highlight.selected]) {
    if (drawn?.type !== 'bar') continue;
    const row = drawn.bar.lane - block.laneScroll;
    if (row < 0 || row >= block.laneCount) continue;
    outlineBar(context, drawn.bar, view, width, top + row * LANE, now, drawn === highlight.selected);
  }
}

/** Bars this narrow are drawn as one run of colour with their neighbours: no detail would show. */
const DETAIL_PX = 3;

function drawLane(
  context: CanvasRenderingContext2D,
  bars: readonly Bar[],
  picked: readonly number[],
  view: Viewport,
  width: number,
  laneY: number,
  now: number,
  highlight: Highlight,
): void {
  // A zoomed-out lane is thousands of sub-pixel bars: merging touching ones of one colour into
  // a single rectangle keeps a frame to a few hundred fills (the canvas may be drawn in software).
  let runColor = '';
  let runX0 = 0;
  let runX1 = Number.NEGATIVE_INFINITY;
  const flush = (): void => {
    if (runX1 <= runX0) return;
    context.fillStyle = runColor;
    context.fillRect(runX0, laneY + BAR_TOP, runX1 - runX0, BAR_HEIGHT);
    runX1 = Number.NEGATIVE_INFINITY;
  };
  for (const index of picked) {
    const bar = bars[index] as Bar;
    const x0 = timeToX(view, width, barStart(bar));
    const x1 = timeToX(view, width, barEnd(bar, now));
    if (x1 - x0 >= DETAIL_PX) {
      flush();
      drawBar(context, bar, view, width, laneY, now, highlight);
      continue;
    }
    const color = bar.segments.some((s) => s.row.isError) ? COLORS.error : barColor(bar);
    const px0 = Math.floor(x0);
    const px1 = Math.max(px0 + 1, Math.ceil(x1));
    if (color === runColor && px0 <= runX1 + 1) {
      runX1 = Math.max(runX1, px1);
    } else {
      flush();
      runColor = color;
      runX0 = px0;
      runX1 = px1;
    }
  }
  flush();
}

function outlineBar(
  context: CanvasRenderingContext2D,
  bar: Bar,
  view: Viewport,
  width: number,
  laneY: number,
  now: number,
  selected: boolean,
): void {
  const clamp = (x: number): number => Math.min(Math.max(x, -10), width + 10);
  const x0 = clamp(timeToX(view, width, barStart(bar)));
  const x1 = clamp(timeToX(view, width, barEnd(bar, now)));
  context.strokeStyle = selected ? COLORS.selected : COLORS.hover;
  context.lineWidth = selected ? 2 : 1;
  context.strokeRect(x0 - 1.5, laneY + BAR_TOP - 1.5, Math.max(1, x1 - x0) + 3, BAR_HEIGHT + 3);
}

function drawTicks(
  context: CanvasRenderingContext2D,
  model: TimelineModel,
  view: Viewport,
  width: number,
  top: number,
  highlight: Highlight,
): void {
  context.fillStyle = COLORS.track;
  context.fillRect(0, top, width, TICKS);
  for (const index of perPixel(model.ticks, model.ticksHead, view, width, (tick) => tick.t)) {
    const tick = model.ticks[index];
    if (!tick) continue;
    context.fillStyle = TICK_COLORS[tick.kind];
    context.fillRect(Math.floor(timeToX(view, width, tick.t)), top + 4, 2, TICKS - 8);
  }
  const chosen = highlight.selected?.type === 'tick' ? highlight.selected.tick : undefined;
  if (chosen) {
    const x = Math.floor(timeToX(view, width, chosen.t));
    context.strokeStyle = COLORS.selected;
    context.lineWidth = 1.5;
    context.strokeRect(x - 2.5, top + 2.5, 6, TICKS - 5);
  }
}

function drawLooseHttp(
  context: CanvasRenderingContext2D,
  model: TimelineModel,
  view: Viewport,
  width: number,
  y: number,
  highlight: Highlight,
): void {
  context.fillStyle = COLORS.track;
  context.fillRect(0, y, width, LOOSE_HTTP);
  for (const index of perPixel(model.looseHttp, model.looseHttpHead, view, width, (row) => row.record.t)) {
    const row = model.looseHttp[index];
    if (row) drawHttp(context, row, view, width, y + 4, highlight.selectedRow === row);
  }
}

function drawHttp(
  context: CanvasRenderingContext2D,
  row: TrafficRow,
  view: Viewport,
  width: number,
  y: number,
  selected: boolean,
): void {
  const record = row.record;
  if (record.type !== 'http') return;
  const x0 = timeToX(view, width, record.t);
  const x1 = timeToX(view, width, record.t + record.durationMs);
  context.fillStyle = row.isError ? COLORS.httpBad : COLORS.http;
  context.fillRect(x0, y, Math.max(1, x1 - x0), HTTP_HEIGHT);
  if (selected) {
    context.strokeStyle = COLORS.selected;
    context.lineWidth = 1;
    context.strokeRect(x0 - 1.5, y - 1.5, Math.max(1, x1 - x0) + 3, HTTP_HEIGHT + 3);
  }
}

function drawBar(
  context: CanvasRenderingContext2D,
  bar: Bar,
  view: Viewport,
  width: number,
  laneY: number,
  now: number,
  highlight: Highlight,
): void {
  const start = barStart(bar);
  const end = barEnd(bar, now);
  // Clamped to just outside the canvas: a bar hours long at a microsecond zoom stays drawable.
  const clamp = (x: number): number => Math.min(Math.max(x, -10), width + 10);
  const x0 = clamp(timeToX(view, width, start));
  const x1 = clamp(timeToX(view, width, end));
  const y = laneY + BAR_TOP;
  const color = barColor(bar);
  const failed = bar.segments.some((s) => s.row.isError);

  // The whole life of the call as a thin line, its requests as solid blocks on it.
  context.fillStyle = color;
  context.globalAlpha = 0.45;
  context.fillRect(x0, y + BAR_HEIGHT / 2 - 1, Math.max(1, x1 - x0), 2);
  context.globalAlpha = 1;
  for (const segment of bar.segments) {
    const s0 = clamp(timeToX(view, width, segment.row.record.t));
    const s1 = clamp(timeToX(view, width, segmentEnd(segment) ?? end));
    context.fillStyle = segment.row.isError ? COLORS.error : color;
    context.fillRect(s0, y, Math.max(1, s1 - s0), BAR_HEIGHT);
  }
  for (const wait of barWaits(bar, now)) {
    const w0 = clamp(timeToX(view, width, wait.start));
    const w1 = clamp(timeToX(view, width, wait.end));
    if (w1 - w0 < 1) continue;
    context.fillStyle = waitPattern(context);
    context.fillRect(w0, y + 1, w1 - w0, BAR_HEIGHT - 2);
  }
  for (const row of bar.http) {
    drawHttp(context, row, view, width, laneY + HTTP_TOP, highlight.selectedRow === row);
  }
  if (failed) {
    context.strokeStyle = COLORS.error;
    context.lineWidth = 1;
    context.strokeRect(x0 + 0.5, y + 0.5, Math.max(1, x1 - x0) - 1, BAR_HEIGHT - 1);
  }
  const label = barLabel(bar);
  const visibleX0 = Math.max(x0, 0);
  if (x1 - visibleX0 > 36) {
    context.save();
    context.beginPath();
    context.rect(visibleX0, y, x1 - visibleX0 - 2, BAR_HEIGHT);
    context.clip();
    context.fillStyle = COLORS.text;
    context.fillText(label, visibleX0 + 4, y + BAR_HEIGHT / 2 + 0.5);
    context.restore();
  }
}

function barLabel(bar: Bar): string {
  return `${callName(bar)}${bar.segments.length > 1 ? ` ×${bar.segments.length}` : ''}`;
}
