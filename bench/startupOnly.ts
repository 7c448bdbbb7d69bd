// The startup figures alone (the CLI to its first answer against the server alone; the first
// screen in Chromium, on the demo server and on one with 5,000 tools, against the floor page; idle
// memory): `npm run build && node --import tsx bench/startupOnly.ts [--no-idle] [--no-many-tools]`.
import { droppedExtraCaBundle } from './machineEnvironment.js';
import { loadavg } from 'node:os';
import { MANY_TOOLS_STARTUP_SERVER, runBrowserStartupBench } from './browserStartupBench.js';
import {
  browserStartupOtherServerSection,
  extraCaBundleLines,
  idleRssLines,
  startupSection,
} from './report.js';
import { runIdleRssBench, runStartupBench } from './startupBench.js';

const load = loadavg()[0] ?? 0;
const startup = await runStartupBench();
/** A section that fails says why in its place; the others still print. */
const failed = (error: unknown) => ({ error: error instanceof Error ? error.message : String(error) });
const browser = await runBrowserStartupBench().catch(failed);
const manyTools = process.argv.includes('--no-many-tools')
  ? undefined
  : await runBrowserStartupBench(undefined, undefined, MANY_TOOLS_STARTUP_SERVER).catch(failed);
const idleRss = process.argv.includes('--no-idle') ? undefined : await runIdleRssBench();
console.log(`load average at start ${load.toFixed(2)}, at end ${(loadavg()[0] ?? 0).toFixed(2)}`);
for (const line of extraCaBundleLines(droppedExtraCaBundle)) console.log(line);
console.log(startupSection(startup, browser).join('\n'));
if (manyTools !== undefined) console.log(browserStartupOtherServerSection(manyTools).join('\n'));
if (idleRss !== undefined) console.log(idleRssLines(idleRss).join('\n'));
