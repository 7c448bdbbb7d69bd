// Just the tool-list bench: `npm run build && node --import tsx bench/toolListOnly.ts`.
import './machineEnvironment.js';
import { toolListSection } from './report.js';
import { runToolListBench } from './toolListBench.js';

console.log(toolListSection(await runToolListBench()).join('\n'));
