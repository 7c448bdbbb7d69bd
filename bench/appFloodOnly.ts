// An MCP App flooding its host with postMessages, and how the page answers meanwhile:
// `npm run build && node --import tsx bench/appFloodOnly.ts [count bytes proxy|sandbox]`
// (no arguments: every scenario of APP_FLOOD_SCENARIOS). Figures are printed, never asserted.
import './machineEnvironment.js';
import { APP_FLOOD_SCENARIOS, formatAppFlood, runAppFloodBench } from './appFloodBench.js';

const [count, bytes, via] = process.argv.slice(2);
const scenarios =
  count === undefined
    ? APP_FLOOD_SCENARIOS
    : [
        {
          count: Number(count),
          bytes: Number(bytes ?? 16),
          via: via === 'sandbox' ? ('sandbox' as const) : ('proxy' as const),
        },
      ];
const figures = await runAppFloodBench(scenarios);
console.log('skipped' in figures ? `skipped: ${figures.skipped}` : formatAppFlood(figures).join('\n'));
