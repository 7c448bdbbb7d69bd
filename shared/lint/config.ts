import { lineColumnAt } from '../jsonText.js';
import { SEVERITIES, type Severity } from './findings.js';

/** The config file's name in the working folder, unless `--lint-config` names another. */
export const LINT_CONFIG_FILE = 'mcp-inspect.lint.json';

export type RuleSetting = Severity | 'off';

/** The person's settings: per rule, off or another severity. */
export interface LintConfig {
  rules: Record<string, RuleSetting>;
}

/** A problem with the config file, where the person looks for it. */
export interface ConfigProblem {
  message: string;
  line?: number;
  column?: number;
}

const SETTINGS: readonly RuleSetting[] = ['off', ...SEVERITIES];

/**
 * Reads `{ "rules": { "<ruleId>": "off" | "error" | "warning" | "hint" } }`. What can be used is
 * used; every problem is said (a JSON syntax error with its line and column, a rule id no rule
 * has, a setting that is none of the four), so a typo never silently turns a rule back on.
 */
export function parseLintConfig(
  text: string,
  knownRules: readonly string[],
): { config: LintConfig; problems: ConfigProblem[] } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    return { config: { rules: {} }, problems: [syntaxProblem(text, error)] };
  }
  const problems: ConfigProblem[] = [];
  const rules: Record<string, RuleSetting> = {};
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    return {
      config: { rules },
      problems: [{ message: 'the config is not a JSON object like {"rules": {"<rule-id>": "off"}}' }],
    };
  for (const key of Object.keys(parsed))
    if (key !== 'rules' && key !== '$schema')
      problems.push({ message: `unknown key "${key}" (the config has "rules")`, ...locate(text, key) });
  const given = (parsed as Record<string, unknown>).rules;
  if (given === undefined) return { config: { rules }, problems };
  if (typeof given !== 'object' || given === null || Array.isArray(given))
    return {
      config: { rules },
      problems: [
        ...problems,
        { message: '"rules" is not an object of rule id → setting', ...locate(text, 'rules') },
      ],
    };
  for (const [id, setting] of Object.entries(given)) {
    if (!knownRules.includes(id)) {
      problems.push({
        message: `unknown rule "${id}" (mcp-inspect lint --rules lists them)`,
        ...locate(text, id),
      });
      continue;
    }
    if (typeof setting !== 'string' || !SETTINGS.includes(setting as RuleSetting)) {
      problems.push({
        message: `rule "${id}": ${JSON.stringify(setting)} is not one of ${SETTINGS.join(', ')}`,
        ...locate(text, id),
      });
      continue;
    }
    rules[id] = setting as RuleSetting;
  }
  return { config: { rules }, problems };
}

/** A JSON syntax error at its line and column (engines say a position, or line and column, or neither). */
function syntaxProblem(text: string, error: unknown): ConfigProblem {
  const message = error instanceof Error ? error.message : String(error);
  const lineColumn = /line (\d+) column (\d+)/.exec(message);
  if (lineColumn)
    return {
      message: `not valid JSON: ${message}`,
      line: Number(lineColumn[1]),
      column: Number(lineColumn[2]),
    };
  const position = /position (\d+)/.exec(message);
  const offset = position ? Number(position[1]) : text.length;
  return { message: `not valid JSON: ${message}`, ...lineColumnAt(text, offset) };
}

/** Where a key is first written in the file, to point at it. */
function locate(text: string, key: string): { line?: number; column?: number } {
  const at = text.indexOf(JSON.stringify(key));
  return at < 0 ? {} : lineColumnAt(text, at);
}

/** A config problem as one line: `file:line:column: message`. */
export function describeConfigProblem(file: string, problem: ConfigProblem): string {
  const where = problem.line === undefined ? file : `${file}:${problem.line}:${problem.column ?? 1}`;
  return `${where}: ${problem.message}`;
}

/** The person's lint config as the bridge read it for the page (GET /api/lint-config). */
export interface LintConfigState {
  path: string;
  exists: boolean;
  config: LintConfig;
  /** What is wrong with the file, each with its line and column. */
  problems: string[];
}
