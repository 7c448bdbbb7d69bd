import { droppedExtraCaBundle } from './machineEnvironment.js';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { cpus, loadavg, platform, release } from 'node:os';
import { runBigResultBench } from './bigResultBench.js';
import { MANY_TOOLS_STARTUP_SERVER, runBrowserStartupBench } from './browserStartupBench.js';
import { loadOverheadLines, runLoadOverheadBench } from './loadOverhead.js';
import { RESULTS_PATH } from './paths.js';
import { runMrtrBench } from './mrtrBench.js';
import { proxyOverheadLines, runProxyOverheadBench } from './proxyOverhead.js';
import { runRelayBench } from './relayBench.js';
import { formatReport, type BenchResults, type Outcome } from './report.js';
import { runIdleRssBench, runStartupBench } from './startupBench.js';
import { runToolListBench } from './toolListBench.js';
import { runTrafficFloodBench } from './trafficFloodBench.js';
import { runTimelineBench } from './timelineBench.js';
import { runVerbsBench } from './verbsBench.js';

// Ctrl-C must go through 'exit', where processes.ts kills whatever a bench left running.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.once(signal, () => process.exit(130));
}

const started = performance.now();
const loadAtStart = loadavg()[0] ?? 0;

async function section<T>(name: string, bench: () => Promise<T>): Promise<Outcome<T>> {
  process.stderr.write(`bench: ${name}…\n`);
  try {
    return await bench();
  } catch (error) {
    process.exitCode = 1;
    return { error: error instanceof Error ? error.message : String(error) };
  }
}

const relay = await section('relay (direct vs bridge)', () => runRelayBench());
const relayModern = await section('relay, modern era', () => runRelayBench(undefined, 'modern'));
const mrtr = await section('multi round-trip rounds', () => runMrtrBench());
const startup = await section('startup', () => runStartupBench());
const startupModern = await section('startup, modern era', () =>
  runStartupBench(undefined, undefined, 'modern'),
);
const idleRss = await section('idle memory', () => runIdleRssBench());
const verbs = await section('headless verbs (call, tools)', () => runVerbsBench());
const loadOverhead = await section('load test overhead (load vs direct SDK client)', () =>
  runLoadOverheadBench(),
);
const browserStartup = await section('startup in a browser', () => runBrowserStartupBench());
const browserStartupManyTools = await section('startup in a browser, 5,000 tools', () =>
  runBrowserStartupBench(undefined, undefined, MANY_TOOLS_STARTUP_SERVER),
);
const bigResults = await section('big results in a browser', () => runBigResultBench());
const toolList = await section('tool list with 5,000 tools', () => runToolListBench());
const traffic = await section('traffic pane under a flood', () => runTrafficFloodBench());
const trafficAllTabs = await section('traffic pane under a flood, every tab visited', () =>
  runTrafficFloodBench(undefined, { everyTabVisited: true }),
);

const timeline = await section('timeline at 100,000 records', () => runTimelineBench());
const proxyOverhead = await section('transparent proxy (proxy vs direct)', () => runProxyOverheadBench());

const results: BenchResults & { loadOverhead: typeof loadOverhead; proxyOverhead: typeof proxyOverhead } = {
  environment: {
    node: process.version,
    platform: `${platform()} ${release()}`,
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model.trim() ?? 'unknown',
    loadAverage: { start: loadAtStart, end: loadavg()[0] ?? 0 },
    date: new Date().toISOString(),
    totalSeconds: (performance.now() - started) / 1000,
    ...(droppedExtraCaBundle === undefined ? {} : { extraCaBundleDropped: droppedExtraCaBundle }),
  },
  relay,
  relayModern,
  mrtr,
  startup,
  startupModern,
  idleRss,
  verbs,
  browserStartup,
  browserStartupManyTools,
  bigResults,
  toolList,
  traffic,
  trafficAllTabs,
  timeline,
  loadOverhead,
  proxyOverhead,
};

console.log(`\n${formatReport(results)}\n`);
if (!('error' in loadOverhead)) console.log(`${loadOverheadLines(loadOverhead).join('\n')}\n`);
if (!('error' in proxyOverhead)) console.log(`${proxyOverheadLines(proxyOverhead).join('\n')}\n`);
mkdirSync(dirname(RESULTS_PATH), { recursive: true });
writeFileSync(RESULTS_PATH, `${JSON.stringify(results, null, 2)}\n`);
console.log(`Figures written to ${RESULTS_PATH}`);
