import { openTool, runOnceConfirming } from './runTool.js';
import { fileURLToPath } from 'node:url';
import { chromium, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from '../scripts/chromium.mjs';
import { launchCli } from './cliProcess.js';
import { spread, type Spread } from './stats.js';

/** One big result: from clicking Run to it being on screen, and the page's longest task meanwhile. */
export interface BigResultFigures {
  label: string;
  /** From the click on Run to the first frame that shows the result (in the page's clock). */
  shown: Spread;
  /** The longest main-thread task (Chromium's long-task timing, ≥ 50 ms) per run; 0 when none. */
  longestTask: Spread;
  /** Sum over long tasks of their time past 50 ms (total blocking time), per run. */
  blocking: Spread;
  /** The longest task of all runs, and how many runs had one over the 200 ms goal. */
  worstTaskMs: number;
  runsOverGoal: number;
}

export type BigResultBenchResult =
  { skipped: string } | { browser: string; runs: number; warmupRuns: number; cases: BigResultFigures[] };

export const LONG_TASK_GOAL_MS = 200;

const FIXTURE = fileURLToPath(new URL('../e2e/fixtures/resultShapes.mjs', import.meta.url));
const STEP_TIMEOUT_MS = 60_000;
/** Long tasks are collected until this long after the result shows: decoding and painting trail it. */
const TRAILING_MS = 1_000;

interface Case {
  label: string;
  tool: { name: string; title: string };
  /** What has to be on screen: a text block's text, or an image block's decoded image. */
  block: 'Text' | 'Image';
}

const CASES: Case[] = [
  {
    label: '10 MB text',
    tool: { name: 'big_text', title: 'Big text' },
    block: 'Text',
  },
  {
    label: '5 MB image',
    tool: { name: 'big_image', title: 'Big image' },
    block: 'Image',
  },
];

/** Installed before the page's own scripts: long tasks from the very start, and the click time. */
const INIT_SCRIPT = `
  window.__bench = { longTasks: [], clickedAt: undefined };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__bench.longTasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
  document.addEventListener('click', (event) => {
    if (event.target instanceof Element && event.target.closest('button')?.textContent === 'Run tool') {
      window.__bench.clickedAt = performance.now();
    }
  }, true);
`;

/**
 * A 10 MB text and a 5 MB image from the result-shapes fixture server, run from the page as a
 * person would: the time until the result shows, and the longest main-thread task meanwhile.
 * One page per case; each run replaces the previous run's result, as repeated calls do.
 */
export async function runBigResultBench(runs = 5, warmupRuns = 1): Promise<BigResultBenchResult> {
  const executablePath = findChromium();
  if (executablePath === undefined) return { skipped: 'no Chromium found (MCP_INSPECT_CHROMIUM sets one)' };
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
  const cli = await launchCli(['node', FIXTURE]);
  try {
    const cases: BigResultFigures[] = [];
    for (const benchCase of CASES) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      try {
        const page = await context.newPage();
        page.setDefaultTimeout(STEP_TIMEOUT_MS);
        await page.addInitScript(INIT_SCRIPT);
        await page.goto(cli.link);
        // The tools take no arguments: open one and get its confirmation out of the way.
        await openTool(page, benchCase.tool.name);
        await runOnceConfirming(page);
        const shown: number[] = [];
        const longest: number[] = [];
        const blocking: number[] = [];
        for (let run = 0; run < warmupRuns + runs; run++) {
          const figures = await measureRun(page, benchCase);
          if (run >= warmupRuns) {
            shown.push(figures.shownMs);
            longest.push(figures.longestTaskMs);
            blocking.push(figures.blockingMs);
          }
        }
        cases.push({
          label: benchCase.label,
          shown: spread(shown),
          longestTask: spread(longest),
          blocking: spread(blocking),
          worstTaskMs: Math.max(...longest),
          runsOverGoal: longest.filter((ms) => ms > LONG_TASK_GOAL_MS).length,
        });
      } finally {
        await context.close();
      }
    }
    return { browser: `Chromium ${browser.version()}`, runs, warmupRuns, cases };
  } finally {
    await browser.close();
    await cli.stop();
  }
}

async function measureRun(
  page: Page,
  benchCase: Case,
): Promise<{ shownMs: number; longestTaskMs: number; blockingMs: number }> {
  // The previous run's result stays until the new one replaces it: mark it so it is not mistaken
  // for the new one.
  await page.evaluate(() => {
    document.querySelector('section[aria-label="Result"]')?.setAttribute('data-bench-old', '');
    (window as unknown as { __bench: { clickedAt?: number } }).__bench.clickedAt = undefined;
  });
  await page.getByRole('button', { name: 'Run tool' }).click();
  // Polled once per frame: the first frame in which the result is there.
  const shownAt = await page.waitForFunction(
    (block) => {
      const result = document.querySelector('section[aria-label="Result"]:not([data-bench-old])');
      const article = result?.querySelector(`article[aria-label="${block}"]`);
      const img = article?.querySelector('img');
      const shown =
        block === 'Image'
          ? img !== null && img !== undefined && img.complete && img.naturalWidth > 0
          : (article?.querySelector('pre')?.textContent?.length ?? 0) > 0;
      return shown ? performance.now() : false;
    },
    benchCase.block,
    { polling: 'raf', timeout: STEP_TIMEOUT_MS },
  );
  const shownTime = (await shownAt.jsonValue()) as number;
  await page.waitForTimeout(TRAILING_MS);
  return page.evaluate(
    ({ shownTime, trailing }) => {
      const bench = (
        window as unknown as {
          __bench: { clickedAt?: number; longTasks: { start: number; duration: number }[] };
        }
      ).__bench;
      const from = bench.clickedAt ?? Number.NaN;
      const tasks = bench.longTasks.filter(
        (task) => task.start + task.duration >= from && task.start <= shownTime + trailing,
      );
      return {
        shownMs: shownTime - from,
        longestTaskMs: Math.max(0, ...tasks.map((task) => task.duration)),
        blockingMs: tasks.reduce((sum, task) => sum + Math.max(0, task.duration - 50), 0),
      };
    },
    { shownTime, trailing: TRAILING_MS },
  );
}
