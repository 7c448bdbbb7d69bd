import { useLayoutEffect, useState, type RefObject } from 'react';

/** Rows rendered beyond each edge of the view, so a fast scroll does not show blanks. */
const OVERSCAN = 10;

/**
 * Which rows of a list of fixed-height rows are in view of a scrolling element: O(rows in
 * view) per render, whatever the list's length.
 */
export function useFixedRowWindow(scroller: RefObject<HTMLElement | null>, count: number, rowHeight: number) {
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

  const first = Math.max(0, Math.floor(view.top / rowHeight) - OVERSCAN);
  const last = Math.min(count, Math.ceil((view.top + view.height) / rowHeight) + OVERSCAN);
  const indexes: number[] = [];
  for (let i = first; i < last; i += 1) indexes.push(i);

  return {
    indexes,
    onScroll: measure,
    viewHeight: view.height,
  };
}
