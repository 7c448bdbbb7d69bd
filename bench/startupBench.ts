import { BridgeClient } from './bridgeClient.js';
import { launchCli } from './cliProcess.js';
import { processRssMb } from './processes.js';
import { serverAloneMs } from './serverAlone.js';
import { median, spread, type Spread } from './stats.js';

export interface StartupRun {
  /** Each milestone in ms from spawning the CLI; they happen one after another, as for the page. */
  linkMs: number;
  pageMs: number;
  initializeMs: number;
  /** The demo server alone, spawned to its first answer, measured right before this run. */
  serverAloneMs: number;
  /** How many JS and CSS files the page's HTML named. */
  assets: number;
  /** The CLI's resident memory once idle after the first answer (MB). */
  idleRssMb: number;
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
  /** Median of the runs' idle RSS (MB); the goal is ≤ 60. */
  idleRssMb: number;
}

/**
 * Launch of the CLI (no command: the demo server) to (a) its link, (b) the page and its assets
 * served, (c) initialize answered over the wire; each run right after the demo server alone to
 * its first answer, the floor under (c). The first launch after a build pays for a cold disk
 * cache and is left out.
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
    idleRssMb: median(measured.map((run) => run.idleRssMb)),
  };
}

/** How long the CLI is left alone after the first answer before its memory is read. */
const IDLE_SETTLE_MS = 1_500;

async function oneStartup(era: 'legacy' | 'modern', serverAlone: number): Promise<StartupRun> {
  const cli = await launchCli();
  try {
    const since = (): number => performance.now() - cli.spawnedAt;
    const linkMs = cli.linkAt - cli.spawnedAt;
    const assets = await fetchPage(cli.port);
    const pageMs = since();
    const client = await BridgeClient.connect(cli.port, cli.token);
    try {
      if (era === 'modern') await client.discover();
      else await client.initialize();
      const initializeMs = since();
      // What the page asks next; then nothing, as when a person reads the tools.
      await client.request('tools/list', {});
      await new Promise((resolve) => setTimeout(resolve, IDLE_SETTLE_MS));
      const idleRssMb = processRssMb(cli.child.pid);
      return { linkMs, pageMs, initializeMs, serverAloneMs: serverAlone, assets, idleRssMb };
    } finally {
      await client.close();
    }
  } finally {
    await cli.stop();
  }
}

/** GET / as a browser would, then every script and stylesheet it names, in parallel. */
async function fetchPage(port: number): Promise<number> {
  const origin = `http://127.0.0.1:${port}`;
  const html = await fetchOk(`${origin}/`);
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
