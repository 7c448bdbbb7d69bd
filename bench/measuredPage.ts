import type { Browser, Page } from '@playwright/test';

/** A long task the page's PerformanceObserver saw, on the page's clock (ms). */
export interface LongTask {
  start: number;
  duration: number;
}

/**
 * A page for the browser benches: a 1440×900 viewport, the given default timeout, and every long
 * task (> 50 ms of main-thread work) recorded from the first script on, for `longTasksBetween`.
 */
export async function measuredPage(browser: Browser, timeoutMs: number): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  page.setDefaultTimeout(timeoutMs);
  // tsx compiles the benches with esbuild's keepNames, which wraps the functions passed to
  // evaluate in a __name helper the page does not have.
  await page.addInitScript({ content: 'window.__name = (fn) => fn;' });
  await page.addInitScript(() => {
    const tasks: { start: number; duration: number }[] = [];
    (window as unknown as { __longTasks: typeof tasks }).__longTasks = tasks;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) tasks.push({ start: entry.startTime, duration: entry.duration });
    }).observe({ type: 'longtask', buffered: true });
  });
  return page;
}

/** The long tasks that started between two moments of the page's clock. */
export function longTasksBetween(page: Page, from: number, to: number): Promise<LongTask[]> {
  return page.evaluate(
    ({ from, to }) =>
      (window as unknown as { __longTasks: { start: number; duration: number }[] }).__longTasks.filter(
        (task) => task.start >= from && task.start <= to,
      ),
    { from, to },
  );
}
