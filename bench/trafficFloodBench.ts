import { openTool, runOnceConfirming } from './runTool.js';
import { chromium, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from '../scripts/chromium.mjs';
import { launchCli } from './cliProcess.js';
import { longTasksBetween, measuredPage } from './measuredPage.js';
import { TRAFFIC_SERVER_PATH } from './paths.js';

export type TrafficFloodResult =
  | { skipped: string }
  | {
      browser: string;
      /** Every feature tab opened once before the flood (they stay mounted, hidden). */
      everyTabVisited: boolean;
      notifications: number;
      /** The fixture server's own time to write them all (its tool result says). */
      serverMs: number;
      /** From the first flood frame on screen to the last, in the page. */
      streamMs: number;
      framesPerSecond: number;
      /** From pressing Run to the last frame counted on screen. */
      allShownMs: number;
      /** Longest main-thread task while streaming, and how many went over 50 ms / 100 ms. */
      longestTaskMs: number;
      tasksOver50: number;
      tasksOver100: number;
      /** JS heap used after the flood, after a garbage collection. */
      heapMB: number;
      /** Records held by the page when the timings below were taken. */
      records: number;
      /** At that size: showing only requests, then everything again, a search, scrolling to the top. */
      filterKindMs: number;
      filterAllMs: number;
      searchMs: number;
      scrollTopMs: number;
      /** With every tab visited: opening the Logs tab after the flood until all are counted. */
      logsOpenMs?: number;
    };

/** The feature tabs, in the page's order: each is opened once when `everyTabVisited`. */
const FEATURE_TABS = ['Resources', 'Prompts', 'Requests', 'Logs', 'Server', 'Connection', 'Tools'];

const NOTIFICATIONS = 100_000;
const TIMEOUT_MS = 180_000;

/**
 * A server floods 100,000 notifications while the page is open in Chromium: how fast they
 * reach the screen, how long the main thread is blocked, the heap afterwards; then, at that
 * size, how long a filter change, a search and a scroll to the top take. Times are measured in
 * the page (performance.now) up to the next painted frame.
 */
export async function runTrafficFloodBench(
  notifications = NOTIFICATIONS,
  { everyTabVisited = false } = {},
): Promise<TrafficFloodResult> {
  const executablePath = findChromium();
  if (executablePath === undefined) return { skipped: 'no Chromium found (MCP_INSPECT_CHROMIUM sets one)' };
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
  const cli = await launchCli([process.execPath, TRAFFIC_SERVER_PATH]);
  try {
    const page = await measuredPage(browser, TIMEOUT_MS);
    await page.goto(cli.link);
    if (everyTabVisited) {
      // Hidden panels stay mounted once visited: they must not work per notification.
      for (const name of FEATURE_TABS) {
        await page.getByRole('tab', { name, exact: true }).click();
        await page.getByRole('tabpanel', { name, exact: true }).waitFor();
      }
    }
    await openTool(page, 'flood');
    // A first flood of one, to answer the confirmation before anything is measured.
    const count = page.getByRole('spinbutton', { name: /^count/ });
    await count.fill('1');
    await runOnceConfirming(page);
    await count.fill(String(notifications));
    await page
      .getByRole('status', { name: 'Traffic count' })
      .filter({ hasText: /records/ })
      .waitFor();
    const before = await recordCount(page);

    // Watch the count on every frame from just before the click.
    const watch = page.evaluate(
      ({ from, expected, timeoutMs }) =>
        new Promise<{ clickAt: number; firstAt: number; lastAt: number }>((resolve, reject) => {
          const status = document.querySelector('[aria-label="Traffic count"]');
          const count = (): number => Number((status?.textContent ?? '').replace(/[^0-9]/g, ''));
          const clickAt = performance.now();
          let firstAt = 0;
          const tick = (): void => {
            const now = performance.now();
            const shown = count() - from;
            if (shown > 0 && firstAt === 0) firstAt = now;
            if (shown >= expected) resolve({ clickAt, firstAt, lastAt: now });
            else if (now - clickAt > timeoutMs)
              reject(new Error(`only ${shown} of ${expected} records shown`));
            else requestAnimationFrame(tick);
          };
          requestAnimationFrame(tick);
        }),
      // The request, its response and the notifications.
      { from: before, expected: notifications + 2, timeoutMs: TIMEOUT_MS },
    );
    await page.getByRole('button', { name: 'Run tool' }).click();
    const { clickAt, firstAt, lastAt } = await watch;
    const resultText =
      (await page.getByRole('region', { name: 'Result', exact: true }).first().textContent()) ?? '';
    const serverMs = Number(/in (\d+) ms/.exec(resultText)?.[1] ?? Number.NaN);

    const tasks = await longTasksBetween(page, clickAt, lastAt);
    // A diagnostic: when each long task started (ms after Run) and how long it took.
    if (process.env.TRAFFIC_BENCH_TASKS) {
      console.error(
        tasks.map((task) => `${(task.start - clickAt).toFixed(0)}:${task.duration.toFixed(0)}`).join(' '),
      );
    }
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('HeapProfiler.collectGarbage');
    await cdp.send('Performance.enable');
    const { metrics } = await cdp.send('Performance.getMetrics');
    const heap = metrics.find((metric) => metric.name === 'JSHeapUsedSize')?.value ?? Number.NaN;

    const records = await recordCount(page);
    const filterKindMs = await timeToPaint(page, { kind: 'toggle-kind', label: 'Requests' });
    const filterAllMs = await timeToPaint(page, { kind: 'toggle-kind', label: 'Requests' });
    const searchMs = await timeToPaint(page, { kind: 'search', text: `"n":${notifications - 1},` });
    await timeToPaint(page, { kind: 'search', text: '' });
    const scrollTopMs = await timeToPaint(page, { kind: 'home' });
    const logsOpenMs = everyTabVisited ? await timeToOpenLogs(page, notifications + 1) : undefined;

    return {
      browser: `Chromium ${browser.version()}`,
      everyTabVisited,
      notifications,
      serverMs,
      streamMs: lastAt - firstAt,
      framesPerSecond: notifications / ((lastAt - firstAt) / 1000),
      allShownMs: lastAt - clickAt,
      longestTaskMs: Math.max(0, ...tasks.map((task) => task.duration)),
      tasksOver50: tasks.length,
      tasksOver100: tasks.filter((task) => task.duration > 100).length,
      heapMB: heap / 1024 / 1024,
      records,
      filterKindMs,
      filterAllMs,
      searchMs,
      scrollTopMs,
      ...(logsOpenMs === undefined ? {} : { logsOpenMs }),
    };
  } finally {
    await browser.close();
    await cli.stop();
  }
}

async function recordCount(page: Page): Promise<number> {
  const text = (await page.getByRole('status', { name: 'Traffic count' }).textContent()) ?? '';
  return Number(/([\d,]+) records/.exec(text)?.[1]?.replace(/,/g, '') ?? Number.NaN);
}

/** What to do in the page; run there, so the clock starts at the event, not a round trip away. */
type PageAction =
  { kind: 'toggle-kind'; label: string } | { kind: 'search'; text: string } | { kind: 'home' };

/** The search box waits this long after typing before it searches (useTrafficFilter). */
const SEARCH_DEBOUNCE_MS = 250;

/**
 * Runs an action in the page and measures until its result is painted: the count text changed
 * (a filter or a search, less the typing debounce) or the first row is on screen (Home).
 */
async function timeToPaint(page: Page, action: PageAction): Promise<number> {
  const elapsed = await page.evaluate(async (action) => {
    const status = document.querySelector('[aria-label="Traffic count"]');
    const before = status?.textContent;
    const started = performance.now();
    if (action.kind === 'toggle-kind') {
      const buttons = Array.from(document.querySelectorAll<HTMLButtonElement>('[aria-label="Kind"] button'));
      buttons.find((button) => button.textContent === action.label)?.click();
    } else if (action.kind === 'search') {
      const input = document.querySelector<HTMLInputElement>('input[aria-label="Search payloads"]');
      // React listens for input events and reads the value through the prototype's setter.
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, action.text);
      input?.dispatchEvent(new Event('input', { bubbles: true }));
    } else {
      const grid = document.querySelector('[role=grid][aria-label="Traffic"]');
      grid?.dispatchEvent(new KeyboardEvent('keydown', { key: 'Home', bubbles: true }));
    }
    const done = (): boolean =>
      action.kind === 'home'
        ? document.querySelector('[role=grid] [aria-rowindex="2"]') !== null
        : status?.textContent !== before;
    await new Promise<void>((resolve) => {
      const tick = (): void => {
        if (done() || performance.now() - started > 10_000) resolve();
        else requestAnimationFrame(tick);
      };
      tick();
    });
    // Until the frame with the change is painted.
    await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
    return performance.now() - started;
  }, action);
  return action.kind === 'search' ? elapsed - SEARCH_DEBOUNCE_MS : elapsed;
}

/**
 * Clicks the Logs tab (visited before, hidden during the flood) and measures until it counts
 * every message and that frame is painted: the catching up a hidden panel leaves for later.
 */
async function timeToOpenLogs(page: Page, messages: number): Promise<number> {
  return page.evaluate(async (expected) => {
    const started = performance.now();
    const tab = Array.from(document.querySelectorAll<HTMLElement>('[role=tab]')).find(
      (element) => element.textContent === 'Logs',
    );
    tab?.click();
    const counted = (): number =>
      Number((document.querySelector('[aria-label="Log count"]')?.textContent ?? '').replace(/[^0-9]/g, ''));
    await new Promise<void>((resolve) => {
      const tick = (): void => {
        if (counted() >= expected || performance.now() - started > 60_000) resolve();
        else requestAnimationFrame(tick);
      };
      tick();
    });
    await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
    return performance.now() - started;
  }, messages);
}
