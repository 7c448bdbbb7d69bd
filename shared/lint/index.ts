/**
 * Server lint: every definition a server lists checked against the spec, schema portability and
 * tool-design practice, and the outcomes of behaviour probes judged. Pure (no DOM, no Node): the
 * CLI's `lint` verb and the page's Lint tab run this same engine.
 */
export {
  lintSurface,
  findingsByTool,
  ruleInfo,
  ruleInfos,
  RULE_IDS,
  type LintReport,
  type LintSummary,
} from './engine.js';
export {
  LINT_CONFIG_FILE,
  describeConfigProblem,
  parseLintConfig,
  type ConfigProblem,
  type LintConfig,
  type LintConfigState,
  type RuleSetting,
} from './config.js';
export * from './findings.js';
export { toSarif, type SarifMeta } from './sarif.js';
export {
  DEFAULT_PROBE_SLOW_MS,
  DEFAULT_PROBE_TIMEOUT_MS,
  SKIP_REASONS,
  runProbes,
  type ProbeOptions,
  type ProbeRun,
  type SkippedTool,
  type SlowAnswer,
} from './probes.js';
