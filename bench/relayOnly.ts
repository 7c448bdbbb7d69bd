// The relay figures alone, in both eras (against a direct SDK client and a raw relay process):
// `npm run build && node --import tsx bench/relayOnly.ts`.
import { droppedExtraCaBundle } from './machineEnvironment.js';
import { loadavg } from 'node:os';
import { runRelayBench } from './relayBench.js';
import { extraCaBundleLines, relaySection } from './report.js';

const load = loadavg()[0] ?? 0;
const legacy = await runRelayBench(undefined, 'legacy');
const modern = await runRelayBench(undefined, 'modern');
console.log(`load average at start ${load.toFixed(2)}, at end ${(loadavg()[0] ?? 0).toFixed(2)}`);
for (const line of extraCaBundleLines(droppedExtraCaBundle)) console.log(line);
console.log([...relaySection(legacy), '', ...relaySection(modern)].join('\n'));
