import { resolve } from 'node:path';
import {
  LINT_CONFIG_FILE,
  RULE_IDS,
  describeConfigProblem,
  parseLintConfig,
  type LintConfig,
} from '../../../shared/lint/index.js';
import { readBoundedText } from '../../files/boundedRead.js';
import { EXIT, VerbFailure } from '../../session/exitCodes.js';

/** The config lint runs with, where it came from, and what was wrong with it that did not stop it. */
export interface LoadedLintConfig {
  config: LintConfig;
  /** The file read, or undefined when there was none (the default file is optional). */
  path?: string;
  /** Rule ids no rule has: said, and skipped. */
  warnings: string[];
}

/**
 * Reads the person's lint config: `--lint-config FILE`, else mcp-inspect.lint.json in the working
 * folder if there is one. A file that cannot be read or parsed, or whose settings are not settings,
 * stops the verb (exit 1) before the server starts: CI must not pass on rules the person meant to
 * set. An unknown rule id is said on stderr and skipped (a rule renamed in a newer release).
 */
export function loadLintConfig(given: string | undefined, cwd = process.cwd()): LoadedLintConfig {
  const path = resolve(cwd, given ?? LINT_CONFIG_FILE);
  const read = readBoundedText(path);
  if ('error' in read) {
    if (given === undefined && read.code === 'ENOENT') return { config: { rules: {} }, warnings: [] };
    throw new VerbFailure(EXIT.usage, 'usage', `--lint-config: ${read.error}`);
  }
  const { config, problems } = parseLintConfig(read.text, RULE_IDS);
  const unknown = problems.filter((problem) => problem.message.startsWith('unknown rule '));
  const fatal = problems.filter((problem) => !unknown.includes(problem));
  if (fatal.length > 0)
    throw new VerbFailure(
      EXIT.usage,
      'usage',
      `the lint config ${path} is not usable`,
      fatal.map((problem) => describeConfigProblem(path, problem)),
    );
  return { config, path, warnings: unknown.map((problem) => describeConfigProblem(path, problem)) };
}
