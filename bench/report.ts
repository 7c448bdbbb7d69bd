import { LONG_TASK_GOAL_MS, type BigResultBenchResult } from './bigResultBench.js';
import { checkBridgeStart } from '../scripts/bridge-start.mjs';
import { kb } from '../scripts/first-screen.mjs';
import type { BrowserStartupResult } from './browserStartupBench.js';
import type { EchoFigures } from './echoWorkload.js';
import type { MrtrResult } from './mrtrBench.js';
import type { RelayResult } from './relayBench.js';
import type { Spread } from './stats.js';
import type { IdleRss, StartupResult } from './startupBench.js';
import type { ToolListResult } from './toolListBench.js';
import type { TrafficFloodResult } from './trafficFloodBench.js';
import type { TimelineBenchResult } from './timelineBench.js';
import { timelineSection } from './timelineReport.js';
import type { VerbFigures, VerbsResult } from './verbsBench.js';

export interface Environment {
  node: string;
  platform: string;
  cpus: number;
  cpuModel: string;
  /** 1-minute load average at start and end: a busy machine explains a noisy run. */
  loadAverage: { start: number; end: number };
  date: string;
  totalSeconds: number;
  /** NODE_EXTRA_CA_CERTS as the machine set it, unset for the run (bench/machineEnvironment.ts). */
  extraCaBundleDropped?: string;
}

/** A section either ran or failed with a reason; one failing bench does not hide the others. */
export type Outcome<T> = T | { error: string };

export interface BenchResults {
  environment: Environment;
  relay: Outcome<RelayResult>;
  /** The same relay with both clients in the modern era (2026-07-28). */
  relayModern?: Outcome<RelayResult>;
  startup: Outcome<StartupResult>;
  /** Startup with the page's first request a server/discover instead of initialize. */
  startupModern?: Outcome<StartupResult>;
  /** What the bridge adds per round of a multi round-trip call. */
  mrtr?: Outcome<MrtrResult>;
  /** The CLI's memory once idle. */
  idleRss?: Outcome<IdleRss>;
  /** The headless verbs: `call` against a direct SDK client, `tools` against the server alone. */
  verbs?: Outcome<VerbsResult>;
  browserStartup: Outcome<BrowserStartupResult>;
  /** The same against a server with 5,000 tools. */
  browserStartupManyTools?: Outcome<BrowserStartupResult>;
  bigResults: Outcome<BigResultBenchResult>;
  toolList: Outcome<ToolListResult>;
  traffic: Outcome<TrafficFloodResult>;
  /** The same flood with every feature tab visited before it (hidden panels stay mounted). */
  trafficAllTabs?: Outcome<TrafficFloodResult>;
  /** The traffic's Timeline zoomed and panned at 100,000 records, against the page idle and the list scrolled. */
  timeline?: Outcome<TimelineBenchResult>;
}

export function formatReport(results: BenchResults): string {
  const { environment: env } = results;
  const lines = [
    `mcp-inspect bench — Node ${env.node}, ${env.cpus} CPUs (${env.cpuModel}), ${env.platform}`,
    `load average ${env.loadAverage.start.toFixed(2)} → ${env.loadAverage.end.toFixed(2)}, ` +
      `${env.totalSeconds.toFixed(1)} s, ${env.date}`,
    ...busyWarning(env),
    ...extraCaBundleLines(env.extraCaBundleDropped),
    '',
    ...relaySection(results.relay),
    '',
    ...(results.relayModern ? [...relaySection(results.relayModern), ''] : []),
    ...(results.mrtr ? [...mrtrSection(results.mrtr), ''] : []),
    ...startupSection(results.startup, results.browserStartup),
    '',
    ...(results.browserStartupManyTools
      ? [...browserStartupOtherServerSection(results.browserStartupManyTools), '']
      : []),
    ...(results.startupModern ? [...modernStartupSection(results.startupModern), ''] : []),
    ...(results.idleRss ? [...idleRssLines(results.idleRss), ''] : []),
    ...(results.verbs
      ? [
          ...('error' in results.verbs
            ? [`Headless verbs: failed: ${results.verbs.error}`]
            : verbsSection(results.verbs)),
          '',
        ]
      : []),
    ...bigResultsSection(results.bigResults),
    ...toolListSection(results.toolList),
    ...trafficSection(results.traffic, results.trafficAllTabs),
    ...(results.timeline ? ['', ...timelineSection(results.timeline)] : []),
  ];
  return lines.join('\n');
}

/**
 * Other work on the machine moves these figures by 2× or more (seen with a load average of 10 on
 * two cores), so a busy run says so instead of passing for a regression. The bench itself keeps
 * about two processes runnable, which the end-of-run figure includes.
 */
function busyWarning(env: Environment): string[] {
  const { start, end } = env.loadAverage;
  if (start <= env.cpus && end <= env.cpus + 2) return [];
  return [
    `⚠ the machine was busy (load average ${start.toFixed(2)} → ${end.toFixed(2)} on ${env.cpus} CPUs): figures are noisy`,
  ];
}

export function relaySection(relay: Outcome<RelayResult>): string[] {
  if ('error' in relay) return ['Relay: FAILED', `  ${relay.error}`];
  const { plan } = relay;
  const cpu = (value: number | undefined): string => (value === undefined ? '' : ms(value, 1));
  const row = (name: string, figures: EchoFigures): string[] => [
    name,
    figures.sequential.callsPerSecond.toFixed(0),
    ms(figures.sequential.latencyMs.p50, 3),
    ms(figures.sequential.latencyMs.p99, 3),
    ms(figures.sequential.latencyMs.max, 1),
    ms(figures.inFlight.totalMs, 1),
    figures.inFlight.callsPerSecond.toFixed(0),
    cpu(figures.sequential.cpuUsPerCall),
    cpu(figures.inFlight.cpuUsPerCall),
  ];
  const lines = [
    `Relay (${relay.era} era): echo tools/call on the demo server. Sequential: ${plan.sequential} calls in ${plan.rounds} ` +
      `alternating rounds after ${plan.warmup} warm-up (calls/s: median of the rounds); in flight: ${plan.inFlight} ` +
      `at once, median of ${plan.batches} batches; relay CPU: µs of the relay process per call (user + system)`,
    ...table(
      ['', 'seq calls/s', 'p50 ms', 'p99 ms', 'max ms', 'batch ms', 'batch calls/s', 'CPU seq', 'CPU batch'],
      [
        row('direct (SDK Client, stdio)', relay.direct),
        row('raw relay process (ws ↔ stdio)', relay.rawRelay),
        row('through the bridge (wire)', relay.bridge),
        ratioRow('bridge ÷ direct', relay.sequentialRatio, relay.inFlightRatio),
        ratioRow(
          'raw relay ÷ direct',
          relay.rawRelay.sequential.callsPerSecond / relay.direct.sequential.callsPerSecond,
          relay.rawRelay.inFlight.callsPerSecond / relay.direct.inFlight.callsPerSecond,
        ),
        ratioRow('bridge ÷ raw relay', relay.sequentialToRawRatio, relay.inFlightToRawRatio),
      ],
    ),
    `  goal: bridge ÷ raw relay ≥ 0.90×, sequential and in flight → ${
      relay.sequentialToRawRatio >= 0.9 && relay.inFlightToRawRatio >= 0.9 ? 'met' : 'NOT met'
    } this run`,
    `  CLI on SIGINT: ${describeStop(relay)}`,
  ];
  for (const warning of relay.cliWarnings) lines.push(`  CLI printed: ${warning}`);
  return lines;
}

/** The CLI's memory once idle, and the goal. */
export function idleRssLines(idle: Outcome<IdleRss>): string[] {
  if ('error' in idle) return ['Idle RSS: FAILED', `  ${idle.error}`];
  return [
    `Idle RSS of the CLI (demo server, page initialized, tools listed): ${idle.soonMb.toFixed(1)} MB 1.5 s after, ` +
      `${idle.idleMb.toFixed(1)} MB after ${idle.idleSeconds} s idle; goal ≤ 60 → ${idle.idleMb <= 60 ? 'met' : 'NOT met'}`,
  ];
}

/** Says that the machine's NODE_EXTRA_CA_CERTS was unset for the run, if it was set. */
export function extraCaBundleLines(dropped: string | undefined): string[] {
  if (dropped === undefined) return [];
  return [
    `NODE_EXTRA_CA_CERTS (${dropped}) unset for every process of the run, as for the tests: Node parses ` +
      'it at each start, ~65 ms of CPU here (bench/machineEnvironment.ts)',
  ];
}

function ratioRow(name: string, sequential: number, inFlight: number): string[] {
  return [name, `${sequential.toFixed(2)}×`, '', '', '', '', `${inFlight.toFixed(2)}×`, '', ''];
}

/** The figures of both eras side by side, for bench/erasOnly.ts. */
export function erasSections(results: {
  relay: RelayResult;
  relayModern: RelayResult;
  mrtr: MrtrResult;
  startup: StartupResult;
  startupModern: StartupResult;
  idleRss?: IdleRss;
}): string[] {
  const startupRows = (name: string, startup: StartupResult) => [
    spreadRow(`${name}: first answer (initialize or server/discover)`, startup.initialize),
    spreadRow(`${name}: the demo server alone`, startup.serverAlone),
    spreadRow(`${name}: what the CLI adds, run by run (goal ≤ 60)`, startup.added),
  ];
  return [
    ...relaySection(results.relay),
    '',
    ...relaySection(results.relayModern),
    '',
    ...mrtrSection(results.mrtr),
    '',
    'Startup, ms from spawning the CLI to the first answer over the wire',
    ...table(
      ['', 'median', 'min', 'max'],
      [...startupRows('legacy', results.startup), ...startupRows('modern', results.startupModern)],
    ),
    ...(results.idleRss ? idleRssLines(results.idleRss) : []),
  ];
}

function mrtrSection(mrtr: Outcome<MrtrResult>): string[] {
  if ('error' in mrtr) return ['Multi round-trip: FAILED', `  ${mrtr.error}`];
  const names = ['1: → input_required (elicitation)', '2: → input_required (sampling)', '3: → complete'];
  return [
    `Multi round-trip (modern era): the demo's book_table, 3 rounds, ${mrtr.calls} calls; ms per round, medians`,
    ...table(
      ['round', 'page round trip', 'server (bridge stamps)', 'bridge adds', 'bridge adds max'],
      mrtr.rounds.map((round, index) => [
        names[index] ?? String(index + 1),
        ms(round.pageMs.medianMs, 3),
        ms(round.serverMs.medianMs, 3),
        ms(round.bridgeMs.medianMs, 3),
        ms(round.bridgeMs.maxMs, 1),
      ]),
    ),
  ];
}

function modernStartupSection(startup: Outcome<StartupResult>): string[] {
  if ('error' in startup) return ['Startup (modern era): FAILED', `  ${startup.error}`];
  return [
    `Startup (modern era): the page opens with server/discover instead of initialize; ${startup.runs} runs`,
    ...table(
      ['', 'median', 'min', 'max'],
      [
        spreadRow('(a) link printed', startup.link),
        spreadRow('(c) server/discover answered', startup.initialize),
        spreadRow('    the demo server alone', startup.serverAlone),
        spreadRow('    (c) − server alone, run by run (goal ≤ 60)', startup.added),
      ],
    ),
  ];
}

function describeStop(relay: RelayResult): string {
  const { cliStop: stop } = relay;
  const how = stop.signal ? `ended by ${stop.signal}` : `exited with code ${stop.code}`;
  const forced = stop.forced ? ', only after SIGKILL' : '';
  const strays = stop.strays.length > 0 ? `, left ${stop.strays.length} process(es) behind (killed)` : '';
  return `${how}${forced}${strays}`;
}

export function startupSection(
  startup: Outcome<StartupResult>,
  browser: Outcome<BrowserStartupResult>,
): string[] {
  const rows: string[][] = [];
  const lines: string[] = [];
  if ('error' in startup) {
    lines.push('Startup: FAILED', `  ${startup.error}`);
  } else {
    lines.push(
      `Startup: ms from spawning the CLI (demo server), milestones as the page meets them (its socket opens while its assets load); ` +
        `${startup.runs} runs after ${startup.warmupRuns} discarded`,
    );
    rows.push(
      spreadRow('(a) link printed', startup.link),
      spreadRow(`(b) GET / + ${startup.assets} JS/CSS assets answered`, startup.page),
      spreadRow('(c) initialize answered', startup.initialize),
      spreadRow('    the demo server alone, spawn to its answer', startup.serverAlone),
      spreadRow('    (c) − server alone, run by run (goal ≤ 60)', startup.added),
    );
  }
  if ('error' in browser) {
    rows.push(['browser: FAILED', browser.error, '', '']);
  } else if ('skipped' in browser) {
    rows.push(['browser: skipped', browser.skipped, '', '']);
  } else {
    rows.push(
      spreadRow(`browser, ${browser.runs} runs, page opened at the link: link printed`, browser.link),
      spreadRow('browser: page load event', browser.load),
      spreadRow('browser: first tool visible', browser.toolsVisible),
      spreadRow(
        'browser, page opened once the bridge is up: navigation → first tool (goal ≤ 250)',
        browser.navigationToTool,
      ),
      spreadRow('    floor page, alternating: React + SDK client alone', browser.floor.navigationToTool),
      spreadRow('    floor page: its server ready + its page', browser.floor.launchToTool),
    );
  }
  lines.push(...table(['', 'median', 'min', 'max'], rows));
  if (!('error' in startup)) {
    lines.push(
      `  goal: initialize within 60 ms of the server alone → ${startup.added.medianMs <= 60 ? 'met' : 'NOT met'} this run`,
      bridgeStartLine(),
    );
  }
  if (!('error' in browser) && !('skipped' in browser)) {
    lines.push(`  browser: ${browser.browser}, ${browser.warmupRuns} run discarded, a fresh context per run`);
    lines.push(...firstScreenGoals(browser));
    lines.push(
      `  goal: navigation → first tool ≤ 250 ms → ${browser.navigationToTool.medianMs <= 250 ? 'met' : 'NOT met'} this run`,
      `  (floor page: bench/floorPage/, React and the SDK client alone over a byte pipe to a demo server, ` +
        `listing the tools and rendering their names: what the stack costs before any of the inspector)`,
    );
  }
  return lines;
}

/** What (c) pays for before the bridge answers: the JavaScript it compiles, against its budget. */
function bridgeStartLine(): string {
  try {
    const { totalBytes, limitBytes, problems } = checkBridgeStart();
    return (
      `  the bridge's start: ${kb(totalBytes)} of JavaScript compiled before it attaches ` +
      `(budget ${kb(limitBytes)}, scripts/bridge-start-budget.mjs) → ${problems.length === 0 ? 'within' : 'NOT within'} it`
    );
  } catch (error) {
    return `  the bridge's start: not read (${(error as Error).message})`;
  }
}

/** Issue 33's goals: the first screen's JS and times against the floor page's, same run. */
const FIRST_SCREEN_HEADROOM_BYTES = 30 * 1024;
const NAVIGATION_RATIO_GOAL = 1.2;
const LAUNCH_RATIO_GOAL = 1.3;

export function firstScreenGoals(
  browser: Exclude<BrowserStartupResult, { skipped: string }>,
  indent = '  ',
): string[] {
  const scripts = browser.firstScreenScripts;
  const floorScripts = browser.floor.firstScreenScripts;
  const met = (ok: boolean): string => (ok ? 'met' : 'NOT met');
  const navigation = browser.navigationToTool.medianMs / browser.floor.navigationToTool.medianMs;
  const launch = browser.toolsVisible.medianMs / browser.floor.launchToTool.medianMs;
  return [
    `${indent}first screen (${browser.server}): ${scripts.files} scripts fetched before the first tool showed, ` +
      `${kb(scripts.wireBytes)} on the wire (${scripts.encodings.join(', ')}), ${kb(scripts.decodedBytes)} decoded; ` +
      `floor page ${kb(floorScripts.wireBytes)} (${floorScripts.files} scripts)`,
    `${indent}goal: JS before the first tool ≤ the floor's + 30 KB (${kb(floorScripts.wireBytes + FIRST_SCREEN_HEADROOM_BYTES)}) → ` +
      `${met(scripts.wireBytes <= floorScripts.wireBytes + FIRST_SCREEN_HEADROOM_BYTES)} this run ` +
      `(the inspector adds ${kb(scripts.wireBytes - floorScripts.wireBytes)})`,
    `${indent}goal: navigation → first tool ≤ ${NAVIGATION_RATIO_GOAL}× the floor's → ${met(navigation <= NAVIGATION_RATIO_GOAL)} ` +
      `this run: ${navigation.toFixed(2)}× (medians ${ms(browser.navigationToTool.medianMs, 0)} vs ` +
      `${ms(browser.floor.navigationToTool.medianMs, 0)} ms, alternating runs)`,
    `${indent}goal: launch → first tool (CLI + page) ≤ ${LAUNCH_RATIO_GOAL}× the floor's (its server + its page) → ` +
      `${met(launch <= LAUNCH_RATIO_GOAL)} this run: ${launch.toFixed(2)}× (medians ` +
      `${ms(browser.toolsVisible.medianMs, 0)} vs ${ms(browser.floor.launchToTool.medianMs, 0)} ms)`,
  ];
}

/** The same startup against another server (many tools): the rows and the goals. */
export function browserStartupOtherServerSection(browser: Outcome<BrowserStartupResult>): string[] {
  if ('error' in browser) return ['Startup in a browser, another server: FAILED', `  ${browser.error}`];
  if ('skipped' in browser) return [`Startup in a browser, another server: skipped (${browser.skipped})`];
  return [
    `Startup in a browser, ${browser.server}: ${browser.runs} runs after ${browser.warmupRuns} discarded, floor page alternating`,
    ...table(
      ['', 'median', 'min', 'max'],
      [
        spreadRow('launch → first tool visible', browser.toolsVisible),
        spreadRow('    floor page: its server ready + its page', browser.floor.launchToTool),
        spreadRow('navigation → first tool visible', browser.navigationToTool),
        spreadRow('    floor page', browser.floor.navigationToTool),
      ],
    ),
    ...firstScreenGoals(browser),
  ];
}

function bigResultsSection(big: Outcome<BigResultBenchResult>): string[] {
  if ('error' in big) return ['Big results: FAILED', `  ${big.error}`];
  if ('skipped' in big) return [`Big results: skipped (${big.skipped})`];
  const lines = [
    `Big results: ms from clicking Run to the result on screen, and Chromium long tasks (≥ 50 ms) ` +
      `until 1 s after; ${big.runs} runs after ${big.warmupRuns} discarded, ${big.browser}`,
  ];
  const rows: string[][] = [];
  for (const figures of big.cases) {
    rows.push(
      spreadRow(`${figures.label}: shown`, figures.shown),
      spreadRow(`${figures.label}: longest task`, figures.longestTask),
      spreadRow(`${figures.label}: blocking time`, figures.blocking),
    );
  }
  lines.push(...table(['', 'median', 'min', 'max'], rows));
  for (const figures of big.cases) {
    const met = figures.runsOverGoal === 0;
    lines.push(
      `  goal: no task over ${LONG_TASK_GOAL_MS} ms (${figures.label}) → ${met ? 'met' : 'NOT met'} this run ` +
        `(worst ${figures.worstTaskMs.toFixed(0)} ms${met ? '' : `, ${figures.runsOverGoal} of ${big.runs} runs over`})`,
    );
  }
  return lines;
}

export function toolListSection(result: Outcome<ToolListResult>): string[] {
  if ('error' in result) return ['Tool list: FAILED', `  ${result.error}`];
  if ('skipped' in result) return [`Tool list: skipped, ${result.skipped}`];
  return [
    `Tool list: ${result.tools} tools in ${result.browser}, ${result.runs} runs, ms after paint`,
    ...table(
      ['', 'median', 'min', 'max'],
      [
        spreadRow('tools/list done → list drawn (goal < 300)', result.drawn),
        spreadRow(`filter keystroke → list drawn, ${result.keystrokes} keys (goal < 50)`, result.filter),
      ],
    ),
  ];
}

export function trafficSection(
  traffic: Outcome<TrafficFloodResult>,
  allTabs?: Outcome<TrafficFloodResult>,
): string[] {
  if ('error' in traffic) return ['Traffic pane: FAILED', `  ${traffic.error}`];
  if ('skipped' in traffic) return [`Traffic pane: skipped (${traffic.skipped})`];
  const goal = (met: boolean): string => (met ? 'met' : 'NOT met');
  // The second case, when it ran: the same figures with every tab visited first.
  const other = allTabs && !('error' in allTabs) && !('skipped' in allTabs) ? allTabs : undefined;
  type Figures = typeof traffic;
  const both = (figure: (result: Figures) => string): string[] =>
    other ? [figure(traffic), figure(other)] : [figure(traffic)];
  const row = (name: string, figure: (result: Figures) => string, target: string): string[] => [
    name,
    ...both(figure),
    target,
  ];
  const lines = [
    `Traffic pane: a server floods ${traffic.notifications.toLocaleString('en-US')} notifications/message ` +
      `while the page is open (${traffic.browser}); times in the page, to the next painted frame`,
    ...table(
      ['', other ? 'Tools tab only' : 'figure', ...(other ? ['every tab visited'] : []), 'goal'],
      [
        row('server writing them (its own clock)', (r) => `${ms(r.serverMs, 0)} ms`, ''),
        row('first to last on screen', (r) => `${ms(r.streamMs, 0)} ms`, ''),
        row(
          'frames/s reaching the screen',
          (r) => r.framesPerSecond.toFixed(0),
          `≥ 20,000: ${goal(traffic.framesPerSecond >= 20_000 && (other?.framesPerSecond ?? Infinity) >= 20_000)}`,
        ),
        row('Run pressed → all on screen', (r) => `${ms(r.allShownMs, 0)} ms`, ''),
        row(
          'longest main-thread task while streaming',
          (r) => `${ms(r.longestTaskMs, 0)} ms`,
          `≤ 100 ms: ${goal(Math.max(traffic.longestTaskMs, other?.longestTaskMs ?? 0) <= 100)}`,
        ),
        row('  tasks over 50 ms / over 100 ms', (r) => `${r.tasksOver50} / ${r.tasksOver100}`, ''),
        row(
          'JS heap after, after a GC',
          (r) => `${r.heapMB.toFixed(0)} MB`,
          `< 300 MB: ${goal(Math.max(traffic.heapMB, other?.heapMB ?? 0) < 300)}`,
        ),
        row(
          `at ${traffic.records.toLocaleString('en-US')} records: filter to requests`,
          (r) => `${ms(r.filterKindMs, 0)} ms`,
          `< 150 ms: ${goal(Math.max(traffic.filterKindMs, other?.filterKindMs ?? 0) < 150)}`,
        ),
        row(
          '  back to all',
          (r) => `${ms(r.filterAllMs, 0)} ms`,
          `< 150 ms: ${goal(Math.max(traffic.filterAllMs, other?.filterAllMs ?? 0) < 150)}`,
        ),
        row('  search in payloads (after the 250 ms debounce)', (r) => `${ms(r.searchMs, 0)} ms`, ''),
        row('  scroll to the top (Home)', (r) => `${ms(r.scrollTopMs, 0)} ms`, ''),
        ...(other?.logsOpenMs !== undefined
          ? [['then opening the Logs tab (all counted)', '', `${ms(other.logsOpenMs, 0)} ms`, '']]
          : []),
      ],
    ),
  ];
  if (allTabs && 'error' in allTabs) lines.push(`  every tab visited: FAILED: ${allTabs.error}`);
  return lines;
}

function spreadRow(name: string, figure: Spread): string[] {
  return [name, ms(figure.medianMs, 0), ms(figure.minMs, 0), ms(figure.maxMs, 0)];
}

function ms(value: number, digits: number): string {
  return Number.isFinite(value) ? value.toFixed(digits) : '—';
}

/** First column left-aligned (labels), the others right-aligned (figures). */
function table(header: string[], rows: string[][]): string[] {
  const all = [header, ...rows];
  const widths = header.map((_, column) => Math.max(...all.map((row) => (row[column] ?? '').length)));
  return all.map(
    (row) =>
      '  ' +
      row
        .map((cell, column) =>
          column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0),
        )
        .join('  ')
        .trimEnd(),
  );
}

/** The headless verbs: `call` against a direct SDK client, `tools` against the server alone. */
export function verbsSection(result: VerbsResult): string[] {
  const ms = (s: Spread) => `${s.medianMs.toFixed(0)} ms (${s.minMs.toFixed(0)}–${s.maxMs.toFixed(0)})`;
  const run = (figures: VerbFigures['cliCall']) =>
    `${ms(figures.result)}, exit ${ms(figures.exit)}${figures.cpu ? `, CPU ${ms(figures.cpu)}` : ''}`;
  const lines = [
    `Headless verbs, ${result.runs} alternating runs each (median, range; wall time from spawn to the result printed and to the exit; CPU of the process and its server):`,
  ];
  for (const era of result.eras) {
    lines.push(
      `  ${era.era}:`,
      `    mcp-inspect call echo   ${run(era.cliCall)}`,
      `    direct SDK client       ${run(era.directCall)}`,
      `      call: ${era.callRatio.toFixed(2)}× the direct client, ${signed(era.callExtraMs)} ms (the CLI also lists the tools first)`,
      `    mcp-inspect tools       ${run(era.cliTools)}`,
      `    demo server alone       ${run(era.serverAloneTools)} (tools/list written with its handshake at spawn)`,
      `      tools: ${signed(era.toolsExtraMs)} ms over the server alone`,
    );
  }
  return lines;
}

function signed(ms: number): string {
  return `${ms >= 0 ? '+' : '−'}${Math.abs(ms).toFixed(0)}`;
}
