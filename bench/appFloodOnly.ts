// An MCP App flooding its host with postMessages, and how the page answers meanwhile:
// `npm run build && node --import tsx bench/appFloodOnly.ts [count bytes proxy|sandbox|top [json-editor]]`
// (no arguments: every scenario of APP_FLOOD_SCENARIOS; `json-editor` opens the JSON editor
// first, as a person who used it would have). Figures are printed, never asserted.
import './machineEnvironment.js';
import {
  APP_FLOOD_SCENARIOS,
  formatAppFlood,
  runAppFloodBench,
  type AppFloodScenario,
} from './appFloodBench.js';

const [count, bytes, via, editor] = process.argv.slice(2);
const scenarios: AppFloodScenario[] =
  count === undefined
    ? APP_FLOOD_SCENARIOS
    : [
        {
          count: Number(count),
          bytes: Number(bytes ?? 16),
          via: via === 'sandbox' || via === 'top' ? via : 'proxy',
          jsonEditor: editor === 'json-editor',
        },
      ];
const figures = await runAppFloodBench(scenarios);
console.log('skipped' in figures ? `skipped: ${figures.skipped}` : formatAppFlood(figures).join('\n'));
