import { fileURLToPath } from 'node:url';
import { chromium, type Page } from '@playwright/test';
import { formatCountOf } from '../client/components/format.js';
import { CHROMIUM_ARGS, findChromium } from '../scripts/chromium.mjs';
import { launchCli } from './cliProcess.js';
import { spread, type Spread } from './stats.js';

export type ToolListResult =
  | { skipped: string }
  | {
      browser: string;
      tools: number;
      runs: number;
      /** From the last tools/list page in the page to the list painted (goal < 300 ms). */
      drawn: Spread;
      /** From a keydown in the filter to the filtered list painted (goal < 50 ms). */
      filter: Spread;
      keystrokes: number;
    };

const MANY_TOOLS = fileURLToPath(new URL('../e2e/fixtures/manyTools.mjs', import.meta.url));
const TOOL_COUNT = 5000;
/** Types this, then deletes it: from 5,000 matches down to a handful and back. */
const QUERY = 'tool_42';
// The page's own marks (client/features/tools): placed after the frame has been painted.
const LISTED = 'mcp-inspect:tools-listed';
const DRAWN = 'mcp-inspect:tool-list-drawn';

/**
 * The tool list with 5,000 tools (10 pages of tools/list) in Chromium: time to draw once
 * listed, and time from a keystroke in the filter to the updated list on screen.
 */
export async function runToolListBench(runs = 5): Promise<ToolListResult> {
  const executablePath = findChromium();
  if (executablePath === undefined) return { skipped: 'no Chromium found (MCP_INSPECT_CHROMIUM sets one)' };
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
  const drawn: number[] = [];
  const filter: number[] = [];
  try {
    for (let run = 0; run < runs; run++) {
      const cli = await launchCli([process.execPath, MANY_TOOLS]);
      const context = await browser.newContext();
      const page = await context.newPage();
      page.setDefaultTimeout(30_000);
      try {
        await page.goto(cli.link);
        // As the tool list writes its count ("5,000 tools").
        await page.getByText(formatCountOf(TOOL_COUNT, 'tool'), { exact: true }).waitFor();
        drawn.push(
          await page.evaluate(
            ([listed, painted]) => {
              const end = performance.getEntriesByName(painted).at(-1)?.startTime ?? NaN;
              const start = performance.getEntriesByName(listed).at(-1)?.startTime ?? NaN;
              return end - start;
            },
            [LISTED, DRAWN] as const,
          ),
        );
        filter.push(...(await filterKeystrokes(page)));
      } finally {
        await context.close();
        await cli.stop();
      }
    }
    return {
      browser: `Chromium ${browser.version()}`,
      tools: TOOL_COUNT,
      runs,
      drawn: spread(drawn),
      filter: spread(filter),
      keystrokes: filter.length,
    };
  } finally {
    await browser.close();
  }
}

/** Each keystroke's keydown time (the event's own timestamp) to the next list-drawn mark. */
async function filterKeystrokes(page: Page): Promise<number[]> {
  const box = page.getByRole('searchbox', { name: 'Filter tools' });
  await box.focus();
  await page.evaluate(() => {
    const keys: number[] = [];
    (window as unknown as { benchKeys: number[] }).benchKeys = keys;
    document.activeElement?.addEventListener('keydown', (event) => keys.push(event.timeStamp), true);
  });
  const keys = [...QUERY.split(''), ...QUERY.split('').map(() => 'Backspace')];
  const times: number[] = [];
  for (const key of keys) {
    const before = await page.evaluate((name) => performance.getEntriesByName(name).length, DRAWN);
    await page.keyboard.press(key);
    await page.waitForFunction(
      ([name, count]) => performance.getEntriesByName(name as string).length > (count as number),
      [DRAWN, before] as const,
    );
    times.push(
      await page.evaluate((name) => {
        const down = (window as unknown as { benchKeys: number[] }).benchKeys.at(-1) ?? NaN;
        return (performance.getEntriesByName(name).at(-1)?.startTime ?? NaN) - down;
      }, DRAWN),
    );
  }
  return times;
}
