import type { TrafficRow } from '../../shared/core/traffic/trafficRows';
import {
  blockLanesTop,
  COLORS,
  drawRuler,
  drawTracks,
  LANE,
  RULER,
  type Highlight,
} from '../features/timeline/timelineDraw';
import { barEnd, barStart, type Drawn } from '../features/timeline/timelineModel';
import { timeToX, type Viewport } from '../features/timeline/timelineViewport';
import { GROUP_HEADER, groupView, type GroupLayout } from './mergedTimelineModel';

/** What to outline: the picked frame and the item under the pointer, each with its server. */
export interface GroupHighlight {
  picked: { server: string; row: TrafficRow } | undefined;
  hovered: { server: string; drawn: Drawn } | undefined;
}

/**
 * Paints the workspace's timeline: the ruler on the shared axis, then each group on screen (its
 * header band, then its tracks as a server's own timeline draws them, in its own time). Returns
 * where the picked bar is drawn ("x,y,width,height" in CSS pixels), when it is on screen.
 */
export function drawLaneGroups(
  context: CanvasRenderingContext2D,
  layout: GroupLayout,
  view: Viewport,
  size: { width: number; height: number },
  now: number,
  highlight: GroupHighlight,
): string | undefined {
  const { width, height } = size;
  drawRuler(context, view, width, height);
  context.save();
  // Groups scrolled up pass under the ruler.
  context.beginPath();
  context.rect(0, RULER, width, Math.max(0, height - RULER));
  context.clip();
  let pickedBox: string | undefined;
  for (const group of layout.groups) {
    if (group.top + group.height <= RULER || group.top >= height) continue;
    context.fillStyle = COLORS.track;
    context.fillRect(0, group.top, width, GROUP_HEADER);
    context.fillStyle = COLORS.grid;
    context.fillRect(0, group.top, width, 1);
    if (!group.block) continue;
    const local = groupView(view, group);
    // Only this server's items are outlined in its group: a bar's lane is its own server's.
    const mine = highlight.picked?.server === group.server ? highlight.picked.row : undefined;
    const picked = mine ? group.model.drawnAs(mine) : undefined;
    const own: Highlight = {
      selected: picked,
      selectedRow: mine,
      hovered: highlight.hovered?.server === group.server ? highlight.hovered.drawn : undefined,
    };
    const groupNow = now - group.offset;
    drawTracks(context, group.model, local, width, group.block, groupNow, own);
    if (picked?.type === 'bar') {
      const x0 = timeToX(local, width, barStart(picked.bar));
      const x1 = timeToX(local, width, barEnd(picked.bar, groupNow));
      const y = blockLanesTop(group.block) + picked.bar.lane * LANE;
      if (y >= RULER && y < height)
        pickedBox = [x0, y, Math.max(1, x1 - x0), LANE].map((n) => n.toFixed(1)).join(',');
    }
  }
  context.restore();
  return pickedBox;
}
