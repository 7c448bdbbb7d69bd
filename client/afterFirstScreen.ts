import { useSyncExternalStore } from 'react';

/*
 * What the page loads once its first screen has shown (the tool list, or whatever the first tab
 * shows instead): the traffic pane, the chunks a person is likely to want next, and work the
 * first screen does not need (the lint badges). Loading them earlier would compete with the
 * scripts and the socket the tool list waits for; loading them only when asked would make the
 * first click wait. scripts/first-screen-budget.mjs keeps them off the first screen.
 */

/**
 * If nothing says the first screen has shown, and the tool list is not on its way either (a
 * server that never answers initialize, say: its traffic is what the person needs then).
 */
const AT_THE_LATEST_MS = 3_000;
/** How long an idle callback may wait on a page that stays busy. */
const IDLE_TIMEOUT_MS = 2_000;

let shown = false;
/** Set at once by firstScreenShown; `shown` follows once the screen has painted. */
let showing = false;
const waiting: Array<() => void> = [];
const listeners = new Set<() => void>();

/** Runs `work` when the browser is idle after the first screen has shown. */
export function afterFirstScreen(work: () => void): void {
  if (shown) whenIdle(work);
  else waiting.push(work);
}

/**
 * Called once the first screen is on screen (the tool list, or the reason there is none: no
 * tools, a server that failed, the bridge gone); later calls do nothing. What waits for it starts
 * after that screen has painted: called from the effect of the render that drew the list, it
 * would otherwise ask for the traffic pane's and the idle chunks before the list's first frame
 * (measured with 5,000 tools: 14 chunks, 48 KB, requested before the first tool was painted).
 */
export function firstScreenShown(): void {
  if (showing) return;
  showing = true;
  afterNextPaint(() => {
    shown = true;
    for (const work of waiting.splice(0)) whenIdle(work);
    for (const listener of listeners) listener();
  });
}

/** A hidden tab (or a workspace's hidden frame) draws no frames: do not wait on one for ever. */
const PAINT_AT_THE_LATEST_MS = 250;

/** Runs `work` once the next frame has painted (a task posted from the frame's callback runs after it). */
function afterNextPaint(work: () => void): void {
  let done = false;
  const once = (): void => {
    if (done) return;
    done = true;
    work();
  };
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => setTimeout(once, 0));
  setTimeout(once, PAINT_AT_THE_LATEST_MS);
}

/** Whether the first screen has shown, for what renders only after it (the traffic pane). */
export function useFirstScreenShown(): boolean {
  return useSyncExternalStore(subscribe, () => shown);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Called when the tool list has been asked for: it will show, or its error will, so the page
 * waits for that however long it takes (5,000 tools on a busy machine took over 10 s) rather
 * than loading the rest alongside.
 */
export function firstScreenOnItsWay(): void {
  listAskedFor = true;
  clearTimeout(fallback);
}

function whenIdle(work: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(work, { timeout: IDLE_TIMEOUT_MS });
  else setTimeout(work, 0);
}

/*
 * Counted from the page's load event, not from this module's start: on a busy machine loading the
 * first screen's script alone took seconds, and a fallback counted from the start fired before the
 * tool list was even asked for, loading the rest alongside it.
 */
let fallback: ReturnType<typeof setTimeout> | undefined;
let listAskedFor = false;
if (typeof window !== 'undefined') {
  const arm = (): void => {
    if (!listAskedFor) fallback = setTimeout(firstScreenShown, AT_THE_LATEST_MS);
  };
  if (document.readyState === 'complete') arm();
  else window.addEventListener('load', arm, { once: true });
}
