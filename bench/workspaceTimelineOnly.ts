// The workspace's timeline (`mcp-inspect --all`, issue 37) with ten demo servers, each with CALLS
// tools/list calls in its live traffic (real calls to its demo server, sent again as the traffic
// pane's replay sends one): the time to open All traffic → Timeline, then the frame rate and the
// longest task while it is zoomed and panned an input a frame, with all ten lane groups shown, against one group shown (nine servers
// unticked), then ten again, and the page idle, in the same run.
// `npm run build && node --import tsx bench/workspaceTimelineOnly.ts [calls-per-server]`.
import './machineEnvironment.js';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from '../scripts/chromium.mjs';
import { launchCli } from './cliProcess.js';
import { measuredPage } from './measuredPage.js';
import { DEMO_SERVER_PATH } from './paths.js';

const SERVERS = 10;
const CALLS = Number(process.argv[2]) || 3_000;
const SECONDS = 4;
/** Calls in flight at once on a server: its group's lanes. */
const BATCH = 20;
const TIMEOUT_MS = 240_000;

interface Smoothness {
  framesPerSecond: number;
  longestFrameMs: number;
  longestTaskMs: number;
  tasksOver50: number;
}

/** An input a frame for `seconds` (none when idle; a wheel zoom or pan on the canvas), then the long tasks. */
function drive(page: Page, work: 'idle' | 'timeline', seconds: number): Promise<Smoothness> {
  return page.evaluate(
    async ({ work, seconds }) => {
      const canvas = document.querySelector<HTMLCanvasElement>(
        'section[aria-label="All servers\' timeline"] canvas',
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
          if (work === 'timeline' && canvas) {
            const box = canvas.getBoundingClientRect();
            const phase = Math.floor(elapsed / 500) % 4;
            const clientX = box.left + box.width * (0.2 + 0.6 * ((elapsed / 1700) % 1));
            const clientY = box.top + 120;
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

const executablePath = findChromium();
if (executablePath === undefined) {
  console.log('workspace timeline bench skipped: no Chromium found (MCP_INSPECT_CHROMIUM sets one)');
  process.exit(0);
}
const folder = mkdtempSync(join(tmpdir(), 'mcp-inspect-bench-workspace-timeline-'));
const workspaceFile = join(folder, 'mcp-inspect.workspace.json');
writeFileSync(
  workspaceFile,
  JSON.stringify({
    formatVersion: 1,
    servers: Array.from({ length: SERVERS }, (_, at) => ({
      name: `s${at}`,
      command: process.execPath,
      args: [DEMO_SERVER_PATH],
    })),
  }),
);
const load = loadavg()[0] ?? 0;
const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
const cli = await launchCli([], ['--all', '--workspace', workspaceFile]);
try {
  const page = await measuredPage(browser, TIMEOUT_MS);
  await page.goto(cli.link);
  for (let at = 0; at < SERVERS; at += 1)
    await page.locator(`li[data-server="s${at}"] .ws-status`).filter({ hasText: 'connected' }).waitFor();
  // Real traffic in every server's live log: CALLS tools/list calls a server, sent through its page's
  // session (as the traffic pane's replay sends one) to its demo server and answered, BATCH at a time.
  for (let at = 0; at < SERVERS; at += 1) {
    const frame = page.frames().find((each) => new URL(each.url()).pathname === `/s/${at}/`);
    if (!frame) throw new Error(`no frame for server ${at}`);
    await frame.evaluate(
      async ({ calls, batch }) => {
        const handle = (
          window as unknown as {
            mcpInspectServer: {
              session: { replay(request: object): string | undefined };
              traffic: {
                size: number;
                all(): readonly {
                  type: string;
                  dir?: string;
                  message?: { method?: string; params?: unknown };
                }[];
              };
            };
          }
        ).mcpInspectServer;
        // The page's own tools/list, as its SDK client sent it (the era's metadata and all), sent again.
        const listed = handle.traffic
          .all()
          .find(
            (record) =>
              record.type === 'frame' && record.dir === 'toServer' && record.message?.method === 'tools/list',
          );
        if (!listed?.message) throw new Error('the page has not listed its tools');
        const request = { jsonrpc: '2.0', id: 0, method: 'tools/list', params: listed.message.params };
        const before = handle.traffic.size;
        for (let sent = 0; sent < calls; sent += batch) {
          for (let i = sent; i < Math.min(calls, sent + batch); i += 1) {
            handle.session.replay(request);
          }
          while (handle.traffic.size < before + 2 * Math.min(calls, sent + batch))
            await new Promise((resolve) => setTimeout(resolve, 20));
        }
      },
      { calls: CALLS, batch: BATCH },
    );
  }
  await page.getByRole('button', { name: 'All traffic' }).click();
  await page.getByRole('region', { name: "All servers' traffic" }).waitFor();
  const openMs = await page.evaluate(async () => {
    const started = performance.now();
    const button = [...document.querySelectorAll('button')].find((each) => each.textContent === 'Timeline');
    button?.click();
    await new Promise<void>((resolve) => {
      const tick = (): void => {
        const label = document.querySelector('section[aria-label="All servers\' timeline"] .timeline-span');
        if ((label?.textContent ?? '') !== '' || performance.now() - started > 60_000) resolve();
        else requestAnimationFrame(tick);
      };
      tick();
    });
    return performance.now() - started;
  });
  // The frames' own pages settle (their traffic panes took the calls in too) before measuring.
  await page.waitForTimeout(5_000);
  const idle = await drive(page, 'idle', SECONDS);
  const tenGroups = await drive(page, 'timeline', SECONDS);
  const box = (at: number) => page.getByRole('checkbox', { name: `s${at}`, exact: true });
  for (let at = 1; at < SERVERS; at += 1) await box(at).uncheck();
  const oneGroup = await drive(page, 'timeline', SECONDS);
  for (let at = 1; at < SERVERS; at += 1) await box(at).check();
  // Again, to see how much the machine drifted over the run.
  const tenAgain = await drive(page, 'timeline', SECONDS);
  if (process.env.WORKSPACE_TIMELINE_SCREENSHOT) {
    await page.locator('section[aria-label="All servers\' timeline"] canvas').press('0');
    await page.screenshot({ path: process.env.WORKSPACE_TIMELINE_SCREENSHOT });
  }
  const row = (name: string, s: Smoothness): string =>
    `  ${name.padEnd(28)} ${s.framesPerSecond.toFixed(1).padStart(6)} fps  longest frame ${s.longestFrameMs
      .toFixed(0)
      .padStart(
        5,
      )} ms  longest task ${s.longestTaskMs.toFixed(0).padStart(5)} ms  (${s.tasksOver50} over 50 ms)`;
  console.log(`load average at start ${load.toFixed(2)}, at end ${(loadavg()[0] ?? 0).toFixed(2)}`);
  console.log(
    `Workspace timeline: ${SERVERS} demo servers, ${CALLS.toLocaleString('en-US')} calls each (Chromium ${browser.version()})`,
  );
  console.log(`  All traffic → Timeline, first paint: ${openMs.toFixed(0)} ms`);
  console.log(row('idle (timeline shown)', idle));
  console.log(row(`zoom/pan, ${SERVERS} groups`, tenGroups));
  console.log(row('zoom/pan, 1 group', oneGroup));
  console.log(row(`zoom/pan, ${SERVERS} groups again`, tenAgain));
  const tenBest = Math.max(tenGroups.framesPerSecond, tenAgain.framesPerSecond);
  console.log(
    `  ${SERVERS} groups against 1: ${(oneGroup.framesPerSecond / tenBest).toFixed(2)}× the frame time (the better of the two ${SERVERS}-group runs)`,
  );
} finally {
  await browser.close();
  await cli.stop();
  rmSync(folder, { recursive: true, force: true });
}
