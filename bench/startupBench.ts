import { BridgeClient } from './bridgeClient.js';
import { launchCli } from './cliProcess.js';
import { spread, type Spread } from './stats.js';

export interface StartupRun {
  /** Each milestone in ms from spawning the CLI; they happen one after another, as for the page. */
  linkMs: number;
  pageMs: number;
  initializeMs: number;
  /** How many JS and CSS files the page's HTML named. */
  assets: number;
}

export interface StartupResult {
  /** How the page-side client opened: initialize (legacy) or server/discover (modern). */
  era: 'legacy' | 'modern';
  runs: number;
  warmupRuns: number;
  link: Spread;
  page: Spread;
  initialize: Spread;
  assets: number;
}

/**
 * Launch of the CLI (no command: the demo server) to (a) its link, (b) the page and its assets
 * served, (c) initialize answered over the wire. The first launch after a build pays for a cold
 * disk cache and is left out.
 */
export async function runStartupBench(
  runs = 7,
  warmupRuns = 1,
  era: 'legacy' | 'modern' = 'legacy',
): Promise<StartupResult> {
  const measured: StartupRun[] = [];
  for (let i = 0; i < warmupRuns + runs; i++) {
    const run = await oneStartup(era);
    if (i >= warmupRuns) measured.push(run);
  }
  return {
    era,
    runs,
    warmupRuns,
    link: spread(measured.map((run) => run.linkMs)),
    page: spread(measured.map((run) => run.pageMs)),
    initialize: spread(measured.map((run) => run.initializeMs)),
    assets: measured[0]?.assets ?? 0,
  };
}

async function oneStartup(era: 'legacy' | 'modern'): Promise<StartupRun> {
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
      return { linkMs, pageMs, initializeMs: since(), assets };
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
