import type { ExpectationResult } from './expectations.js';
import type { CollectionRun, ItemRun } from './runner.js';

/**
 * A run's reports for other tools, in their standards: JUnit XML as CI servers read it
 * (`testsuites` > one `testsuite` per collection > one `testcase` per item, with a `failure` per
 * failing expectation or an `error` when there was no answer), TAP 14, and a JSON document.
 */
export interface ReportContext {
  /** The collection's name (its `name`, else the file's). */
  suite: string;
  /** When the run started, ISO 8601. */
  timestamp: string;
}

export function junitReport(run: CollectionRun, context: ReportContext): string {
  const errors = run.items.filter((item) => item.status === 'error').length;
  const failures = run.items.filter((item) => item.status === 'failed').length;
  const time = seconds(run.durationMs);
  const cases = run.items.map((item) => testcase(item, context.suite)).join('');
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<testsuites name=${attr(context.suite)} tests="${run.items.length}" failures="${failures}" errors="${errors}" time="${time}">\n` +
    `  <testsuite name=${attr(context.suite)} tests="${run.items.length}" failures="${failures}" errors="${errors}" skipped="0" time="${time}" timestamp=${attr(context.timestamp)}>\n` +
    cases +
    `  </testsuite>\n</testsuites>\n`
  );
}

function testcase(item: ItemRun, suite: string): string {
  const time = seconds(item.observation?.durationMs ?? 0);
  const open = `    <testcase name=${attr(item.name)} classname=${attr(suite)} time="${time}"`;
  if (item.status === 'passed') return `${open}/>\n`;
  if (item.status === 'error')
    return `${open}>\n      <error message=${attr(item.reason ?? 'no answer')} type="no-answer">${text(`${item.kind} ${item.subject}: ${item.reason ?? ''}`)}</error>\n    </testcase>\n`;
  const failed = item.expectations.filter((expectation) => !expectation.pass);
  const body = failed
    .map(
      (expectation) =>
        `      <failure message=${attr(`${expectation.label}: expected ${expectation.expected}, got ${expectation.actual}`)} type="expectation">${text(failureText(expectation))}</failure>\n`,
    )
    .join('');
  return `${open}>\n${body}    </testcase>\n`;
}

function failureText(expectation: ExpectationResult): string {
  return [
    `expected: ${expectation.expected}`,
    `actual:   ${expectation.actual}`,
    ...(expectation.diff ?? []),
  ].join('\n');
}

export function tapReport(run: CollectionRun): string {
  const lines = ['TAP version 14', `1..${run.items.length}`];
  run.items.forEach((item, i) => {
    const ok = item.status === 'passed';
    lines.push(`${ok ? 'ok' : 'not ok'} ${i + 1} - ${tapDescription(item.name)}`);
    if (ok) return;
    // A YAML block under the test point: what failed, expected against actual.
    lines.push('  ---');
    if (item.status === 'error') {
      lines.push(`  message: ${yamlString(item.reason ?? 'no answer')}`, '  severity: error');
    } else {
      lines.push('  message: an expectation failed', '  severity: fail', '  failures:');
      for (const expectation of item.expectations.filter((e) => !e.pass)) {
        lines.push(
          `    - expectation: ${yamlString(expectation.label)}`,
          `      expected: ${yamlString(expectation.expected)}`,
          `      actual: ${yamlString(expectation.actual)}`,
        );
        if (expectation.diff)
          lines.push('      diff:', ...expectation.diff.map((line) => `        - ${yamlString(line)}`));
      }
    }
    lines.push('  ...');
  });
  return `${lines.join('\n')}\n`;
}

/** The run as one JSON document: each item with each expectation's verdict. */
export function jsonReport(run: CollectionRun, context: ReportContext): unknown {
  return {
    suite: context.suite,
    timestamp: context.timestamp,
    passed: run.passed,
    failed: run.failed,
    durationMs: round(run.durationMs),
    items: run.items.map((item) => ({
      name: item.name,
      kind: item.kind,
      subject: item.subject,
      status: item.status,
      ...(item.reason === undefined ? {} : { reason: item.reason }),
      ...(item.observation ? { durationMs: round(item.observation.durationMs) } : {}),
      expectations: item.expectations.map((expectation) => ({
        expectation: expectation.expectation,
        label: expectation.label,
        pass: expectation.pass,
        expected: expectation.expected,
        actual: expectation.actual,
        ...(expectation.diff ? { diff: expectation.diff } : {}),
      })),
    })),
  };
}

/** The run for a person: a line per item, the failing expectations under it, a summary last. */
export function summaryLines(run: CollectionRun, suite: string): string[] {
  return [suite, ...run.items.flatMap(itemLines), '', totalsLine(run)];
}

/** `3 passed, 1 failed, 1 did not run (5 items, 120 ms)`. */
export function totalsLine(run: CollectionRun): string {
  const errors = run.items.filter((item) => item.status === 'error').length;
  const failed = run.items.length - run.passed - errors;
  return `${run.passed} passed, ${failed} failed${errors > 0 ? `, ${errors} did not run` : ''} (${run.items.length} item${run.items.length === 1 ? '' : 's'}, ${round(run.durationMs)} ms)`;
}

export function itemLines(item: ItemRun): string[] {
  const ms = item.observation ? ` (${round(item.observation.durationMs)} ms)` : '';
  const mark = item.status === 'passed' ? '✓' : '✗';
  const lines = [`  ${mark} ${item.name}  ${item.kind} ${item.subject}${ms}`];
  if (item.status === 'error') lines.push(`      ${item.reason ?? 'no answer'}`);
  for (const expectation of item.expectations.filter((e) => !e.pass)) {
    lines.push(
      `      ✗ ${expectation.label}`,
      `          expected: ${expectation.expected}`,
      `          actual:   ${expectation.actual}`,
    );
    for (const line of expectation.diff ?? []) lines.push(`          ${line}`);
  }
  return lines;
}

function seconds(ms: number): string {
  return (ms / 1000).toFixed(3);
}

function round(ms: number): number {
  return Math.round(ms * 10) / 10;
}

/** An XML attribute's value, quoted; characters XML 1.0 cannot hold are dropped. */
function attr(value: string): string {
  return `"${text(value).replace(/"/g, '&quot;').replace(/\n/g, '&#10;')}"`;
}

function text(value: string): string {
  return (
    value
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '')
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
  );
}

/** A TAP description: `#` starts a directive, so it is escaped. */
function tapDescription(name: string): string {
  return name.replace(/\\/g, '\\\\').replace(/#/g, '\\#').replace(/\n/g, ' ');
}

/** A YAML scalar on one line: JSON strings are YAML. */
function yamlString(value: string): string {
  return JSON.stringify(value);
}

/** The escaping above, for the evals' JUnit report (shared/models/evalReports.ts). */
export { attr as xmlAttribute, text as xmlText };
