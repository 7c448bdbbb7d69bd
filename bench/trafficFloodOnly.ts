// Just the traffic flood, with only the Tools tab open and then with every tab visited:
// `npm run build && node --import tsx bench/trafficFloodOnly.ts [notifications]`.
import './machineEnvironment.js';
import { trafficSection } from './report.js';
import { runTrafficFloodBench } from './trafficFloodBench.js';

const notifications = Number(process.argv[2]) || undefined;
const toolsOnly = await runTrafficFloodBench(notifications);
const everyTab = await runTrafficFloodBench(notifications, { everyTabVisited: true });
console.log(trafficSection(toolsOnly, everyTab).join('\n'));
