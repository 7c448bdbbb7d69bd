import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { fileURLToPath } from 'node:url';
import { CHROMIUM_ARGS, findChromium } from '../scripts/chromium.mjs';
import { API_SESSION_PATH, AUTH_SCHEME } from '../shared/http.js';
import { launchCli, type RunningCli } from './cliProcess.js';
import { DEMO_FLOOR_SERVER, startFloorPage, type FloorPage, type FloorServer } from './floorPage.js';
import { spread, type Spread } from './stats.js';

/** The server both pages open: the bundled demo unless a bench names another. */
export interface StartupServer {
  label: string;
  /** The CLI's command for it ([] for the bundled demo). */
  cliCommand: string[];
  floor: FloorServer;
}

export const DEMO_STARTUP_SERVER: StartupServer = {
  label: 'demo server',
  cliCommand: [],
  floor: DEMO_FLOOR_SERVER,
};

const MANY_TOOLS_PATH = fileURLToPath(new URL('../e2e/fixtures/manyTools.mjs', import.meta.url));
/** A server with 5,000 tools in pages of 500 (e2e/fixtures/manyTools.mjs). */
export const MANY_TOOLS_STARTUP_SERVER: StartupServer = {
  label: 'server with 5,000 tools',
  cliCommand: [process.execPath, MANY_TOOLS_PATH],
  floor: { args: [MANY_TOOLS_PATH], readyLine: 'many tools server ready' },
};

export type BrowserStartupResult =
  | { skipped: string }
  | {
      server: string;
      browser: string;
      runs: number;
      warmupRuns: number;
      /** From spawning the CLI: its link, the page's load event, the first tool listed. */
      link: Spread;
      load: Spread;
      toolsVisible: Spread;
      /** From the navigation (the link opened once printed) to the first tool listed; goal ≤ 250. */
      navigationToTool: Spread;
      /** The scripts fetched before the first tool showed, in the last run. */
      firstScreenScripts: ScriptsFetched;
      /**
       * The floor page (bench/floorPage/: React and the SDK client alone, behind a byte pipe),
       * opened before or after each run of the inspector (alternating) in the same browser: its
       * navigation to its first tool name, its launch to it (its server started and ready, then
       * its page: the two one after the other, as the sum of both), and its scripts.
       */
      floor: { navigationToTool: Spread; launchToTool: Spread; firstScreenScripts: ScriptsFetched };
    };

export interface ScriptsFetched {
  files: number;
  wireBytes: number;
  decodedBytes: number;
  encodings: string[];
}

/** Generous: a loaded two-core machine took over 15 s to list 5,000 tools; the bench must finish. */
const STEP_TIMEOUT_MS = 60_000;
/**
 * The first tool name, found by CSS, not by role: Playwright polls a role query over the whole
 * accessibility tree in the page's main thread, which costs the inspector's larger page more
 * than the floor's, and both pages the time it takes.
 */
const FIRST_TOOL = '[role="listbox"][aria-label="Tools"] [role="option"]';
const FLOOR_FIRST_TOOL = 'ul[aria-label="Tools"] > li';
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
export async function runBrowserStartupBench(
  runs = 5,
  warmupRuns = 1,
  server: StartupServer = DEMO_STARTUP_SERVER,
): Promise<BrowserStartupResult> {
  const executablePath = findChromium();
  if (executablePath === undefined) return { skipped: 'no Chromium found (MCP_INSPECT_CHROMIUM sets one)' };
  const floorPage = await startFloorPage();
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
  try {
    const link: number[] = [];
    const load: number[] = [];
    const toolsVisible: number[] = [];
    const navigationToTool: number[] = [];
    let firstScreenScripts: ScriptsFetched = { files: 0, wireBytes: 0, decodedBytes: 0, encodings: [] };
    const floorNavigationToTool: number[] = [];
    const floorLaunchToTool: number[] = [];
    let floorScripts: ScriptsFetched = { files: 0, wireBytes: 0, decodedBytes: 0, encodings: [] };
    for (let i = 0; i < warmupRuns + runs; i++) {
      // Alternating which goes first, so neither always meets a browser fresher than the other.
      const inspectorFirst = i % 2 === 0;
      const floor = inspectorFirst ? undefined : await openFloorPage(browser, floorPage, server.floor);
      const run = await openInspector(browser, server.cliCommand, 'link');
      const ready = await openInspector(browser, server.cliCommand, 'bridgeReady');
      const floorRun = floor ?? (await openFloorPage(browser, floorPage, server.floor));
      if (i < warmupRuns) continue;
      link.push(run.linkMs);
      load.push(run.loadMs);
      toolsVisible.push(run.toolsVisibleMs);
      navigationToTool.push(ready.navigationToTool);
      firstScreenScripts = ready.scripts;
      floorNavigationToTool.push(floorRun.navigationToTool);
      floorLaunchToTool.push(floorRun.launchToTool);
      floorScripts = floorRun.scripts;
    }
    return {
      server: server.label,
      browser: `Chromium ${browser.version()}`,
      runs,
      warmupRuns,
      link: spread(link),
      load: spread(load),
      toolsVisible: spread(toolsVisible),
      navigationToTool: spread(navigationToTool),
      firstScreenScripts,
      floor: {
        navigationToTool: spread(floorNavigationToTool),
        launchToTool: spread(floorLaunchToTool),
        firstScreenScripts: floorScripts,
      },
    };
  } finally {
    await browser.close();
    await floorPage.close();
  }
}

/** A tab in a fresh context (nothing cached from the previous run's page), once the browser settled. */
async function settledFreshPage(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  page.setDefaultTimeout(STEP_TIMEOUT_MS);
  await new Promise((resolve) => setTimeout(resolve, BROWSER_SETTLE_MS));
  return { context, page };
}

interface InspectorRun {
  /** From spawning the CLI. */
  linkMs: number;
  loadMs: number;
  toolsVisibleMs: number;
  /** From the navigation. */
  navigationToTool: number;
  scripts: ScriptsFetched;
}

/**
 * When the page is opened: as the link prints, as a person (or the CLI's own browser) does, for
 * launch → first tool; or once the bridge has loaded and its server answers, as a page opened
 * later meets it, for navigation → first tool, the page's own cost. The CLI prints its link
 * before the bridge has loaded (server/http/bridgeListener.ts), so a page opened at the link
 * also waits for the bridge, which is launch's cost, not the page's.
 */
type OpenWhen = 'link' | 'bridgeReady';

/** The CLI launched and its link opened in a fresh context. */
async function openInspector(browser: Browser, command: string[], when: OpenWhen): Promise<InspectorRun> {
  const { context, page } = await settledFreshPage(browser);
  const cli = await launchCli(command);
  try {
    if (when === 'bridgeReady') await bridgeReady(cli);
    const scripts = watchScripts(page, FIRST_TOOL);
    await scripts.installed;
    const navigated = performance.now();
    await page.goto(cli.link);
    const loaded = performance.now();
    await page.locator(FIRST_TOOL).first().waitFor();
    const visible = performance.now();
    return {
      linkMs: cli.linkAt - cli.spawnedAt,
      loadMs: loaded - cli.spawnedAt,
      toolsVisibleMs: visible - cli.spawnedAt,
      navigationToTool: visible - navigated,
      scripts: await scripts.read(),
    };
  } finally {
    await context.close();
    await cli.stop();
  }
}

/**
 * Until the bridge answers with its server connected: what the link printing meant before the
 * bridge's listener came first. A request waits for the bridge to load (it is held till then).
 */
async function bridgeReady(cli: RunningCli): Promise<void> {
  const deadline = performance.now() + STEP_TIMEOUT_MS;
  for (;;) {
    const response = await fetch(`http://127.0.0.1:${cli.port}${API_SESSION_PATH}`, {
      headers: { Authorization: `${AUTH_SCHEME} ${cli.token}` },
    });
    const session = (await response.json()) as { state?: { state?: string } | null };
    if (session.state?.state === 'connected') return;
    if (performance.now() > deadline) throw new Error('the bridge did not connect to its server');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** One run of the floor page, as one of the inspector. */
async function openFloorPage(
  browser: Browser,
  floorPage: FloorPage,
  server: FloorServer,
): Promise<{ navigationToTool: number; launchToTool: number; scripts: ScriptsFetched }> {
  const { context, page } = await settledFreshPage(browser);
  const launched = await floorPage.launch(server);
  try {
    const scripts = watchScripts(page, FLOOR_FIRST_TOOL);
    await scripts.installed;
    const navigated = performance.now();
    await page.goto(launched.url);
    await page.locator(FLOOR_FIRST_TOOL).first().waitFor();
    const visible = performance.now();
    return {
      navigationToTool: visible - navigated,
      launchToTool: launched.readyMs + (visible - navigated),
      scripts: await scripts.read(),
    };
  } finally {
    await context.close();
    await launched.stop();
  }
}

/**
 * The scripts a page asked for before its first tool was in the DOM, with their size on the wire
 * (the compressed body) and decoded, read from the page's own Resource Timing. The moment is taken
 * in the page by a MutationObserver, as the list is inserted: Playwright's wait sees it a poll
 * later, by which time a chunk the page asks for once the list has painted (the traffic pane, the
 * lint badges) may already have arrived, and would be counted against the first screen. Installed
 * before the navigation; `read` once the tool is visible. The encodings are the responses' own.
 */
function watchScripts(page: Page, firstTool: string) {
  const encodings = new Map<string, string>();
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    void response
      .headerValue('content-encoding')
      .then((encoding) => encodings.set(response.url(), encoding ?? 'none'))
      .catch(() => undefined);
  });
  const installed = page.addInitScript((selector: string) => {
    const at = { time: Number.NaN };
    (window as unknown as { __firstToolAt: typeof at }).__firstToolAt = at;
    const observer = new MutationObserver(() => {
      if (document.querySelector(selector) === null) return;
      at.time = performance.now();
      observer.disconnect();
    });
    observer.observe(document, { childList: true, subtree: true });
  }, firstTool);
  return {
    installed,
    async read(): Promise<ScriptsFetched> {
      const scripts = await page.evaluate(() => {
        const at = (window as unknown as { __firstToolAt: { time: number } }).__firstToolAt.time;
        return performance
          .getEntriesByType('resource')
          .filter(
            (entry): entry is PerformanceResourceTiming => entry.name.split('?')[0]?.endsWith('.js') ?? false,
          )
          .filter((entry) => entry.startTime <= at)
          .map((entry) => ({ url: entry.name, wire: entry.encodedBodySize, decoded: entry.decodedBodySize }));
      });
      return {
        files: scripts.length,
        wireBytes: scripts.reduce((sum, script) => sum + script.wire, 0),
        decodedBytes: scripts.reduce((sum, script) => sum + script.decoded, 0),
        encodings: [...new Set(scripts.map((script) => encodings.get(script.url) ?? 'unknown'))],
      };
    },
  };
}
