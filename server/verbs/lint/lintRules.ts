import { ruleInfos } from '../../../shared/lint/index.js';
import { ruleLines } from './lintText.js';
import type { VerbRequest } from '../verb.js';
import type { LintRequest } from './lintVerb.js';

/** `lint --rules`: the rules as a table, or with --json every rule's id, family, severity, why, fix and reference. */
export function printRules(request: VerbRequest<{ lint: LintRequest }>): void {
  const rules = ruleInfos();
  process.stdout.write(
    request.json || request.lint.format === 'json'
      ? `${JSON.stringify({ rules }, null, 2)}\n`
      : `${ruleLines(rules).join('\n')}\n`,
  );
}
