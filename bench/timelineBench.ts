import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from '../scripts/chromium.mjs';
import { launchCli } from './cliProcess.js';
import { measuredPage } from './measuredPage.js';
import { timelineSessionLines } from './timelineSession.js';

/** Frame rate and main-thread blocking over a few seconds of one kind of work. */
export interface Smoothness {
  framesPerSecond: number;
  /** The longest gap between two animation frames. */
  longestFrameMs: number;
  /** The longest main-thread task (PerformanceObserver 'longtask'; 0 when none passed 50 ms). */
  longestTaskMs: number;
  tasksOver50: number;
}

export type TimelineBenchResult =
  | { skipped: string }
  | {
      browser: string;
      records: number;
      /** Import… chosen → the list says it holds them all. */
      importMs: number;
      /** Timeline pressed → its first paint (the span label written). */
      openMs: number;
      seconds: number;
      /** Baselines in the same run: the page doing nothing, then the traffic list scrolled. */
      idle: Smoothness;
      listScroll: Smoothness;
      /** The timeline zoomed in and out at the pointer and panned, an input every frame. */
      timeline: Smoothness;
    };

const RECORDS = 100_000;
const SECONDS = 4;
const TIMEOUT_MS = 180_000;

/**
 * Loads a 100,000-record session into the page (through Import…, the way a person opens a big
 * capture), opens the Timeline, then zooms and pans it for a few seconds with an input on every
 * frame, and measures the frame rate and the longest task; against the same page idle and its
 * traffic list scrolled the same way, in the same run.
 */
export async function runTimelineBench(records = RECORDS, seconds = SECONDS): Promise<TimelineBenchResult> {
  const executablePath = findChromium();
  if (executablePath === undefined) return { skipped: 'no Chromium found (MCP_INSPECT_CHROMIUM sets one)' };
  const folder = mkdtempSync(join(tmpdir(), 'mcp-inspect-timeline-'));
  const file = join(folder, 'session.jsonl');
  writeFileSync(file, timelineSessionLines(records));
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
  const cli = await launchCli();
  try {
    const page = await measuredPage(browser, TIMEOUT_MS);
    await page.goto(cli.link);
    await page
      .getByRole('status', { name: 'Traffic count' })
      .filter({ hasText: /records/ })
      .waitFor();
    // Most of the window for the traffic pane, as someone reading a capture would.
    const divider = page.getByRole('separator', { name: 'Resize the traffic pane' });
    for (let i = 0; i < 6; i += 1) await divider.press('ArrowUp');

    const importStarted = Date.now();
    await page.getByLabel('Import traffic (JSON Lines)').setInputFiles(file);
    await page
      .getByRole('status', { name: 'Traffic count' })
      .filter({ hasText: `${records.toLocaleString('en-US')} records` })
      .waitFor();
    const importMs = Date.now() - importStarted;

    const idle = await measure(page, 'idle', seconds);
    const listScroll = await measure(page, 'list', seconds);

    const openMs = await page.evaluate(async () => {
      const started = performance.now();
      const button = Array.from(document.querySelectorAll('button')).find(
        (b) => b.textContent === 'Timeline',
      );
      button?.click();
      await new Promise<void>((resolve) => {
        const tick = (): void => {
          const label = document.querySelector('[aria-label="Visible span"]')?.textContent ?? '';
          if (label !== '' || performance.now() - started > 60_000) resolve();
          else requestAnimationFrame(tick);
        };
        tick();
      });
      await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
      return performance.now() - started;
    });
    const profile = process.env.TIMELINE_BENCH_PROFILE ? await startProfile(page) : undefined;
    const timeline = await measure(page, 'timeline', seconds);
    if (profile) await profile();
    // A look at what was drawn, when asked (TIMELINE_BENCH_SCREENSHOT=/tmp/timeline.png).
    if (process.env.TIMELINE_BENCH_SCREENSHOT) {
      await page
        .getByRole('region', { name: 'Timeline' })
        .screenshot({ path: process.env.TIMELINE_BENCH_SCREENSHOT });
    }
    return {
      browser: `Chromium ${browser.version()}`,
      records,
      importMs,
      openMs,
      seconds,
      idle,
      listScroll,
      timeline,
    };
  } finally {
    await browser.close();
    await cli.stop();
    rmSync(folder, { recursive: true, force: true });
  }
}

/**
 * Runs in the page for `seconds`: counts animation frames while doing one input per frame
 * (nothing; a wheel scroll of the list; a wheel zoom or pan on the timeline canvas), then reads
 * the long tasks of that window.
 */
async function measure(page: Page, work: 'idle' | 'list' | 'timeline', seconds: number): Promise<Smoothness> {
  return page.evaluate(
    async ({ work, seconds }) => {
      const canvas = document.querySelector<HTMLCanvasElement>('canvas[aria-label^="Session timeline"]');
      const scroller = document.querySelector<HTMLElement>(
        '[role=grid][aria-label="Traffic"] .data-grid-scroller',
      );
      const started = performance.now();
      let frames = 0;
      let last = started;
      let longestFrame = 0;
      await new Promise<void>((resolve) => {
        const tick = (now: number): void => {
          frames += 1;
          longestFrame = Math.max(longestFrame, now - last);
          last = now;
          const elapsed = now - started;
          if (elapsed > seconds * 1000) {
            resolve();
            return;
          }
          if (work === 'list' && scroller) {
            // Down for the first half, back up for the second, a screenful a second.
            scroller.scrollTop += elapsed < (seconds * 1000) / 2 ? 400 : -400;
          } else if (work === 'timeline' && canvas) {
            const box = canvas.getBoundingClientRect();
            const phase = Math.floor(elapsed / 500) % 4;
            // Zoom in, pan right, zoom out, pan left; the pointer wanders across the canvas.
            const clientX = box.left + box.width * (0.2 + 0.6 * ((elapsed / 1700) % 1));
            const clientY = box.top + 80;
            const deltaY = phase === 0 ? -90 : phase === 2 ? 90 : 0;
            const deltaX = phase === 1 ? 60 : phase === 3 ? -60 : 0;
            canvas.dispatchEvent(
              new WheelEvent('wheel', { deltaX, deltaY, clientX, clientY, bubbles: true, cancelable: true }),
            );
            canvas.dispatchEvent(new PointerEvent('pointermove', { clientX, clientY, bubbles: true }));
          }
          requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      });
      const ended = performance.now();
      const tasks = (
        window as unknown as { __longTasks: { start: number; duration: number }[] }
      ).__longTasks.filter((task) => task.start >= started && task.start <= ended);
      return {
        framesPerSecond: frames / ((ended - started) / 1000),
        longestFrameMs: longestFrame,
        longestTaskMs: Math.max(0, ...tasks.map((task) => task.duration)),
        tasksOver50: tasks.length,
      };
    },
    { work, seconds },
  );
}

/** A diagnostic: the functions with the most self time while the timeline is driven. */
async function startProfile(page: Page): Promise<() => Promise<void>> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.start');
  return async () => {
    const { profile } = await cdp.send('Profiler.stop');
    const self = new Map<string, number>();
    const byId = new Map(profile.nodes.map((node) => [node.id, node]));
    const deltas = profile.timeDeltas ?? [];
    (profile.samples ?? []).forEach((id, i) => {
      const node = byId.get(id);
      if (!node) return;
      const frame = node.callFrame;
      const key = `${frame.functionName || '(anonymous)'} ${frame.url.split('/').pop()}:${frame.lineNumber}`;
      self.set(key, (self.get(key) ?? 0) + (deltas[i] ?? 0) / 1000);
    });
    const top = [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, 25);
    console.error(top.map(([key, msTotal]) => `${msTotal.toFixed(0).padStart(7)} ms  ${key}`).join('\n'));
  };
}
