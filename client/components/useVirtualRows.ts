import { useLayoutEffect, useState, type RefObject } from 'react';

/** Rows rendered beyond each edge of the view, so a fast scroll does not show blanks. */
const OVERSCAN = 10;

/**
 * The page's one virtual list: which rows of a list of fixed-height rows are in view of a
 * scrolling element, so only those are in the DOM. O(rows in view) per render whatever the
 * list's length: rows have one height, so which are in view is arithmetic (a general
 * virtualizer measured all 100,000 traffic rows on every new one). The data grid and the tool
 * list use it; the caller places row `i` at `i * rowHeight` in a box `count * rowHeight` tall.
 */
export function useVirtualRows(scroller: RefObject<HTMLElement | null>, count: number, rowHeight: number) {
  const [view, setView] = useState({ top: 0, height: 0 });
  const measure = (): void => {
    const element = scroller.current;
    if (!element) return;
    setView((old) =>
      old.top === element.scrollTop && old.height === element.clientHeight
        ? old
        : { top: element.scrollTop, height: element.clientHeight },
    );
  };
  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const observer = new ResizeObserver(() => measure());
    observer.observe(element);
    return () => observer.disconnect();
    // measure only reads the ref; the observer is made once per element.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [scroller]);

  return {
    indexes: rowsInView(view.top, view.height, count, rowHeight),
    /** To call from the scroller's scroll event. */
    onScroll: measure,
    /** Rows a Page Up or Page Down moves: a screenful less one, so one row stays in sight. */
    pageRows: Math.max(1, Math.floor(view.height / rowHeight) - 1),
    /** Scrolls the least needed to show row `index` whole. */
    scrollToRow(index: number): void {
      const element = scroller.current;
      if (element && index >= 0) scrollToShow(element, index * rowHeight, rowHeight);
    },
  };
}

/**
 * The rows to render for a view `top` pixels down and `height` tall. A list that just got
 * shorter (a filter applied while scrolled down) is drawn from where the browser is about to
 * clamp the scroll, not from the old offset, which left the grid blank for a frame.
 */
export function rowsInView(top: number, height: number, count: number, rowHeight: number): number[] {
  const clampedTop = Math.min(top, Math.max(0, count * rowHeight - height));
  const first = Math.max(0, Math.floor(clampedTop / rowHeight) - OVERSCAN);
  const last = Math.min(count, Math.ceil((clampedTop + height) / rowHeight) + OVERSCAN);
  const indexes: number[] = [];
  for (let i = first; i < last; i += 1) indexes.push(i);
  return indexes;
}

function scrollToShow(element: HTMLElement, top: number, height: number): void {
  if (top < element.scrollTop) element.scrollTop = top;
  else if (top + height > element.scrollTop + element.clientHeight) {
    element.scrollTop = top + height - element.clientHeight;
  }
}

/**
 * Where a key moves the cursor of a list of `count` rows from `current` (-1: none yet), with
 * `page` rows to a Page key; undefined for a key that does not move it. The data grid and the
 * tool list read their arrows, Home, End and Page keys through this.
 */
export function rowForKey(key: string, current: number, count: number, page: number): number | undefined {
  if (count === 0) return undefined;
  const to = (() => {
    switch (key) {
      case 'ArrowDown':
        return current + 1;
      case 'ArrowUp':
        return current - 1;
      case 'PageDown':
        return current + page;
      case 'PageUp':
        return current - page;
      case 'Home':
        return 0;
      case 'End':
        return count - 1;
      default:
        return undefined;
    }
  })();
  return to === undefined ? undefined : Math.max(0, Math.min(count - 1, to));
}
