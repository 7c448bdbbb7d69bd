import { Option } from 'commander';
import { HOST_IDS, hostProfile, type HostProfile } from '../../../shared/lint/hosts/profiles.js';
import { DEFAULT_PROBE_SLOW_MS, DEFAULT_PROBE_TIMEOUT_MS } from '../../../shared/lint/probes.js';
import { EXIT } from '../../session/exitCodes.js';
import { parseSeconds } from '../optionValues.js';
import { defineVerb, type OwnInput } from '../verb.js';
import { loadLintConfig, type LoadedLintConfig } from './lintConfigFile.js';

/** What `lint` runs with, beyond every verb's options. */
export interface LintRequest {
  format: 'text' | 'json' | 'sarif';
  config: LoadedLintConfig;
  /** `--rules`: list the rules, connect to nothing. */
  listRules: boolean;
  probe: boolean;
  probeAll: boolean;
  /** `--probe-open-world`: probe tools whose openWorldHint is not false too. */
  probeOpenWorld: boolean;
  probeTimeoutMs: number;
  /** `--probe-slow`: an answer later than this is said to be slow. */
  probeSlowMs: number;
  /** `--host NAME`: hold the tools to that host's published limits too. */
  host?: HostProfile;
}

interface RawLintOptions {
  format?: 'text' | 'json' | 'sarif';
  lintConfig?: string;
  rules?: boolean;
  probe?: boolean;
  probeAll?: boolean;
  probeOpenWorld?: boolean;
  probeTimeout?: number;
  probeSlow?: number;
  host?: string;
}

/** The default of `--probe-timeout`: a probe answered later than this hangs, as far as lint says. */
const DEFAULT_PROBE_TIMEOUT_SECONDS = DEFAULT_PROBE_TIMEOUT_MS / 1000;

export const lintVerb = defineVerb({
  name: 'lint',
  shape: {
    description:
      'Checks every tool, prompt and resource the server lists against the MCP spec, schema portability and tool-design practice; with --probe, how it takes an unknown tool, bad and oversized arguments, and ping. Exit 6 when a finding is an error.',
    examples: [
      'mcp-inspect lint -- node build/index.js',
      'mcp-inspect lint --format sarif --url http://127.0.0.1:3001/mcp > lint.sarif',
      'mcp-inspect lint --probe --json -- node build/index.js',
      'mcp-inspect lint --rules',
    ],
  },
  sessionOptions(program) {
    program
      .addOption(
        new Option(
          '--format <format>',
          'text, one JSON document (as --json), or SARIF 2.1.0 for code scanning',
        ).choices(['text', 'json', 'sarif']),
      )
      .option(
        '--lint-config <file>',
        'rule settings (default: mcp-inspect.lint.json in this folder, if there is one)',
      )
      .option('--rules', 'list the rules, with their family and default severity, and exit')
      .option(
        '--probe',
        'also call the server: an unknown tool, refused and oversized arguments (read-only tools only), ping',
      )
      .option('--probe-all', 'probe tools that do not declare readOnlyHint too (they may change things)')
      .option(
        '--probe-open-world',
        'probe tools whose openWorldHint is not false too (they may pass the 1 MiB argument to a service outside)',
      )
      .option(
        '--probe-timeout <seconds>',
        `a probe unanswered this long is a hang (default ${DEFAULT_PROBE_TIMEOUT_SECONDS})`,
        parseSeconds,
      )
      .option(
        '--probe-slow <seconds>',
        `a probe answered later than this is said to be slow, not a hang (default ${DEFAULT_PROBE_SLOW_MS / 1000})`,
        parseSeconds,
      );
  },
  // The config is read now, so a broken one fails before the server starts.
  request({ options, fail }: OwnInput<RawLintOptions>): { lint: LintRequest } {
    const format = options.json === true ? 'json' : (options.format ?? 'text');
    const listRules = options.rules === true;
    const host = options.host === undefined ? undefined : hostProfile(options.host);
    if (options.host !== undefined && !host)
      fail(`--host takes one of ${HOST_IDS.join(', ')}, not "${options.host}"`);
    return {
      lint: {
        ...(host ? { host } : {}),
        format,
        config: listRules ? { config: { rules: {} }, warnings: [] } : loadLintConfig(options.lintConfig),
        listRules,
        probe: options.probe === true || options.probeAll === true || options.probeOpenWorld === true,
        probeAll: options.probeAll === true,
        probeOpenWorld: options.probeOpenWorld === true,
        probeTimeoutMs: Math.round((options.probeTimeout ?? DEFAULT_PROBE_TIMEOUT_SECONDS) * 1000),
        probeSlowMs:
          options.probeSlow === undefined ? DEFAULT_PROBE_SLOW_MS : Math.round(options.probeSlow * 1000),
      },
    };
  },
  // --format json and sarif are documents too: a failure is then one JSON line on stderr.
  printsDocument: (own) => own.lint.format !== 'text',
  // `lint --rules` connects to nothing.
  apart: (request) =>
    request.lint.listRules
      ? async () => {
          (await import('./lintRules.js')).printRules(request);
          return EXIT.ok;
        }
      : undefined,
  async session(request) {
    const [{ lintVerb }, { LintTraffic }] = await Promise.all([
      import('./runLint.js'),
      import('./lintTraffic.js'),
    ]);
    // The traffic as it passed (notifications, list pages as sent).
    const traffic = new LintTraffic();
    return { seeRecord: traffic.seeRecord, run: (context) => lintVerb({ ...context, request }, traffic) };
  },
});
