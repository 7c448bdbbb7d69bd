// The headless verbs' figures alone: `npm run build && node --import tsx bench/verbsOnly.ts [runs]`.
import { droppedExtraCaBundle } from './machineEnvironment.js';
import { loadavg } from 'node:os';
import { extraCaBundleLines, verbsSection } from './report.js';
import { runVerbsBench } from './verbsBench.js';

const runs = Number(process.argv[2]) || 7;
const load = loadavg()[0] ?? 0;
const result = await runVerbsBench(runs);
console.log(`load average at start ${load.toFixed(2)}, at end ${(loadavg()[0] ?? 0).toFixed(2)}`);
for (const line of extraCaBundleLines(droppedExtraCaBundle)) console.log(line);
console.log(verbsSection(result).join('\n'));
