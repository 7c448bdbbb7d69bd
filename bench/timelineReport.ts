import type { Smoothness, TimelineBenchResult } from './timelineBench.js';

/** The figures as the bench report prints them. */
export function timelineSection(result: TimelineBenchResult | { error: string }): string[] {
  if ('error' in result) return ['Timeline: FAILED', `  ${result.error}`];
  if ('skipped' in result) return [`Timeline: skipped (${result.skipped})`];
  const row = (name: string, s: Smoothness): string =>
    `  ${name.padEnd(34)}${s.framesPerSecond.toFixed(1).padStart(8)}${s.longestFrameMs.toFixed(0).padStart(14)}` +
    `${s.longestTaskMs.toFixed(0).padStart(16)}${String(s.tasksOver50).padStart(12)}`;
  return [
    `Timeline: ${result.records.toLocaleString('en-US')} records imported (${result.browser}), ` +
      `${result.seconds} s of each, an input every frame`,
    `  import → all listed ${result.importMs.toFixed(0)} ms; Timeline pressed → first paint ${result.openMs.toFixed(0)} ms`,
    `  ${''.padEnd(34)}${'frames/s'.padStart(8)}${'longest frame'.padStart(14)}${'longest task ms'.padStart(16)}${'tasks>50ms'.padStart(12)}`,
    row('baseline: page idle', result.idle),
    row('baseline: traffic list scrolled', result.listScroll),
    row('timeline zoomed and panned', result.timeline),
  ];
}
