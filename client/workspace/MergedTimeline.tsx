import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { TrafficRow } from '../../shared/core/traffic/trafficRows';
import { LANE, RULER, blockLanesTop } from '../features/timeline/timelineDraw';
import { hitTracks } from '../features/timeline/timelineHit';
import { barEnd, barStart, TimelineModel, type Drawn } from '../features/timeline/timelineModel';
import { describeDrawn } from '../features/timeline/timelineText';
import { keyAction, wheelAction, type TimelineAction } from '../features/timeline/timelineGestures';
import {
  clampToSession,
  fitViewport,
  formatSpan,
  panBy,
  reveal,
  xToTime,
  zoomAt,
  type Viewport,
} from '../features/timeline/timelineViewport';
import '../features/timeline/timeline.css';
import './mergedTimeline.css';
import type { ServerTraffic } from './mergedTraffic';
import { drawLaneGroups } from './mergedTimelineDraw';
import { PickedFrame, type Picked, type Shown } from './PickedFrame';
import {
  GROUP_HEADER,
  groupAt,
  groupView,
  groupCounts,
  layoutGroups,
  sharedSpan,
  stepCall,
  type GroupLayout,
  type LaneGroup,
  type ServerLanes,
} from './mergedTimelineModel';

interface Props {
  /** Every server's traffic, in the workspace's order (the list's own indexes: rows are not kept twice). */
  servers: readonly ServerTraffic[];
  /** The servers whose boxes are unticked: their groups go too. */
  hidden: ReadonlySet<string>;
  /** Changes when any server's log did. */
  version: number;
}

/** One model per server's index, for as long as the index lives: reopening the view costs nothing. */
const models = new WeakMap<ServerTraffic['index'], TimelineModel>();

function modelOf(traffic: ServerTraffic): TimelineModel {
  let model = models.get(traffic.index);
  if (!model) {
    model = new TimelineModel(traffic.index);
    models.set(traffic.index, model);
  }
  return model;
}

/**
 * Every server's timeline under one ruler: a lane group per server (its ticks, loose HTTP and
 * lanes, as its own page's timeline draws them), on the time the servers share, zero being the
 * earliest server's start. Drawn on one canvas, at most an item per pixel per lane, so ten busy
 * servers cost what is on screen. Wheel or +/− zooms, drag or ←/→ pans, ↑/↓ scrolls the groups,
 * 0 fits, [ and ] step through the calls; a click shows the frame and names its server.
 */
export function MergedTimeline({ servers, hidden, version }: Props) {
  const lanes = useMemo<ServerLanes[]>(
    () => servers.map((traffic) => ({ server: traffic.server, log: traffic.log, model: modelOf(traffic) })),
    [servers],
  );
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const [picked, setPickedState] = useState<Shown | undefined>();
  const [hoverText, setHoverText] = useState<{ text: string; y: number; left: number } | undefined>();
  const canvas = useRef<HTMLCanvasElement>(null);
  const box = useRef<HTMLDivElement>(null);
  const spanLabel = useRef<HTMLSpanElement>(null);
  const headers = useRef(new Map<string, HTMLDivElement>());
  const size = useRef({ width: 0, height: 0 });
  const view = useRef<Viewport>({ start: 0, end: 1000 });
  /** While true the window follows every server's whole session as it grows; a zoom or pan ends it. */
  const fitted = useRef(true);
  const scrollY = useRef(0);
  const layout = useRef<GroupLayout>({ groups: [], origin: undefined, height: 0 });
  const hovered = useRef<(Picked & { drawn: Drawn; x: number }) | undefined>(undefined);
  const frame = useRef(0);
  // What paint reads, kept current without making paint a new function on every change.
  const state = useRef({ servers, lanes, hidden, collapsed, picked });
  // First of the layout effects: the resize one below paints at once, from what this render has.
  useLayoutEffect(() => {
    state.current = { servers, lanes, hidden, collapsed, picked };
  }, [servers, lanes, hidden, collapsed, picked]);

  /** Now on the shared axis: open bars grow to it. */
  const now = useCallback((): number => {
    const { last } = sharedSpan(layout.current);
    const origin = layout.current.origin;
    return Math.max(last, origin === undefined ? Number.NEGATIVE_INFINITY : Date.now() - origin);
  }, []);

  const relayout = useCallback((): GroupLayout => {
    const { lanes: all, hidden: gone, collapsed: closed } = state.current;
    const { height } = size.current;
    const place = (): GroupLayout =>
      layoutGroups(all, gone, closed, RULER - scrollY.current, { top: RULER, bottom: height });
    let next = place();
    const most = Math.max(0, next.height - (height - RULER));
    if (scrollY.current > most) {
      scrollY.current = most;
      next = place();
    }
    layout.current = next;
    return next;
  }, []);

  const paint = useCallback(() => {
    frame.current = 0;
    const element = canvas.current;
    const context = element?.getContext('2d');
    if (!element || !context) return;
    // Incremental and idempotent: the list's rows and these bars come from the same index.
    for (const { index } of state.current.servers) index.sync();
    for (const { model } of state.current.lanes) model.sync();
    const { height } = size.current;
    const placed = relayout();
    if (fitted.current) {
      const { first, last } = sharedSpan(placed);
      view.current = fitViewport(first, last);
    }
    const v = view.current;
    const sharedNow = now();
    const ratio = window.devicePixelRatio || 1;
    context.setTransform(ratio, 0, 0, ratio, 0, 0);
    const selectedBox = drawLaneGroups(context, placed, v, size.current, sharedNow, {
      picked: state.current.picked,
      hovered: hovered.current,
    });
    for (const group of placed.groups) {
      const header = headers.current.get(group.server);
      if (!header) continue;
      // Its name stays under the ruler while any of its lanes shows.
      const labelY = Math.min(Math.max(group.top, RULER), group.top + group.height - GROUP_HEADER);
      header.hidden = !(group.top + group.height > RULER && group.top < height);
      header.style.transform = `translateY(${labelY}px)`;
      const { calls, events } = groupCounts(group.model);
      header.dataset.calls = String(calls);
      header.dataset.events = String(events);
      const counts = header.querySelector('.mt-counts');
      if (counts) counts.textContent = `${calls} calls · ${events} events`;
    }
    if (selectedBox) element.dataset.selectedBox = selectedBox;
    else delete element.dataset.selectedBox;
    if (spanLabel.current) spanLabel.current.textContent = formatSpan(v);
  }, [now, relayout]);

  const schedule = useCallback(() => {
    if (frame.current === 0) frame.current = requestAnimationFrame(paint);
  }, [paint]);
  useEffect(() => () => cancelAnimationFrame(frame.current), []);
  // New records, a server hidden or shown, a group folded, a new selection: one paint.
  useEffect(schedule, [schedule, version, lanes, hidden, collapsed, picked]);
  // Open bars grow with the clock: the servers are live.
  useEffect(() => {
    const timer = setInterval(schedule, 1000);
    return () => clearInterval(timer);
  }, [schedule]);

  useLayoutEffect(() => {
    const element = box.current;
    const target = canvas.current;
    if (!element || !target) return;
    const resize = (): void => {
      const ratio = window.devicePixelRatio || 1;
      const { width, height } = element.getBoundingClientRect();
      size.current = { width, height };
      target.width = Math.round(width * ratio);
      target.height = Math.round(height * ratio);
      target.style.width = `${width}px`;
      target.style.height = `${height}px`;
      paint();
    };
    const observer = new ResizeObserver(resize);
    observer.observe(element);
    resize();
    return () => observer.disconnect();
  }, [paint]);

  const maxSpan = (): number => {
    const { first, last } = sharedSpan(layout.current);
    return Math.max(Number.isFinite(first) ? last - first : 0, 1000) * 1.5;
  };
  const changeView = (next: Viewport): void => {
    fitted.current = false;
    const span = maxSpan();
    const bounded = next.end - next.start > span ? zoomAt(next, (next.start + next.end) / 2, 1, span) : next;
    const { first, last } = sharedSpan(layout.current);
    view.current = clampToSession(bounded, first, last);
    schedule();
  };
  const scrollBy = (pixels: number): void => {
    scrollY.current = Math.max(0, scrollY.current + pixels);
    schedule();
  };
  const toggle = (server: string): void =>
    setCollapsed((previous) => {
      const next = new Set(previous);
      if (next.has(server)) next.delete(server);
      else next.add(server);
      return next;
    });

  /** What is under the pointer: a group's header, or an item of its tracks. */
  const hitAt = (
    x: number,
    y: number,
  ): { header: LaneGroup } | { group: LaneGroup; drawn: Drawn; row: TrafficRow } | undefined => {
    if (y < RULER) return undefined;
    const found = groupAt(layout.current, y);
    if (!found) return undefined;
    const { group, onHeader } = found;
    if (onHeader) return { header: group };
    if (!group.block) return undefined;
    const local = groupView(view.current, group);
    const hit = hitTracks(group.model, local, size.current.width, group.block, now() - group.offset, x, y);
    return hit ? { group, ...hit } : undefined;
  };

  const drag = useRef<{ x: number; y: number; view: Viewport; moved: boolean; scroll: number } | undefined>(
    undefined,
  );
  const onPointerDown = (event: React.PointerEvent<HTMLCanvasElement>): void => {
    if (event.button !== 0) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = {
      x: event.nativeEvent.offsetX,
      y: event.nativeEvent.offsetY,
      view: view.current,
      moved: false,
      scroll: scrollY.current,
    };
  };
  const onPointerMove = (event: React.PointerEvent<HTMLCanvasElement>): void => {
    const x = event.nativeEvent.offsetX;
    const y = event.nativeEvent.offsetY;
    const pressed = drag.current;
    if (pressed) {
      const dx = x - pressed.x;
      const dy = y - pressed.y;
      if (!pressed.moved && Math.hypot(dx, dy) < 4) return;
      pressed.moved = true;
      const span = pressed.view.end - pressed.view.start;
      scrollY.current = Math.max(0, pressed.scroll - dy);
      changeView(panBy(pressed.view, (-dx / size.current.width) * span));
      setHover(undefined);
      return;
    }
    const hit = hitAt(x, y);
    setHover(
      hit && 'row' in hit ? { server: hit.group.server, row: hit.row, drawn: hit.drawn, x } : undefined,
      y,
    );
  };
  const onPointerUp = (event: React.PointerEvent<HTMLCanvasElement>): void => {
    const pressed = drag.current;
    drag.current = undefined;
    if (!pressed || pressed.moved) return;
    const hit = hitAt(event.nativeEvent.offsetX, event.nativeEvent.offsetY);
    if (!hit) return;
    if ('header' in hit) toggle(hit.header.server);
    else setPicked({ server: hit.group.server, row: hit.row });
  };

  const setHover = (next: (Picked & { drawn: Drawn; x: number }) | undefined, y = 0): void => {
    const before = hovered.current;
    hovered.current = next;
    if (!next) {
      if (before) {
        setHoverText(undefined);
        schedule();
      }
      return;
    }
    const group = layout.current.groups.find((each) => each.server === next.server);
    const offset = group?.offset ?? 0;
    const left = Math.min(next.x + 12, Math.max(0, size.current.width - 320));
    const text = `${next.server}: ${describeDrawn(next.drawn, next.row, now() - offset, offset)}`;
    setHoverText({ text, y, left });
    if (before?.row !== next.row) schedule();
  };

  const groupOf = (server: string | undefined): LaneGroup | undefined =>
    layout.current.groups.find((group) => group.server === server);

  /** Picks a frame (or none), described on the shared axis. */
  const setPicked = (next: Picked | undefined): void => {
    if (!next) {
      setPickedState(undefined);
      return;
    }
    const group = groupOf(next.server);
    const offset = group?.offset ?? 0;
    const drawn = group?.model.drawnAs(next.row);
    const line = drawn
      ? describeDrawn(drawn, next.row, now() - offset, offset)
      : `#${next.row.record.seq} ${next.row.kind}`;
    setPickedState({ ...next, line });
  };

  /** ] and [: the next or previous call of any shown server, brought into the window. */
  const step = (direction: 1 | -1): void => {
    const group = groupOf(picked?.server);
    const drawn = picked && group ? group.model.drawnAs(picked.row) : undefined;
    const current = drawn?.type === 'bar' ? drawn.bar : undefined;
    const from = current && group ? barStart(current) + group.offset : direction === 1 ? -Infinity : Infinity;
    const next = stepCall(layout.current, from, direction, current);
    if (!next) return;
    const bar = next.group.model.drawnAs(next.row);
    if (bar?.type === 'bar') {
      const start = barStart(bar.bar) + next.group.offset;
      const end = barEnd(bar.bar, now() - next.group.offset) + next.group.offset;
      const shown = reveal(view.current, start, end);
      if (shown !== view.current) {
        fitted.current = false;
        view.current = shown;
      }
      // Its lane on screen: scrolled so that it shows under the ruler.
      if (next.group.block) {
        const y = blockLanesTop(next.group.block) + bar.bar.lane * LANE;
        if (y < RULER || y + LANE > size.current.height) scrollBy(y - RULER - GROUP_HEADER);
      }
    }
    setPicked({ server: next.group.server, row: next.row });
  };

  const onKeyDown = (event: React.KeyboardEvent<HTMLCanvasElement>): void => {
    const v = view.current;
    const middle = hovered.current
      ? xToTime(v, size.current.width, hovered.current.x)
      : (v.start + v.end) / 2;
    const action = keyAction(event.key, v, middle, maxSpan());
    if (!action) return;
    act(action);
    event.preventDefault();
  };
  const act = (action: TimelineAction): void => {
    if (action.kind === 'view') changeView(action.view);
    else if (action.kind === 'scroll') scrollBy(action.lanes * LANE);
    else if (action.kind === 'step') step(action.direction);
    else {
      fitted.current = true;
      scrollY.current = 0;
      schedule();
    }
  };
  useEffect(() => {
    const element = canvas.current;
    if (!element) return;
    const onWheel = (event: WheelEvent): void => {
      event.preventDefault();
      act(wheelAction(event, view.current, size.current.width, maxSpan()));
    };
    element.addEventListener('wheel', onWheel, { passive: false });
    return () => element.removeEventListener('wheel', onWheel);
  });

  const shown = servers.filter(({ server }) => !hidden.has(server));
  return (
    <section className="mt" aria-label="All servers' timeline">
      <div className="timeline-head">
        {/* Written by each paint, not by React: zooming must not re-render the view. */}
        <span className="timeline-span" ref={spanLabel} aria-label="Visible span" />
        <span className="timeline-legend" aria-hidden="true">
          <i className="swatch call" /> call <i className="swatch wait" /> waiting for you{' '}
          <i className="swatch http" /> HTTP <i className="swatch tick" /> notification
        </span>
        <span className="timeline-keys">
          Wheel/+− zoom · drag/←→ pan · ↑↓ servers · 0 fit · [ ] prev/next
        </span>
      </div>
      <div className="timeline-box mt-box" ref={box}>
        <canvas
          ref={canvas}
          tabIndex={0}
          role="img"
          aria-label="Every server's calls as bars on one time axis, a group of lanes per server. Use + and − to zoom, arrows to pan, 0 to fit, [ and ] to select the previous or next call."
          aria-describedby="merged-timeline-selected"
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerLeave={() => {
            if (!drag.current) setHover(undefined);
          }}
          onKeyDown={onKeyDown}
        />
        {shown.map(({ server }) => (
          <div
            key={server}
            className="mt-group"
            data-server={server}
            hidden
            ref={(element) => {
              if (element) headers.current.set(server, element);
              else headers.current.delete(server);
            }}
          >
            <button type="button" aria-expanded={!collapsed.has(server)} onClick={() => toggle(server)}>
              <span aria-hidden="true">{collapsed.has(server) ? '▸' : '▾'}</span> {server}
            </button>
            <span className="mt-counts" />
          </div>
        ))}
        {hoverText && (
          <div
            className="timeline-tooltip"
            role="tooltip"
            style={{ left: hoverText.left, top: hoverText.y + 14 }}
          >
            {hoverText.text}
          </div>
        )}
      </div>
      {/* A hidden server's frame goes with its group. */}
      <PickedFrame
        picked={picked && !hidden.has(picked.server) ? picked : undefined}
        onClose={() => setPickedState(undefined)}
      />
    </section>
  );
}
