import { BridgeClient } from './bridgeClient.js';
import { launchCli } from './cliProcess.js';
import { processRssMb } from './processes.js';
import { serverAloneMs } from './serverAlone.js';
import { spread, type Spread } from './stats.js';

export interface StartupRun {
  /** Each milestone in ms from spawning the CLI, as the page meets them (the socket opens with (b)). */
  linkMs: number;
  pageMs: number;
  initializeMs: number;
  /** The demo server alone, spawned to its first answer, measured right before this run. */
  serverAloneMs: number;
  /** How many JS and CSS files the page's HTML named. */
  assets: number;
}

/**
 * V8 gives back the young generation it grew while loading only once its memory reducer runs,
 * some 10–20 s after the process goes quiet: the idle figure is read after this long.
 */
const IDLE_MS = 30_000;
const IDLE_SETTLE_MS = 1_500;

/**
 * The CLI's resident memory once idle (MB): after the page's first answer and tools/list, then
 * nothing for IDLE_MS. Also the figure 1.5 s in, before V8 gives memory back.
 */
export async function runIdleRssBench(era: 'legacy' | 'modern' = 'legacy'): Promise<IdleRss> {
  const cli = await launchCli();
  try {
    const client = await BridgeClient.connect(cli.port, cli.token);
    try {
      if (era === 'modern') await client.discover();
      else await client.initialize();
      await client.request('tools/list', {});
      const start = performance.now();
      await new Promise((resolve) => setTimeout(resolve, IDLE_SETTLE_MS));
      const soonMb = processRssMb(cli.child.pid);
      await new Promise((resolve) => setTimeout(resolve, IDLE_MS - (performance.now() - start)));
      return { soonMb, idleMb: processRssMb(cli.child.pid), idleSeconds: IDLE_MS / 1000 };
    } finally {
      await client.close();
    }
  } finally {
    await cli.stop();
  }
}

export interface IdleRss {
  /** 1.5 s after tools/list. */
  soonMb: number;
  /** After idleSeconds; the goal is ≤ 60. */
  idleMb: number;
  idleSeconds: number;
}

export interface StartupResult {
  /** How the page-side client opened: initialize (legacy) or server/discover (modern). */
  era: 'legacy' | 'modern';
  runs: number;
  warmupRuns: number;
  link: Spread;
  page: Spread;
  initialize: Spread;
  /** What the server alone needs to answer its first request. */
  serverAlone: Spread;
  /** initialize − server alone, run by run: what the CLI adds; the goal is ≤ 60 ms. */
  added: Spread;
  assets: number;
}

/**
 * Launch of the CLI (no command: the demo server) to (a) its link, (b) the page and its assets
 * served (the socket opening meanwhile), (c) initialize answered over the wire; each run right
 * after the demo server alone to its first answer, the floor under (c). The first launch after a
 * build pays for a cold disk cache and is left out.
 */
export async function runStartupBench(
  runs = 7,
  warmupRuns = 1,
  era: 'legacy' | 'modern' = 'legacy',
): Promise<StartupResult> {
  const measured: StartupRun[] = [];
  for (let i = 0; i < warmupRuns + runs; i++) {
    const alone = await serverAloneMs(era);
    const run = await oneStartup(era, alone);
    if (i >= warmupRuns) measured.push(run);
  }
  return {
    era,
    runs,
    warmupRuns,
    link: spread(measured.map((run) => run.linkMs)),
    page: spread(measured.map((run) => run.pageMs)),
    initialize: spread(measured.map((run) => run.initializeMs)),
    serverAlone: spread(measured.map((run) => run.serverAloneMs)),
    added: spread(measured.map((run) => run.initializeMs - run.serverAloneMs)),
    assets: measured[0]?.assets ?? 0,
  };
}

async function oneStartup(era: 'legacy' | 'modern', serverAlone: number): Promise<StartupRun> {
  const cli = await launchCli();
  try {
    const since = (): number => performance.now() - cli.spawnedAt;
    const linkMs = cli.linkAt - cli.spawnedAt;
    const origin = `http://127.0.0.1:${cli.port}`;
    const html = await fetchOk(`${origin}/`);
    // As the page: its first script (client/boot.ts, named first and tiny) opens the socket while
    // the browser fetches the rest, and the first request goes once both are there.
    let pageMs = 0;
    const [assets, client] = await Promise.all([
      fetchAssets(origin, html).then((count) => {
        pageMs = since();
        return count;
      }),
      BridgeClient.connect(cli.port, cli.token),
    ]);
    try {
      if (era === 'modern') await client.discover();
      else await client.initialize();
      return { linkMs, pageMs, initializeMs: since(), serverAloneMs: serverAlone, assets };
    } finally {
      await client.close();
    }
  } finally {
    await cli.stop();
  }
}

/** Every script and stylesheet the page's HTML names, fetched in parallel as a browser would. */
async function fetchAssets(origin: string, html: string): Promise<number> {
  if (!html.includes('<div id="root">')) throw new Error('GET / did not return the inspector page');
  const assets = [...html.matchAll(/(?:src|href)="([^"]+\.(?:js|css))"/g)].map((match) => match[1] ?? '');
  if (!assets.some((asset) => asset.endsWith('.js'))) throw new Error('the page names no script');
  await Promise.all(assets.map((asset) => fetchOk(new URL(asset, `${origin}/`).href)));
  return assets.length;
}

async function fetchOk(url: string): Promise<string> {
  const response = await fetch(url);
  const body = await response.text();
  if (response.status !== 200) throw new Error(`GET ${url} answered ${response.status}`);
  return body;
}
