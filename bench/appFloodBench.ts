import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from '../scripts/chromium.mjs';
import { launchCli } from './cliProcess.js';
import { openTool } from './runTool.js';

/** The fixture server whose apps attack their host; its `flood_app` posts on its tool input. */
const HOSTILE_APPS_PATH = fileURLToPath(new URL('../e2e/fixtures/hostileApps.mjs', import.meta.url));

export interface AppFloodScenario {
  count: number;
  bytes: number;
  /** Through the sandbox proxy, or from a script the app put into the sandbox page (around it). */
  via: 'proxy' | 'sandbox';
}

export interface AppFloodFigures {
  scenario: AppFloodScenario;
  /** Whether the page's renderer died (the tab closed) during the flood. */
  crashed: boolean;
  /** Whether a click was still unanswered at the scenario's deadline. */
  unanswered: boolean;
  /** From Run until the app says it has posted everything. */
  sendMs: number;
  /** The page's main thread (the app runs in another process when its site differs). */
  longestTaskMs: number;
  longTasksTotalMs: number;
  /**
   * Clicks on the page during the flood, each from sending it to the page having handled it
   * (Chromium acknowledges a mouse event once the page's main thread took it).
   */
  clicks: number;
  clickMedianMs: number;
  clickMaxMs: number;
  /** What the App log said about the flood (its lines mentioning drops), at the end. */
  dropNotes: string[];
}

export const APP_FLOOD_SCENARIOS: AppFloodScenario[] = [
  { count: 100, bytes: 250_000, via: 'proxy' },
  { count: 20_000, bytes: 16, via: 'proxy' },
  { count: 100, bytes: 250_000, via: 'sandbox' },
  { count: 20_000, bytes: 16, via: 'sandbox' },
  { count: 4_000, bytes: 250_000, via: 'sandbox' },
];

/** How long the page is watched after the app has sent everything: what it queued still arrives. */
const SETTLE_MS = 3_000;
/** Past this the page is called unresponsive and the scenario ends. */
const SCENARIO_TIMEOUT_MS = 150_000;
const CLICK_EVERY_MS = 100;

/**
 * An app floods its host with postMessages while the page is clicked every 100 ms: the page's
 * longest main-thread task, and how long each click takes to be handled. Figures are printed,
 * never asserted. Each scenario gets a fresh tab on the same mcp-inspect.
 */
export async function runAppFloodBench(
  scenarios: AppFloodScenario[] = APP_FLOOD_SCENARIOS,
): Promise<AppFloodFigures[] | { skipped: string }> {
  const executablePath = findChromium();
  if (executablePath === undefined) return { skipped: 'no Chromium found (MCP_INSPECT_CHROMIUM sets one)' };
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
  const cli = await launchCli([process.execPath, HOSTILE_APPS_PATH]);
  try {
    const figures: AppFloodFigures[] = [];
    for (const scenario of scenarios) {
      process.stderr.write(`app flood: ${scenario.count} × ${scenario.bytes} B via ${scenario.via}…\n`);
      const result = await runScenario(browser, cli.link, scenario);
      process.stderr.write(`${formatAppFlood([result]).join('\n')}\n`);
      figures.push(result);
    }
    return figures;
  } finally {
    await beforeDeadline(browser.close(), performance.now() + 30_000);
    await cli.stop();
  }
}

async function runScenario(
  browser: Browser,
  link: string,
  scenario: AppFloodScenario,
): Promise<AppFloodFigures> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  let crashed = false;
  page.on('crash', () => {
    crashed = true;
  });
  // tsx compiles this file with esbuild's keepNames, which wraps the functions passed to
  // evaluate in a __name helper the page does not have.
  await page.addInitScript({ content: 'window.__name = (fn) => fn;' });
  await page.addInitScript(() => {
    const w = window as unknown as { __tasks: number[] };
    w.__tasks = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) w.__tasks.push(entry.duration);
    }).observe({ type: 'longtask', buffered: true });
  });
  try {
    await page.goto(link);
    await openTool(page, 'flood_app');
    const form = page.getByRole('group', { name: 'Arguments form' });
    await form.getByRole('spinbutton', { name: 'count', exact: true }).fill(String(scenario.count));
    await form.getByRole('spinbutton', { name: 'bytes', exact: true }).fill(String(scenario.bytes));
    await form.getByRole('combobox', { name: 'via', exact: true }).selectOption(scenario.via);
    // Clicks go to an inert spot of the page: the tool's heading.
    const box = await page
      .getByRole('region', { name: 'Tool flood_app', exact: true })
      .getByRole('heading')
      .first()
      .boundingBox();
    await page.evaluate(() => {
      (window as unknown as { __tasks: number[] }).__tasks.length = 0;
    });

    const started = performance.now();
    const deadline = started + SCENARIO_TIMEOUT_MS;
    await page.getByRole('button', { name: 'Run tool' }).click();
    let sentAt: number | undefined;
    void page
      .frameLocator('iframe.app-frame')
      .frameLocator('iframe')
      .locator('#out')
      .filter({ hasText: /^sent / })
      .waitFor({ timeout: SCENARIO_TIMEOUT_MS })
      .then(
        () => {
          sentAt = performance.now();
        },
        () => undefined,
      );
    // Until the app has sent everything and the page had a few seconds to take what was queued.
    const clicks: number[] = [];
    let unanswered = false;
    while (!crashed && (sentAt === undefined || performance.now() - sentAt < SETTLE_MS)) {
      if (box) {
        const clickedAt = performance.now();
        const click = page.mouse.click(box.x + 4, box.y + box.height / 2);
        if ((await beforeDeadline(click, deadline)) === undefined) {
          unanswered = true;
          break;
        }
        clicks.push(performance.now() - clickedAt);
      }
      if (performance.now() > deadline) break;
      await new Promise((resolve) => setTimeout(resolve, CLICK_EVERY_MS));
    }
    const read = (): Promise<{ tasks: number[]; notes: string[] }> =>
      page.evaluate(() => {
        const log = document.querySelector('[aria-label="App log"]');
        const lines = Array.from(log?.querySelectorAll('summary') ?? []).map(
          (line) => line.textContent ?? '',
        );
        return {
          tasks: [...(window as unknown as { __tasks: number[] }).__tasks],
          notes: lines.filter((line) => /dropped/i.test(line)).slice(-4),
        };
      });
    const seen =
      crashed || unanswered
        ? undefined
        : (
            await beforeDeadline(
              read().catch(() => {
                // The renderer went away without a crash event: the browser closed the tab.
                crashed = true;
                return undefined;
              }),
              performance.now() + 30_000,
            )
          )?.value;
    const tasks = seen?.tasks ?? [];
    const sorted = [...clicks].sort((a, b) => a - b);
    return {
      scenario,
      crashed,
      unanswered,
      sendMs: (sentAt ?? performance.now()) - started,
      longestTaskMs: Math.max(0, ...tasks),
      longTasksTotalMs: tasks.reduce((sum, task) => sum + task, 0),
      clicks: clicks.length,
      clickMedianMs: sorted[Math.floor(sorted.length / 2)] ?? Number.NaN,
      clickMaxMs: sorted.at(-1) ?? Number.NaN,
      dropNotes: seen?.notes ?? [],
    };
  } finally {
    await beforeDeadline(
      context.close().catch(() => undefined),
      performance.now() + 30_000,
    );
  }
}

/** The promise's outcome, or undefined once the deadline passed (a frozen page never answers). */
async function beforeDeadline<T>(promise: Promise<T>, deadline: number): Promise<{ value: T } | undefined> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), Math.max(0, deadline - performance.now()));
  });
  try {
    return await Promise.race([promise.then((value) => ({ value })), late]);
  } catch {
    return undefined;
  } finally {
    clearTimeout(timer);
  }
}

/** One line per scenario, for the terminal. */
export function formatAppFlood(figures: AppFloodFigures[]): string[] {
  const ms = (value: number): string => (Number.isFinite(value) ? `${Math.round(value)} ms` : '–');
  return figures.flatMap(({ scenario, ...f }) => [
    `${scenario.count} × ${scenario.bytes} B via ${scenario.via}: ${f.crashed ? 'TAB CRASHED; ' : ''}` +
      `${f.unanswered ? `a click still unanswered after ${SCENARIO_TIMEOUT_MS / 1000} s; ` : ''}` +
      `sent in ${ms(f.sendMs)}; longest task ${ms(f.longestTaskMs)}, long tasks ${ms(f.longTasksTotalMs)} in all; ` +
      `${f.clicks} clicks handled, median ${ms(f.clickMedianMs)}, slowest ${ms(f.clickMaxMs)}`,
    ...f.dropNotes.map((note) => `    App log: ${note.trim()}`),
  ]);
}
