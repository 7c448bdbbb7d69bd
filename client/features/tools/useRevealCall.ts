import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';
import type { CallRecord } from '../../session/callLog';

/** Keys that scroll the page when pressed outside a text field. */
const SCROLL_KEYS = new Set(['PageUp', 'PageDown', 'Home', 'End', 'ArrowUp', 'ArrowDown', ' ']);

/**
 * Brings the newest call into view when it starts, and its result when it arrives, so Run
 * never leaves the answer below the fold with nothing visible changing. Unless the person
 * scrolled on purpose in the meantime (wheel, touch, scroll keys): then the page stays where
 * they took it.
 */
export function useRevealCall(list: RefObject<HTMLElement | null>, newest: CallRecord | undefined): void {
  const seenId = useRef(newest?.id);
  const seenOutcome = useRef(newest?.outcome);
  const follow = useRef(false);

  useEffect(() => {
    const stop = (event: Event): void => {
      if (event instanceof KeyboardEvent) {
        const target = event.target as HTMLElement | null;
        if (!SCROLL_KEYS.has(event.key) || target?.closest('input, textarea, select, [contenteditable]'))
          return;
      }
      follow.current = false;
    };
    const events = ['wheel', 'touchmove', 'keydown'] as const;
    for (const name of events) window.addEventListener(name, stop, { capture: true, passive: true });
    return () => {
      for (const name of events) window.removeEventListener(name, stop, { capture: true });
    };
  }, []);

  useLayoutEffect(() => {
    const element = list.current?.firstElementChild;
    if (!newest || !(element instanceof HTMLElement)) return;
    if (newest.id !== seenId.current) {
      seenId.current = newest.id;
      seenOutcome.current = newest.outcome;
      follow.current = true;
      reveal(element);
    } else if (newest.outcome !== seenOutcome.current) {
      seenOutcome.current = newest.outcome;
      if (follow.current) reveal(element);
      follow.current = false;
    }
  }, [list, newest]);
}

/** The least scrolling that shows the element, its top first when it is taller than the view. */
function reveal(element: HTMLElement): void {
  const scroller = scrollParent(element);
  const tall = scroller ? element.offsetHeight > scroller.clientHeight : false;
  element.scrollIntoView({ block: tall ? 'start' : 'nearest' });
}

function scrollParent(element: HTMLElement): HTMLElement | undefined {
  for (let node = element.parentElement; node; node = node.parentElement) {
    const { overflowY } = getComputedStyle(node);
    if ((overflowY === 'auto' || overflowY === 'scroll') && node.scrollHeight > node.clientHeight)
      return node;
  }
  return undefined;
}
