import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from '../scripts/chromium.mjs';
import { launchCli } from './cliProcess.js';
import { spread, type Spread } from './stats.js';

export type BrowserStartupResult =
  | { skipped: string }
  | {
      browser: string;
      runs: number;
      warmupRuns: number;
      /** From spawning the CLI: its link, the page's load event, the first tool listed. */
      link: Spread;
      load: Spread;
      toolsVisible: Spread;
    };

const STEP_TIMEOUT_MS = 15_000;
/**
 * A new tab keeps Chromium busy for a few hundred ms; on two cores that work would be charged to
 * the CLI's startup (measured: about 0.4 s more), while a person's browser is idle when they open
 * the link.
 */
const BROWSER_SETTLE_MS = 500;

/**
 * What a person sees: CLI launch to the tools list showing its first tool in a real browser.
 * The browser and a blank tab are up before the clock starts, as a person's browser would be.
 */
export async function runBrowserStartupBench(runs = 5, warmupRuns = 1): Promise<BrowserStartupResult> {
  const executablePath = findChromium();
  if (executablePath === undefined) return { skipped: 'no Chromium found (MCP_INSPECT_CHROMIUM sets one)' };
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
  try {
    const link: number[] = [];
    const load: number[] = [];
    const toolsVisible: number[] = [];
    for (let i = 0; i < warmupRuns + runs; i++) {
      // A fresh context per run: nothing cached from the previous run's page.
      const context = await browser.newContext();
      const page = await context.newPage();
      page.setDefaultTimeout(STEP_TIMEOUT_MS);
      await new Promise((resolve) => setTimeout(resolve, BROWSER_SETTLE_MS));
      const cli = await launchCli();
      try {
        await page.goto(cli.link);
        const loaded = performance.now();
        await page.getByRole('listbox', { name: 'Tools' }).getByRole('option').first().waitFor();
        const visible = performance.now();
        if (i >= warmupRuns) {
          link.push(cli.linkAt - cli.spawnedAt);
          load.push(loaded - cli.spawnedAt);
          toolsVisible.push(visible - cli.spawnedAt);
        }
      } finally {
        await context.close();
        await cli.stop();
      }
    }
    return {
      browser: `Chromium ${browser.version()}`,
      runs,
      warmupRuns,
      link: spread(link),
      load: spread(load),
      toolsVisible: spread(toolsVisible),
    };
  } finally {
    await browser.close();
  }
}
