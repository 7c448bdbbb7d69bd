import { xmlAttribute, xmlText } from '../collections/reports.js';
import type { EvalResult, EvalRunResult, EvalSuiteResult } from './evalRunner.js';

/**
 * The evals' reports, in the collections' standards: lines for a person, JUnit XML for CI
 * (`testsuites` > a `testsuite` for the evals > a `testcase` per eval, with a `failure` saying
 * the pass rate against the threshold and what failed in each failing run), and one JSON
 * document. None holds a key: the provider is named by kind and model only.
 */
export interface EvalReportContext {
  suite: string;
  timestamp: string;
}

const percent = (share: number): string => `${Math.round(share * 100)}%`;

export function evalLines(result: EvalResult): string[] {
  const mark = result.pass ? '✓' : '✗';
  const lines = [
    `  ${mark} ${result.name}  ${result.passed}/${result.runs.length} runs passed (${percent(result.passRate)}, threshold ${percent(result.threshold)})`,
  ];
  if (result.missingTools.length > 0)
    lines.push(
      `      the model could not be given: ${result.missingTools.join(', ')} (not listed by the server, or refused by the provider)`,
    );
  for (const run of result.runs.filter((entry) => !entry.pass)) lines.push(...runLines(run));
  return lines;
}

function runLines(run: EvalRunResult): string[] {
  const lines = [`      run ${run.run}: ${callSummary(run)}`];
  if (run.problem) lines.push(`        ${run.problem}`);
  for (const entry of run.checks.filter((c) => !c.pass))
    lines.push(`        ✗ ${entry.label}${entry.detail ? `: ${entry.detail}` : ''}`);
  return lines;
}

/** `echo({"message":"hi"}) → called; delete_note → not approved`. */
function callSummary(run: EvalRunResult): string {
  const calls = run.transcript.steps.flatMap((step) => step.calls);
  if (calls.length === 0) return 'no tool called';
  return calls
    .map((call) => {
      const outcome = call.outcome.kind === 'called' ? 'called' : `${call.outcome.kind.replace('-', ' ')}`;
      return `${call.serverName ?? call.modelName}(${clip(call.argumentsText)}) → ${outcome}`;
    })
    .join('; ');
}

function clip(text: string): string {
  return text.length > 80 ? `${text.slice(0, 80)}…` : text;
}

/** How often the model chose each tool, over every run. */
export function toolChoiceLines(suite: EvalSuiteResult): string[] {
  if (suite.toolChoices.length === 0) return [`tools chosen: none, in ${suite.totalRuns} run(s)`];
  return [
    `tools chosen (in ${suite.totalRuns} run${suite.totalRuns === 1 ? '' : 's'}):`,
    ...suite.toolChoices.map(
      (choice) =>
        `  ${choice.tool}: ${choice.runs}/${suite.totalRuns} runs (${percent(choice.runs / Math.max(1, suite.totalRuns))}), ${choice.calls} call${choice.calls === 1 ? '' : 's'}`,
    ),
  ];
}

export function evalTotalsLine(suite: EvalSuiteResult): string {
  const passed = suite.evals.filter((result) => result.pass).length;
  const tokens = tokenTotals(suite);
  return `${passed} passed, ${suite.evals.length - passed} failed (${suite.evals.length} eval${suite.evals.length === 1 ? '' : 's'}, ${suite.totalRuns} run${suite.totalRuns === 1 ? '' : 's'}, ${tokens.input} tokens in, ${tokens.output} out, ${Math.round(suite.durationMs)} ms)`;
}

function tokenTotals(suite: EvalSuiteResult): { input: number; output: number } {
  return suite.evals
    .flatMap((result) => result.runs)
    .reduce((sum, run) => ({ input: sum.input + run.tokens.input, output: sum.output + run.tokens.output }), {
      input: 0,
      output: 0,
    });
}

export function evalJunitReport(suite: EvalSuiteResult, context: EvalReportContext): string {
  const failures = suite.evals.filter((result) => !result.pass).length;
  const time = (suite.durationMs / 1000).toFixed(3);
  const name = xmlAttribute(`${context.suite} (evals, ${suite.provider} ${suite.model})`);
  const cases = suite.evals
    .map((result) => {
      const runTime = result.runs.reduce((sum, run) => sum + run.durationMs, 0);
      const open = `    <testcase name=${xmlAttribute(result.name)} classname=${xmlAttribute(context.suite)} time="${(runTime / 1000).toFixed(3)}"`;
      if (result.pass) return `${open}/>\n`;
      const message = `${result.passed}/${result.runs.length} runs passed (${percent(result.passRate)}), below the threshold ${percent(result.threshold)}`;
      const body = evalLines(result).slice(1).join('\n');
      return `${open}>\n      <failure message=${xmlAttribute(message)} type="pass-rate">${xmlText(body)}</failure>\n    </testcase>\n`;
    })
    .join('');
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<testsuites name=${name} tests="${suite.evals.length}" failures="${failures}" errors="0" time="${time}">\n` +
    `  <testsuite name=${name} tests="${suite.evals.length}" failures="${failures}" errors="0" skipped="0" time="${time}" timestamp=${xmlAttribute(context.timestamp)}>\n` +
    cases +
    `  </testsuite>\n</testsuites>\n`
  );
}

export function evalJsonReport(suite: EvalSuiteResult, context: EvalReportContext): unknown {
  return {
    suite: context.suite,
    timestamp: context.timestamp,
    provider: suite.provider,
    model: suite.model,
    passed: suite.evals.filter((result) => result.pass).length,
    failed: suite.evals.filter((result) => !result.pass).length,
    totalRuns: suite.totalRuns,
    durationMs: Math.round(suite.durationMs),
    ...(suite.stopped ? { stopped: suite.stopped } : {}),
    toolChoices: suite.toolChoices,
    translation: suite.translation,
    evals: suite.evals.map((result) => ({
      name: result.name,
      pass: result.pass,
      passed: result.passed,
      passRate: result.passRate,
      threshold: result.threshold,
      missingTools: result.missingTools,
      runs: result.runs.map((run) => ({
        run: run.run,
        pass: run.pass,
        ...(run.problem ? { problem: run.problem } : {}),
        checks: run.checks,
        tokens: run.tokens,
        end: run.transcript.end,
        steps: run.transcript.steps.map((step) => ({
          text: step.text,
          stopReason: step.stopReason,
          usage: step.usage,
          calls: step.calls.map((call) => ({
            tool: call.serverName ?? call.modelName,
            modelName: call.modelName,
            arguments: call.arguments ?? call.argumentsText,
            destructive: call.destructive,
            outcome: call.outcome.kind,
            ...('reason' in call.outcome ? { reason: call.outcome.reason } : {}),
            ...(call.outcome.kind === 'called'
              ? {
                  isError:
                    call.outcome.observation.kind === 'rpcError' ||
                    call.outcome.observation.result.isError === true,
                }
              : {}),
          })),
        })),
      })),
    })),
  };
}
