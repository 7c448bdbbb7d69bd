import { panBy, xToTime, zoomAt, type Viewport } from './timelineViewport';

/*
 * What the keys and the wheel do to a timeline, DOM-free: the one-server Timeline tab and the
 * workspace's merged timeline answer them alike, each applying the action to its own canvas
 * (lanes of one session there, lane groups of several servers here).
 */

/** One wheel notch zooms by this much. */
const WHEEL_ZOOM = 1.0015;
const KEY_ZOOM = 1.5;
/** ←/→ pans by this share of what is on screen. */
const KEY_PAN = 0.15;

export type TimelineAction =
  | { kind: 'view'; view: Viewport }
  /** Scroll the lanes by this many lanes (a sign: one lane per notch or key). */
  | { kind: 'scroll'; lanes: number }
  /** Fit the whole session, lanes scrolled to the top (0, Home). */
  | { kind: 'fit' }
  /** Select the next (1) or previous (−1) call ([ and ]). */
  | { kind: 'step'; direction: 1 | -1 };

/** A key's action, zooming about `middle`; undefined for a key the timeline does not take. */
export function keyAction(
  key: string,
  view: Viewport,
  middle: number,
  maxSpan: number,
): TimelineAction | undefined {
  const span = view.end - view.start;
  switch (key) {
    case '+':
    case '=':
      return { kind: 'view', view: zoomAt(view, middle, 1 / KEY_ZOOM, maxSpan) };
    case '-':
    case '_':
      return { kind: 'view', view: zoomAt(view, middle, KEY_ZOOM, maxSpan) };
    case 'ArrowLeft':
      return { kind: 'view', view: panBy(view, -span * KEY_PAN) };
    case 'ArrowRight':
      return { kind: 'view', view: panBy(view, span * KEY_PAN) };
    case 'ArrowUp':
      return { kind: 'scroll', lanes: -1 };
    case 'ArrowDown':
      return { kind: 'scroll', lanes: 1 };
    case '0':
    case 'Home':
      return { kind: 'fit' };
    case ']':
      return { kind: 'step', direction: 1 };
    case '[':
      return { kind: 'step', direction: -1 };
    default:
      return undefined;
  }
}

/** The wheel: zoom about the pointer; a sideways wheel pans; shift+wheel scrolls the lanes. */
export function wheelAction(
  wheel: { deltaX: number; deltaY: number; shiftKey: boolean; offsetX: number },
  view: Viewport,
  width: number,
  maxSpan: number,
): TimelineAction {
  if (wheel.shiftKey) return { kind: 'scroll', lanes: Math.sign(wheel.deltaY || wheel.deltaX) };
  if (Math.abs(wheel.deltaX) > Math.abs(wheel.deltaY)) {
    return { kind: 'view', view: panBy(view, (wheel.deltaX / width) * (view.end - view.start)) };
  }
  const anchor = xToTime(view, width, wheel.offsetX);
  return { kind: 'view', view: zoomAt(view, anchor, WHEEL_ZOOM ** wheel.deltaY, maxSpan) };
}
