import {
  SEVERITIES,
  type Finding,
  type LintReport,
  type RuleInfo,
  type Severity,
} from '../../../shared/lint/index.js';

const HEADINGS: Record<Severity, string> = { error: 'Errors', warning: 'Warnings', hint: 'Hints' };

/** The report for a terminal: grouped by severity, each group counted, a finding in four lines. */
export function lintLines(report: LintReport, server: string): string[] {
  const lines: string[] = [];
  for (const severity of SEVERITIES) {
    const group = report.findings.filter((finding) => finding.severity === severity);
    if (group.length === 0) continue;
    lines.push(`${HEADINGS[severity]} (${group.length})`);
    for (const finding of group) lines.push(...findingLines(finding), '');
  }
  lines.push(`${server}: ${summaryLine(report)}`);
  return lines;
}

function findingLines(finding: Finding): string[] {
  return [
    `  ${finding.ruleId}  ${finding.path || '(server)'}`,
    `    ${finding.message}`,
    ...(finding.severity === 'error' ? [`    why: ${finding.why}`] : []),
    `    fix: ${finding.fix}`,
    `    see: ${finding.reference}`,
  ];
}

export function summaryLine(report: LintReport): string {
  const { error, warning, hint, off } = report.summary;
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  const counts = `${plural(error, 'error')}, ${plural(warning, 'warning')}, ${plural(hint, 'hint')}`;
  return off.length > 0 ? `${counts} (off by config: ${off.join(', ')})` : counts;
}

/** `lint --rules`: every rule, its family and default severity, and what it checks. */
export function ruleLines(rules: readonly RuleInfo[]): string[] {
  const width = Math.max(...rules.map((rule) => rule.id.length));
  const lines: string[] = [];
  let family = '';
  for (const rule of rules) {
    if (rule.family !== family) {
      family = rule.family;
      lines.push(`${lines.length > 0 ? '\n' : ''}${family}`);
    }
    lines.push(`  ${rule.id.padEnd(width)}  ${rule.severity.padEnd(7)}  ${rule.title}`);
  }
  return lines;
}
