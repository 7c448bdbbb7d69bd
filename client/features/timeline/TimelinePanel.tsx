import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { TrafficIndex, TrafficRow } from '../../../shared/core/traffic/trafficRows';
import { barEnd, barStart, firstAtOrAfter, TimelineModel, type Bar, type Drawn } from './timelineModel';
import { drawTimeline, lanesTop, LANE, visibleLaneCount, type Geometry } from './timelineDraw';
import { hitTest } from './timelineHit';
import { describeDrawn } from './timelineText';
import { keyAction, wheelAction, type TimelineAction } from './timelineGestures';
import {
  clampToSession,
  fitViewport,
  formatSpan,
  panBy,
  reveal,
  timeToX,
  xToTime,
  zoomAt,
  type Viewport,
} from './timelineViewport';
import './timeline.css';

interface TimelinePanelProps {
  index: TrafficIndex;
  /** Changes when the log did. */
  version: number;
  selected: TrafficRow | undefined;
  onSelect: (row: TrafficRow) => void;
  /** A live session (open bars grow with the clock) rather than a file. */
  live: boolean;
  startedAt: number | undefined;
}

/**
 * The session on one time axis, drawn on a canvas: bars for calls (rounds and polls as
 * segments), ticks for notifications and events, HTTP exchanges under their requests, the
 * person's waits hatched. Wheel or +/− zooms, drag or ←/→ pans, 0 fits; a click selects the
 * frame in the traffic list, and the list's selection is highlighted here.
 */
export function TimelinePanel({ index, version, selected, onSelect, live, startedAt }: TimelinePanelProps) {
  const model = useMemo(() => new TimelineModel(index), [index]);
  const canvas = useRef<HTMLCanvasElement>(null);
  const box = useRef<HTMLDivElement>(null);
  const spanLabel = useRef<HTMLSpanElement>(null);
  const view = useRef<Viewport>({ start: 0, end: 1000 });
  /** While true the window follows the whole session as it grows; any zoom or pan ends it. */
  const fitted = useRef(true);
  const geometry = useRef<Geometry>({ width: 0, height: 0, httpTrack: false, laneScroll: 0 });
  const hovered = useRef<{ drawn: Drawn; row: TrafficRow; x: number; y: number } | undefined>(undefined);
  const [hoverText, setHoverText] = useState<
    { text: string; x: number; y: number; left: number } | undefined
  >();
  const frame = useRef(0);
  // Brought up to date as the list's rows are (incremental, idempotent): a selection made before
  // the timeline opened, or in the frame that added its row, finds its bar at once.
  useMemo(() => {
    void version;
    index.sync();
    model.sync();
  }, [version, index, model]);
  const selectedDrawn = selected ? model.drawnAs(selected) : undefined;
  const selection = useRef<{ drawn: Drawn | undefined; row: TrafficRow | undefined }>({
    drawn: undefined,
    row: undefined,
  });

  const now = useCallback((): number => {
    const bridgeNow = live && startedAt !== undefined ? Date.now() - startedAt : Number.NEGATIVE_INFINITY;
    return Math.max(model.last, bridgeNow);
  }, [live, startedAt, model]);

  const paint = useCallback(() => {
    frame.current = 0;
    const element = canvas.current;
    const context = element?.getContext('2d');
    if (!element || !context) return;
    index.sync();
    model.sync();
    const g = geometry.current;
    g.httpTrack = model.looseHttp.length > model.looseHttpHead;
    g.laneScroll = Math.min(g.laneScroll, Math.max(0, model.laneCount - visibleLaneCount(g)));
    if (fitted.current) view.current = fitViewport(model.first, model.last);
    const ratio = window.devicePixelRatio || 1;
    context.setTransform(ratio, 0, 0, ratio, 0, 0);
    drawTimeline(context, model, view.current, g, now(), {
      selected: selection.current.drawn,
      selectedRow: selection.current.row,
      hovered: hovered.current?.drawn,
    });
    if (spanLabel.current) spanLabel.current.textContent = formatSpan(view.current);
    // Where the selected bar's lane is drawn, in CSS pixels: for tests and tools that point at it.
    const chosen = selection.current.drawn;
    const laneRow = chosen?.type === 'bar' ? chosen.bar.lane - g.laneScroll : -1;
    if (chosen?.type === 'bar' && laneRow >= 0 && laneRow < visibleLaneCount(g)) {
      const x0 = timeToX(view.current, g.width, barStart(chosen.bar));
      const x1 = timeToX(view.current, g.width, barEnd(chosen.bar, now()));
      const box = [x0, lanesTop(g) + laneRow * LANE, Math.max(1, x1 - x0), LANE].map((n) => n.toFixed(1));
      element.dataset.selectedBox = box.join(',');
    } else {
      delete element.dataset.selectedBox;
    }
  }, [index, model, now]);

  const schedule = useCallback(() => {
    if (frame.current === 0) frame.current = requestAnimationFrame(paint);
  }, [paint]);
  useEffect(() => () => cancelAnimationFrame(frame.current), []);

  // New records, a new selection: one paint on the next frame.
  useEffect(schedule, [schedule, version, selected]);

  // Open bars grow with the clock in a live session.
  useEffect(() => {
    if (!live) return;
    const timer = setInterval(schedule, 1000);
    return () => clearInterval(timer);
  }, [live, schedule]);

  // The canvas's backing store follows its box and the screen's pixel ratio.
  useLayoutEffect(() => {
    const element = box.current;
    const target = canvas.current;
    if (!element || !target) return;
    const resize = (): void => {
      const ratio = window.devicePixelRatio || 1;
      const { width, height } = element.getBoundingClientRect();
      geometry.current.width = width;
      geometry.current.height = height;
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

  // The list's selection: bring its bar into the window and its lane on screen.
  useEffect(() => {
    selection.current = { drawn: selectedDrawn, row: selected };
    schedule();
    if (!selectedDrawn || !selected) return;
    model.sync();
    const t = now();
    const [start, end] =
      selectedDrawn.type === 'bar'
        ? [barStart(selectedDrawn.bar), barEnd(selectedDrawn.bar, t)]
        : [selected.record.t, selected.record.t];
    const next = reveal(view.current, start, end);
    if (next !== view.current) {
      fitted.current = false;
      view.current = next;
    }
    if (selectedDrawn.type === 'bar') {
      const g = geometry.current;
      const lanes = visibleLaneCount(g);
      const lane = selectedDrawn.bar.lane;
      if (lane < g.laneScroll || lane >= g.laneScroll + lanes) g.laneScroll = Math.max(0, lane - 1);
    }
    schedule();
  }, [selected, selectedDrawn, model, now, schedule]);

  const changeView = useCallback(
    (next: Viewport) => {
      fitted.current = false;
      const span = Math.max(model.last - model.first, 1000) * 1.5;
      const bounded =
        next.end - next.start > span ? zoomAt(next, (next.start + next.end) / 2, 1, span) : next;
      view.current = clampToSession(bounded, model.first, model.last);
      schedule();
    },
    [model, schedule],
  );

  const maxSpan = (): number => Math.max(model.last - model.first, 1000) * 1.5;

  const scrollLanes = (by: number): void => {
    const g = geometry.current;
    g.laneScroll = Math.min(
      Math.max(0, g.laneScroll + by),
      Math.max(0, model.laneCount - visibleLaneCount(g)),
    );
    schedule();
  };

  // Drag pans; a press that does not move is a click, which selects.
  const drag = useRef<{ x: number; y: number; view: Viewport; moved: boolean; lanes: number } | undefined>(
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
      lanes: geometry.current.laneScroll,
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
      changeView(panBy(pressed.view, (-dx / geometry.current.width) * span));
      const g = geometry.current;
      g.laneScroll = Math.min(
        Math.max(0, pressed.lanes - Math.round(dy / LANE)),
        Math.max(0, model.laneCount - visibleLaneCount(g)),
      );
      setHover(undefined);
      return;
    }
    const hit = hitTest(model, view.current, geometry.current, now(), x, y);
    setHover(hit ? { ...hit, x, y } : undefined);
  };
  const onPointerUp = (event: React.PointerEvent<HTMLCanvasElement>): void => {
    const pressed = drag.current;
    drag.current = undefined;
    if (!pressed || pressed.moved) return;
    const hit = hitTest(
      model,
      view.current,
      geometry.current,
      now(),
      event.nativeEvent.offsetX,
      event.nativeEvent.offsetY,
    );
    if (hit) onSelect(hit.row);
  };

  const setHover = (next: { drawn: Drawn; row: TrafficRow; x: number; y: number } | undefined): void => {
    const before = hovered.current;
    hovered.current = next;
    if (!next) {
      if (before) {
        setHoverText(undefined);
        schedule();
      }
      return;
    }
    // Kept inside the canvas: near the right edge the tooltip opens to the left.
    const left = Math.min(next.x + 12, Math.max(0, geometry.current.width - 320));
    const text =
      before?.row === next.row && hoverText ? hoverText.text : describeDrawn(next.drawn, next.row, now());
    setHoverText({ text, x: next.x, y: next.y, left });
    if (before?.row !== next.row) schedule();
  };

  /** The previous or next call after the selected one, by start time, across lanes. */
  const stepSelection = (direction: 1 | -1): void => {
    const from =
      selectedDrawn?.type === 'bar' ? barStart(selectedDrawn.bar) : direction === 1 ? -Infinity : Infinity;
    let best: Bar | undefined;
    for (const lane of model.lanes) {
      // Forward: the first that starts after the selected one; back: the last that starts before it.
      const at = firstAtOrAfter(lane.bars, from, lane.head, lane.bars.length, barStart, direction === 1);
      const candidate = direction === 1 ? lane.bars[at] : at > lane.head ? lane.bars[at - 1] : undefined;
      if (!candidate || candidate === (selectedDrawn?.type === 'bar' ? selectedDrawn.bar : undefined))
        continue;
      if (
        !best ||
        (direction === 1 ? barStart(candidate) < barStart(best) : barStart(candidate) > barStart(best))
      )
        best = candidate;
    }
    const row = best?.segments[0]?.row;
    if (row) onSelect(row);
  };

  const onKeyDown = (event: React.KeyboardEvent<HTMLCanvasElement>): void => {
    const v = view.current;
    const middle = hovered.current
      ? xToTime(v, geometry.current.width, hovered.current.x)
      : (v.start + v.end) / 2;
    const action = keyAction(event.key, v, middle, maxSpan());
    if (!action) return;
    act(action);
    event.preventDefault();
  };
  const act = (action: TimelineAction): void => {
    if (action.kind === 'view') changeView(action.view);
    else if (action.kind === 'scroll') scrollLanes(action.lanes);
    else if (action.kind === 'step') stepSelection(action.direction);
    else {
      fitted.current = true;
      geometry.current.laneScroll = 0;
      schedule();
    }
  };
  // Wheel: zoom about the pointer; a sideways wheel pans; shift+wheel scrolls the lanes.
  useEffect(() => {
    const element = canvas.current;
    if (!element) return;
    const onWheel = (event: WheelEvent): void => {
      event.preventDefault();
      act(wheelAction(event, view.current, geometry.current.width, maxSpan()));
    };
    element.addEventListener('wheel', onWheel, { passive: false });
    return () => element.removeEventListener('wheel', onWheel);
  });

  const selectedText = selected && selectedDrawn ? describeDrawn(selectedDrawn, selected, now()) : undefined;

  return (
    <section className="timeline-panel" aria-label="Timeline">
      <div className="timeline-head">
        {/* Written by each paint, not by React: zooming must not re-render the panel. */}
        <span className="timeline-span" ref={spanLabel} aria-label="Visible span" />
        <span className="timeline-legend" aria-hidden="true">
          <i className="swatch call" /> call <i className="swatch wait" /> waiting for you{' '}
          <i className="swatch http" /> HTTP <i className="swatch tick" /> notification
        </span>
        <span className="timeline-keys">Wheel/+− zoom · drag/←→ pan · ↑↓ lanes · 0 fit · [ ] prev/next</span>
      </div>
      <div className="timeline-box" ref={box}>
        <canvas
          ref={canvas}
          tabIndex={0}
          role="img"
          aria-label="Session timeline: calls as bars on a time axis. Use + and − to zoom, arrows to pan, 0 to fit, [ and ] to select the previous or next call."
          aria-describedby="timeline-selected"
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerLeave={() => {
            if (!drag.current) setHover(undefined);
          }}
          onKeyDown={onKeyDown}
        />
        {hoverText && (
          <div
            className="timeline-tooltip"
            role="tooltip"
            style={{
              left: hoverText.left,
              top: hoverText.y + 14,
            }}
          >
            {hoverText.text}
          </div>
        )}
      </div>
      <p
        className="timeline-selected"
        id="timeline-selected"
        aria-live="polite"
        data-selected-seq={selected && selectedDrawn ? selected.record.seq : undefined}
      >
        {selectedText
          ? `Selected: ${selectedText}`
          : 'Click a bar or a tick to select its frame in the list.'}
      </p>
    </section>
  );
}
