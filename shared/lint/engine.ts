import type { LintConfig } from './config.js';
import {
  SEVERITIES,
  type Finding,
  type LintInput,
  type Rule,
  type RuleInfo,
  type Severity,
} from './findings.js';
import { COMBINED_HOST_RULES } from './rules/host.js';
import { RULES } from './rules/index.js';

export interface LintSummary {
  error: number;
  warning: number;
  hint: number;
  total: number;
  /** Rules the config turned off. */
  off: string[];
}

export interface LintReport {
  findings: Finding[];
  summary: LintSummary;
}

/** What a rule is, without its check (for `--rules`, SARIF and the page). */
export function ruleInfo(rule: Rule): RuleInfo {
  const { check: _check, ...info } = rule;
  return info;
}

export function ruleInfos(): RuleInfo[] {
  // The rules over several servers at once (`lint --all --host`) run apart, but are rules all the same.
  return [...RULES.map(ruleInfo), ...COMBINED_HOST_RULES];
}

export const RULE_IDS: readonly string[] = ruleInfos().map((rule) => rule.id);

/**
 * Runs every rule on what was seen of a server. A rule that throws (a schema too odd for the engine) is a
 * finding of its own rather than the end of the lint. Findings come errors first, then by path.
 */
export function lintSurface(input: LintInput, config: LintConfig = { rules: {} }): LintReport {
  const findings: Finding[] = [];
  const off: string[] = [];
  for (const rule of RULES) {
    const setting = config.rules[rule.id];
    if (setting === 'off') {
      off.push(rule.id);
      continue;
    }
    const severity: Severity = setting ?? rule.severity;
    let raw;
    try {
      raw = rule.check(input);
    } catch (error) {
      raw = [
        {
          path: '',
          message: `the rule could not run: ${error instanceof Error ? error.message : String(error)}`,
        },
      ];
    }
    for (const one of raw)
      findings.push({
        ruleId: rule.id,
        severity,
        path: one.path,
        ...(one.subject === undefined ? {} : { subject: one.subject }),
        ...(one.subjectKind === undefined ? {} : { subjectKind: one.subjectKind }),
        message: one.message,
        why: one.why ?? rule.why,
        fix: one.fix ?? rule.fix,
        reference: rule.reference,
      });
  }
  findings.sort(
    (a, b) =>
      SEVERITIES.indexOf(a.severity) - SEVERITIES.indexOf(b.severity) ||
      comparePaths(a.path, b.path) ||
      compare(a.ruleId, b.ruleId),
  );
  return { findings, summary: summarise(findings, off) };
}

function summarise(findings: Finding[], off: string[]): LintSummary {
  const count = (severity: Severity) => findings.filter((finding) => finding.severity === severity).length;
  return {
    error: count('error'),
    warning: count('warning'),
    hint: count('hint'),
    total: findings.length,
    off,
  };
}

/** Findings per tool name, for the badges in the tools list. */
export function findingsByTool(findings: readonly Finding[]): Map<string, Finding[]> {
  const byTool = new Map<string, Finding[]>();
  for (const finding of findings)
    if (finding.subjectKind === 'tool' && finding.subject !== undefined)
      byTool.set(finding.subject, [...(byTool.get(finding.subject) ?? []), finding]);
  return byTool;
}

/** tools[2] before tools[10]: the indices compared as numbers. */
function comparePaths(a: string, b: string): number {
  const parts = (path: string) => path.split(/(\d+)/);
  const left = parts(a);
  const right = parts(b);
  for (let i = 0; i < Math.min(left.length, right.length); i += 1) {
    const x = left[i] ?? '';
    const y = right[i] ?? '';
    if (x === y) continue;
    return i % 2 === 1 ? Number(x) - Number(y) : compare(x, y);
  }
  return left.length - right.length;
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
