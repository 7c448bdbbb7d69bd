// The startup figures alone (the CLI to its first answer against the server alone; the first
// screen in Chromium; idle memory): `npm run build && node --import tsx bench/startupOnly.ts`.
import { droppedExtraCaBundle } from './machineEnvironment.js';
import { loadavg } from 'node:os';
import { runBrowserStartupBench } from './browserStartupBench.js';
import { extraCaBundleLines, idleRssLines, startupSection } from './report.js';
import { runIdleRssBench, runStartupBench } from './startupBench.js';

const load = loadavg()[0] ?? 0;
const startup = await runStartupBench();
const browser = await runBrowserStartupBench();
const idleRss = process.argv.includes('--no-idle') ? undefined : await runIdleRssBench();
console.log(`load average at start ${load.toFixed(2)}, at end ${(loadavg()[0] ?? 0).toFixed(2)}`);
for (const line of extraCaBundleLines(droppedExtraCaBundle)) console.log(line);
console.log(startupSection(startup, browser).join('\n'));
if (idleRss !== undefined) console.log(idleRssLines(idleRss).join('\n'));
