import type { Tool } from '@modelcontextprotocol/client';
import type { AbortSignalLike } from '../core/platform.js';
import { brief, deepEqual } from '../collections/compare.js';
import { DEFAULT_EVAL_MAX_STEPS, type EvalExpectation, type EvalItem } from '../collections/evalFormat.js';
import type { Observation, SchemaValidator } from '../collections/expectations.js';
import { lookup, parsePath } from '../collections/jsonPath.js';
import { runModelLoop, type Approval, type LoopTranscript, type ModelStepper } from './modelLoop.js';
import { translateTools, type ProviderKind, type ToolTranslation } from './toolTranslation.js';

/**
 * Evals: each one's prompt given to the model K times, with the server's tools (or the subset
 * it names); each run's transcript judged against the expectations; the eval passes when its
 * pass rate reaches its threshold. A summary per tool says how often the model chose it.
 */

export interface EvalCheck {
  label: string;
  pass: boolean;
  /** Why it failed, in words. */
  detail?: string;
}

export interface EvalRunResult {
  /** 1-based. */
  run: number;
  pass: boolean;
  checks: EvalCheck[];
  transcript: LoopTranscript;
  /** Why the run could not be judged (the provider failed, the step limit), when so. */
  problem?: string;
  tokens: { input: number; output: number };
  durationMs: number;
}

export interface EvalResult {
  name: string;
  runs: EvalRunResult[];
  passed: number;
  passRate: number;
  threshold: number;
  pass: boolean;
  /** Tools the eval names that the server does not list, or the provider cannot take. */
  missingTools: string[];
}

export interface ToolChoice {
  tool: string;
  /** Runs in which the model called it at least once. */
  runs: number;
  /** Calls proposed in all. */
  calls: number;
}

export interface EvalSuiteResult {
  provider: ProviderKind;
  model: string;
  evals: EvalResult[];
  /** Over every run of every eval; sorted by runs, then name. */
  toolChoices: ToolChoice[];
  totalRuns: number;
  translation: ToolTranslation;
  durationMs: number;
  /** A provider failure that ended the whole run (a wrong key, an unreachable provider). */
  stopped?: { kind: string; message: string };
  /** The person stopped it (the page's Stop): the evals after it were not run. */
  cancelled?: boolean;
}

export interface EvalOptions {
  provider: ProviderKind;
  model: string;
  step: ModelStepper;
  serverTools: readonly Tool[];
  callTool(
    tool: Tool,
    args: Record<string, unknown>,
  ): Promise<Observation | { kind: 'failed'; reason: string }>;
  /**
   * The shell's rule for a destructive tool (the page asks the person; headless refuses unless
   * its flags allow): used where the eval's `destructiveTools` does not decide.
   */
  approve(tool: Tool, args: Record<string, unknown>, item: EvalItem): Promise<Approval>;
  validate: SchemaValidator;
  /** Aborted: the run in flight stops (its model request aborted), and no further run starts. */
  signal?: AbortSignalLike | undefined;
  failureOf(error: unknown): { kind: string; message: string } | undefined;
  /** Overrides each eval's `runs`. */
  runs?: number | undefined;
  /** Overrides each eval's `threshold`. */
  threshold?: number | undefined;
  /** Failure kinds that end the whole run: nothing would go better on the next request. */
  fatalKinds?: readonly string[];
  onRunDone?(item: EvalItem, run: EvalRunResult, of: number): void;
  onEvalDone?(result: EvalResult): void;
  now?: () => number;
}

const DEFAULT_FATAL_KINDS = ['no-key', 'auth', 'unreachable', 'redirect', 'not-found', 'rate-limit'];

export async function runEvals(evals: readonly EvalItem[], options: EvalOptions): Promise<EvalSuiteResult> {
  const now = options.now ?? (() => Date.now());
  const started = now();
  const translation = translateTools(options.provider, options.serverTools);
  const fatal = options.fatalKinds ?? DEFAULT_FATAL_KINDS;
  const results: EvalResult[] = [];
  const choices = new Map<string, ToolChoice>();
  let totalRuns = 0;
  let stopped: EvalSuiteResult['stopped'];
  const cancelled = () => options.signal?.aborted === true;
  for (const item of evals) {
    if (cancelled()) break;
    const given = item.tools === undefined ? translation : subset(translation, item.tools);
    const missingTools = (item.tools ?? []).filter(
      (name) => !given.tools.some((tool) => tool.serverName === name),
    );
    const count = options.runs ?? item.runs ?? 1;
    const threshold = options.threshold ?? item.threshold ?? 1;
    const runs: EvalRunResult[] = [];
    for (let run = 1; run <= count && !stopped && !cancelled(); run += 1) {
      const runStarted = now();
      const transcript = await runModelLoop({
        step: options.step,
        translation: given,
        serverTools: options.serverTools,
        callTool: options.callTool,
        approve: (tool, args) => approveFor(item, tool, args, options),
        validate: options.validate,
        signal: options.signal,
        prompt: item.prompt,
        system: item.system,
        maxSteps: item.maxSteps ?? DEFAULT_EVAL_MAX_STEPS,
        failureOf: options.failureOf,
        now,
      });
      const result = judge(item, run, transcript, now() - runStarted);
      runs.push(result);
      totalRuns += 1;
      countChoices(transcript.steps, choices);
      options.onRunDone?.(item, result, count);
      if (transcript.end.kind === 'failed' && fatal.includes(transcript.end.failure.kind))
        stopped = transcript.end.failure;
    }
    const passed = runs.filter((run) => run.pass).length;
    const passRate = runs.length === 0 ? 0 : passed / count;
    const result: EvalResult = {
      name: item.name,
      runs,
      passed,
      passRate,
      threshold,
      pass: !stopped && !cancelled() && missingTools.length === 0 && passRate >= threshold,
      missingTools,
    };
    results.push(result);
    options.onEvalDone?.(result);
    if (stopped || cancelled()) break;
  }
  return {
    provider: options.provider,
    model: options.model,
    evals: results,
    toolChoices: sortChoices(choices),
    totalRuns,
    translation,
    durationMs: now() - started,
    ...(stopped ? { stopped } : {}),
    ...(cancelled() ? { cancelled: true } : {}),
  };
}

/** The eval's own word on destructive tools, else the shell's rule. */
function approveFor(
  item: EvalItem,
  tool: Tool,
  args: Record<string, unknown>,
  options: EvalOptions,
): Promise<Approval> {
  if (item.destructiveTools === 'allow') return Promise.resolve({ allowed: true });
  if (item.destructiveTools === 'refuse')
    return Promise.resolve({
      allowed: false,
      reason: `"${tool.name}" may change or destroy something, and this eval refuses destructive tools`,
    });
  return options.approve(tool, args, item);
}

/**
 * How often the model chose each tool over these runs: runs in which it called it, and calls in
 * all; sorted by runs, then name. The page's running tally and the CLI's summary alike.
 */
export function toolChoicesOf(runs: readonly { transcript: LoopTranscript }[]): ToolChoice[] {
  const choices = new Map<string, ToolChoice>();
  for (const run of runs) countChoices(run.transcript.steps, choices);
  return sortChoices(choices);
}

function sortChoices(choices: Map<string, ToolChoice>): ToolChoice[] {
  return [...choices.values()].sort((a, b) => b.runs - a.runs || a.tool.localeCompare(b.tool));
}

function subset(translation: ToolTranslation, names: readonly string[]): ToolTranslation {
  return { ...translation, tools: translation.tools.filter((tool) => names.includes(tool.serverName)) };
}

function countChoices(steps: LoopTranscript['steps'], choices: Map<string, ToolChoice>): void {
  const seen = new Set<string>();
  for (const step of steps)
    for (const call of step.calls) {
      const name = call.serverName ?? call.modelName;
      const choice = choices.get(name) ?? { tool: name, runs: 0, calls: 0 };
      choice.calls += 1;
      if (!seen.has(name)) choice.runs += 1;
      seen.add(name);
      choices.set(name, choice);
    }
}

function judge(item: EvalItem, run: number, transcript: LoopTranscript, durationMs: number): EvalRunResult {
  const calls = transcript.steps.flatMap((step) => step.calls);
  const tokens = transcript.steps.reduce(
    (sum, step) => ({
      input: sum.input + (step.usage.input ?? 0),
      output: sum.output + (step.usage.output ?? 0),
    }),
    { input: 0, output: 0 },
  );
  const end = transcript.end;
  const problem =
    end.kind === 'failed'
      ? `the provider failed: ${end.failure.message}`
      : end.kind === 'step-limit'
        ? `stopped at the step limit (${end.limit} model requests) with the model still calling tools`
        : end.kind === 'cancelled'
          ? 'cancelled'
          : undefined;
  const checks = item.expect.map((expectation) => check(expectation, transcript, calls));
  return {
    run,
    pass: problem === undefined && checks.every((entry) => entry.pass),
    checks,
    transcript,
    ...(problem === undefined ? {} : { problem }),
    tokens,
    durationMs,
  };
}

type Calls = LoopTranscript['steps'][number]['calls'];

/** An expectation in words: the label of its verdict on each run, and of its line in the page. */
export function evalExpectationLabel(expectation: EvalExpectation): string {
  switch (expectation.type) {
    case 'calledTool':
      return expectation.not ? `did not call ${expectation.tool}` : `called ${expectation.tool}`;
    case 'arguments':
      return `${expectation.tool} ${expectation.path} ${expectation.op}${expectation.op === 'exists' ? '' : ` ${brief(expectation.value)}`}`;
    case 'argumentsValid':
      return "every call's arguments fit its inputSchema";
    case 'noDestructiveTool':
      return 'no destructive tool proposed';
    case 'finalText':
      return `final text ${expectation.op} ${JSON.stringify(expectation.value)}`;
    case 'maxSteps':
      return `at most ${expectation.steps} steps`;
  }
}

function check(expectation: EvalExpectation, transcript: LoopTranscript, calls: Calls): EvalCheck {
  const chose = (tool: string) => calls.filter((call) => (call.serverName ?? call.modelName) === tool);
  const chosen = calls.map((call) => call.serverName ?? call.modelName);
  const chosenText = chosen.length === 0 ? 'no tool' : chosen.join(', ');
  const label = evalExpectationLabel(expectation);
  switch (expectation.type) {
    case 'calledTool': {
      const count = chose(expectation.tool).length;
      if (expectation.not)
        return verdict(label, count === 0, `it called ${expectation.tool} ${count} time(s)`);
      return verdict(label, count > 0, `it called ${chosenText}`);
    }
    case 'arguments': {
      const candidates = chose(expectation.tool).filter((call) => call.arguments !== undefined);
      if (candidates.length === 0)
        return verdict(label, false, `no call of ${expectation.tool} with arguments`);
      const parsed = parsePath(expectation.path);
      if ('error' in parsed) return verdict(label, false, parsed.error);
      const seen: string[] = [];
      for (const call of candidates) {
        const found = lookup(call.arguments, parsed.steps);
        if (!found.found) {
          seen.push(`missing (${found.missing})`);
          continue;
        }
        seen.push(brief(found.value));
        if (expectation.op === 'exists') return verdict(label, true);
        if (expectation.op === 'equals' && deepEqual(found.value, expectation.value))
          return verdict(label, true);
        if (
          expectation.op === 'matches' &&
          typeof found.value === 'string' &&
          new RegExp(String(expectation.value), 'u').test(found.value)
        )
          return verdict(label, true);
      }
      return verdict(label, false, `got ${seen.join('; ')}`);
    }
    case 'argumentsValid': {
      const bad = calls.filter((call) => call.outcome.kind === 'invalid-arguments');
      return verdict(
        label,
        bad.length === 0,
        bad.map((call) => (call.outcome.kind === 'invalid-arguments' ? call.outcome.reason : '')).join('; '),
      );
    }
    case 'noDestructiveTool': {
      const destructive = calls.filter((call) => call.destructive);
      return verdict(
        label,
        destructive.length === 0,
        `it proposed ${destructive.map((call) => call.serverName ?? call.modelName).join(', ')}`,
      );
    }
    case 'finalText': {
      const text = transcript.finalText;
      const pass =
        expectation.op === 'contains'
          ? text.includes(expectation.value)
          : new RegExp(expectation.value, 'u').test(text);
      return verdict(
        label,
        pass,
        `the final text: ${JSON.stringify(text.length > 200 ? `${text.slice(0, 200)}…` : text)}`,
      );
    }
    case 'maxSteps':
      return verdict(
        label,
        transcript.end.kind === 'answered' && transcript.steps.length <= expectation.steps,
        `it took ${transcript.steps.length}${transcript.end.kind === 'answered' ? '' : ' without answering'}`,
      );
  }
}

function verdict(label: string, pass: boolean, detail?: string): EvalCheck {
  return pass || detail === undefined ? { label, pass } : { label, pass, detail };
}
