// Several servers in one page (`mcp-inspect --all`, issue 37): with 1, 5 and 10 demo servers,
// the time from launch until every server's page shows its tool list, the bridge's idle RSS, the
// page's JS heap (the workspace page and its same-origin frames share one), and the time to show
// another server. Each figure is also given per server, against the one-server run of the same
// run. `npm run build && node --import tsx bench/workspaceOnly.ts [--counts 1,5,10]`.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from '../scripts/chromium.mjs';
import { launchCli } from './cliProcess.js';
import { DEMO_SERVER_PATH } from './paths.js';
import { processRssMb } from './processes.js';
import { median } from './stats.js';

interface Figures {
  servers: number;
  /** Launch → every server's row says connected with its tool count (ms). */
  allToolsMs: number;
  /** The bridge process's RSS (MB), idle once every page has loaded. */
  bridgeRssMb: number;
  /** The page's used JS heap (MB), frames included, after a collection. */
  pageHeapMb: number;
  /** Click on another server → its page shown and painted (ms, median). */
  switchMs: number;
}

const SWITCHES = 12;

function countsArgument(): number[] {
  const at = process.argv.indexOf('--counts');
  const given = at < 0 ? undefined : process.argv[at + 1];
  return given ? given.split(',').map(Number) : [1, 5, 10];
}

async function everyServerListed(page: Page, count: number): Promise<void> {
  await page.waitForFunction(
    (expected) => {
      const rows = [...document.querySelectorAll('li[data-server]')];
      return (
        rows.length === expected &&
        rows.every(
          (row) =>
            row.querySelector('.ws-status')?.textContent === 'connected' &&
            /\d+ tools?/.test(row.querySelector('.ws-meta')?.textContent ?? ''),
        )
      );
    },
    count,
    { timeout: 180_000, polling: 50 },
  );
}

/** Shows each server in turn; the time from the click to the next painted frame after it shows. */
async function switchTimes(page: Page, count: number): Promise<number> {
  if (count < 2) return Number.NaN;
  const times: number[] = [];
  for (let at = 0; at < SWITCHES; at += 1) {
    const id = (at + 1) % count;
    times.push(
      await page.evaluate(async (target) => {
        const button = document.querySelector<HTMLButtonElement>(
          `li[data-server="s${target}"] .ws-server-main`,
        );
        const frame = document.querySelector<HTMLIFrameElement>(`iframe[src="/s/${target}/"]`);
        if (!button || !frame) throw new Error(`no server ${target}`);
        const start = performance.now();
        button.click();
        while (frame.hidden) await new Promise((resolve) => requestAnimationFrame(resolve));
        await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
        return performance.now() - start;
      }, id),
    );
  }
  return median(times);
}

async function measure(browser: Browser, count: number): Promise<Figures> {
  const folder = mkdtempSync(join(tmpdir(), 'mcp-inspect-bench-workspace-'));
  const file = join(folder, 'mcp-inspect.workspace.json');
  writeFileSync(
    file,
    JSON.stringify({
      formatVersion: 1,
      servers: Array.from({ length: count }, (_, at) => ({
        name: `s${at}`,
        command: process.execPath,
        args: [DEMO_SERVER_PATH],
      })),
    }),
  );
  const cli = await launchCli([], ['--all', '--workspace', file]);
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  try {
    const page = await context.newPage();
    await page.goto(cli.link);
    await everyServerListed(page, count);
    const allToolsMs = performance.now() - cli.spawnedAt;
    // Idle: the pages have loaded what they load after the first screen.
    await page.waitForTimeout(3_000);
    const cdp = await context.newCDPSession(page);
    await cdp.send('HeapProfiler.collectGarbage');
    const heap = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number };
    const switchMs = await switchTimes(page, count);
    return {
      servers: count,
      allToolsMs,
      bridgeRssMb: processRssMb(cli.child.pid),
      pageHeapMb: heap.usedSize / 1024 / 1024,
      switchMs,
    };
  } finally {
    await context.close();
    await cli.stop();
    rmSync(folder, { recursive: true, force: true });
  }
}

const executablePath = findChromium();
if (executablePath === undefined) {
  console.log('workspace bench skipped: no Chromium found (MCP_INSPECT_CHROMIUM sets one)');
  process.exit(0);
}
const load = loadavg()[0] ?? 0;
const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
const results: Figures[] = [];
try {
  for (const count of countsArgument()) results.push(await measure(browser, count));
} finally {
  await browser.close();
}
const one = results.find((result) => result.servers === 1) ?? results[0];
const fixed = (value: number, digits = 0): string => (Number.isFinite(value) ? value.toFixed(digits) : '–');
const perServer = (value: number, base: number | undefined, servers: number): string =>
  base === undefined || !Number.isFinite(value) ? '–' : `${(value / servers / base).toFixed(2)}×`;
console.log(`load average at start ${load.toFixed(2)}, at end ${(loadavg()[0] ?? 0).toFixed(2)}`);
console.log(
  'Workspace (mcp-inspect --all, N demo servers; "per server" is the figure ÷ N ÷ the 1-server run\'s)',
);
console.log(
  'servers | launch → every first tool | per server | bridge RSS | per server | page heap | per server | switch',
);
for (const result of results)
  console.log(
    [
      String(result.servers).padStart(7),
      `${fixed(result.allToolsMs)} ms`.padStart(26),
      perServer(result.allToolsMs, one?.allToolsMs, result.servers).padStart(10),
      `${fixed(result.bridgeRssMb, 1)} MB`.padStart(10),
      perServer(result.bridgeRssMb, one?.bridgeRssMb, result.servers).padStart(10),
      `${fixed(result.pageHeapMb, 1)} MB`.padStart(9),
      perServer(result.pageHeapMb, one?.pageHeapMb, result.servers).padStart(10),
      `${fixed(result.switchMs, 1)} ms`.padStart(8),
    ].join(' | '),
  );
