import { barEnd, barStart, firstAtOrAfter, type Bar, type Lane } from './timelineModel';

/*
 * The timeline's window onto time, DOM-free: zoom about a point, pan, fit, the mapping to
 * pixels, the ruler's steps, and which bars and ticks fall in view (by binary search, so a
 * frame costs what is on screen, not what the session holds).
 */

/** The span of time on screen, in ms since the session started. */
export interface Viewport {
  start: number;
  end: number;
}

/** The narrowest window: 10 µs, below which the bridge's stamps say nothing. */
export const MIN_SPAN_MS = 0.01;

/** The whole session with a little room either side; a second when there is nothing yet. */
export function fitViewport(first: number, last: number): Viewport {
  if (!Number.isFinite(first) || !Number.isFinite(last)) return { start: 0, end: 1000 };
  const span = Math.max(last - first, 1);
  const pad = span * 0.02;
  return { start: Math.max(0, first - pad), end: last + pad };
}

/** Zooms by `factor` (< 1 in, > 1 out) keeping the time at `anchor` where it is on screen. */
export function zoomAt(view: Viewport, anchor: number, factor: number, maxSpan: number): Viewport {
  const span = view.end - view.start;
  const next = Math.min(Math.max(span * factor, MIN_SPAN_MS), Math.max(maxSpan, MIN_SPAN_MS));
  const fraction = span > 0 ? (anchor - view.start) / span : 0.5;
  const start = anchor - fraction * next;
  return { start, end: start + next };
}

/** Moves the window by `delta` ms (positive: later). */
export function panBy(view: Viewport, delta: number): Viewport {
  return { start: view.start + delta, end: view.end + delta };
}

/**
 * Keeps the window on the session: its middle stays between the first and the last record, so
 * panning or zooming out never leaves an empty screen.
 */
export function clampToSession(view: Viewport, first: number, last: number): Viewport {
  if (!Number.isFinite(first) || !Number.isFinite(last)) return view;
  const half = (view.end - view.start) / 2;
  const middle = Math.min(Math.max((view.start + view.end) / 2, first), last);
  return { start: middle - half, end: middle + half };
}

/** Centres the window on [start, end], widening it when the item does not fit. */
export function reveal(view: Viewport, start: number, end: number): Viewport {
  const span = view.end - view.start;
  if (start >= view.start && end <= view.end) return view;
  const width = Math.max(span, (end - start) * 1.25);
  const middle = (start + end) / 2;
  return { start: middle - width / 2, end: middle + width / 2 };
}

export function timeToX(view: Viewport, width: number, t: number): number {
  return ((t - view.start) / (view.end - view.start)) * width;
}

export function xToTime(view: Viewport, width: number, x: number): number {
  return view.start + (x / width) * (view.end - view.start);
}

/** "0.00 s – 1.20 s": with enough digits that zooming in changes it. */
export function formatSpan(view: Viewport): string {
  const span = view.end - view.start;
  const digits = span >= 10_000 ? 1 : span >= 1000 ? 2 : span >= 100 ? 3 : span >= 10 ? 4 : 5;
  return `${(view.start / 1000).toFixed(digits)} s – ${(view.end / 1000).toFixed(digits)} s`;
}

/** Ruler marks: a 1, 2 or 5 step that puts one about every `minPx` pixels. */
export function rulerSteps(view: Viewport, width: number, minPx = 90): { step: number; marks: number[] } {
  const span = view.end - view.start;
  const raw = (span / Math.max(width, 1)) * minPx;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= raw) ?? 10 * power;
  const marks: number[] = [];
  for (let t = Math.ceil(view.start / step) * step; t <= view.end && marks.length < 200; t += step)
    marks.push(t);
  return { step, marks };
}

/** A ruler label for a mark, to the step's precision: "1.25 s", "340 ms", "12.5 µs". */
export function formatMark(t: number, step: number): string {
  if (step >= 1000) return `${(t / 1000).toFixed(step >= 10_000 ? 0 : 1)} s`;
  if (step >= 1) return `${(t / 1000).toFixed(Math.max(0, 3 - Math.floor(Math.log10(step))))} s`;
  return `${t.toFixed(Math.ceil(-Math.log10(step)))} ms`;
}

/**
 * The bars of a lane that overlap the window, as an index range [from, to). A lane's bars do
 * not overlap, so their ends are in order: the first visible one is found by binary search.
 */
export function visibleBars(lane: Lane, view: Viewport, now: number): [number, number] {
  const bars = lane.bars;
  const from = firstAtOrAfter(bars, view.start, lane.head, bars.length, (bar: Bar) => barEnd(bar, now));
  const to = firstAtOrAfter(bars, view.end, from, bars.length, barStart, true);
  return [from, to];
}

/**
 * The items of a time-ordered list to draw in a window `width` pixels wide: at most one per
 * pixel column (the first in it), found by jumping with binary search, so 100,000 ticks in
 * view cost a screen's width of work.
 */
export function perPixel<T>(
  list: readonly T[],
  head: number,
  view: Viewport,
  width: number,
  timeOf: (item: T) => number,
): number[] {
  const picked: number[] = [];
  const perPx = (view.end - view.start) / Math.max(width, 1);
  let i = firstAtOrAfter(list, view.start - perPx, head, list.length, timeOf);
  while (i < list.length) {
    const t = timeOf(list[i] as T);
    if (t > view.end + perPx) break;
    picked.push(i);
    const column = Math.floor((t - view.start) / perPx);
    // Next column's first item: everything else in this column would paint the same pixel.
    i = Math.max(i + 1, firstAtOrAfter(list, view.start + (column + 1) * perPx, i + 1, list.length, timeOf));
  }
  return picked;
}

/** Same as perPixel for one lane's bars: a bar narrower than a pixel hides its neighbours in that pixel. */
export function barsPerPixel(lane: Lane, view: Viewport, width: number, now: number): number[] {
  const [from, to] = visibleBars(lane, view, now);
  const picked: number[] = [];
  const perPx = (view.end - view.start) / Math.max(width, 1);
  let i = from;
  while (i < to) {
    const bar = lane.bars[i] as Bar;
    picked.push(i);
    const endColumn = Math.floor((barEnd(bar, now) - view.start) / perPx);
    // Bars that end inside the pixel this one already painted add nothing; ends are in order.
    const endOf = (next: Bar): number => barEnd(next, now);
    i = Math.max(i + 1, firstAtOrAfter(lane.bars, view.start + (endColumn + 1) * perPx, i + 1, to, endOf));
  }
  return picked;
}
