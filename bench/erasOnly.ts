// The protocol-era figures alone (relay and startup in both eras, the bridge's time per
// multi round-trip round, the CLI's idle memory): `npm run build && node --import tsx bench/erasOnly.ts`.
import { droppedExtraCaBundle } from './machineEnvironment.js';
import { loadavg } from 'node:os';
import { runMrtrBench } from './mrtrBench.js';
import { runRelayBench } from './relayBench.js';
import { erasSections, extraCaBundleLines } from './report.js';
import { runIdleRssBench, runStartupBench } from './startupBench.js';

const load = loadavg()[0] ?? 0;
const relay = await runRelayBench(undefined, 'legacy');
const relayModern = await runRelayBench(undefined, 'modern');
const mrtr = await runMrtrBench();
const startup = await runStartupBench(5, 1, 'legacy');
const startupModern = await runStartupBench(5, 1, 'modern');
const idleRss = await runIdleRssBench();
console.log(`load average at start ${load.toFixed(2)}, at end ${(loadavg()[0] ?? 0).toFixed(2)}`);
for (const line of extraCaBundleLines(droppedExtraCaBundle)) console.log(line);
console.log(erasSections({ relay, relayModern, mrtr, startup, startupModern, idleRss }).join('\n'));
