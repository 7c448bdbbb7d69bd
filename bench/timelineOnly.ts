// Just the timeline bench: `npm run build && node --import tsx bench/timelineOnly.ts [records] [seconds]`.
import './machineEnvironment.js';
import { runTimelineBench } from './timelineBench.js';
import { timelineSection } from './timelineReport.js';

const records = Number(process.argv[2]) || undefined;
const seconds = Number(process.argv[3]) || undefined;
console.log(timelineSection(await runTimelineBench(records, seconds)).join('\n'));
