import { Command, CommanderError, InvalidArgumentError, Option } from 'commander';
import type { OAuthSettings } from '../oauth/flowTypes.js';
import { addTargetOptions, targetFromOptions, type TargetOptions } from '../session/targetOptions.js';
import { targetLabel, type TargetSpec } from '../targets/targetSpec.js';
import { fileServerLine, untrustedFileRefusal } from './collections/fileTrust.js';
import { parseElicitFlags, type ElicitPlan } from '../session/answers/elicitPlan.js';
import { DEFAULT_COLLECTION_FILE } from '../../shared/collections/format.js';
import {
  collectionTargetOptions,
  loadCollectionFile,
  openReporters,
  parseReporters,
  type LoadedCollection,
  type Reporter,
} from '../session/collectionFile.js';
import {
  addEvalOptions,
  evalRequest,
  type EvalRequest,
  type RawEvalOptions,
} from './collections/evalOptions.js';
import { loadSettings } from './load/loadSettings.js';
import type { LoadSettings } from '../../shared/load/loadRun.js';
import { EXIT, EXIT_CODE_HELP, VerbFailure } from '../session/exitCodes.js';
import { openPrivateFile } from '../files/privateFile.js';
import { readRawArguments, type RawArguments } from './toolArguments.js';
import { loadLintConfig, type LoadedLintConfig } from './lintConfigFile.js';
import type { VerbName } from './verbNames.js';
import { addWorkspaceOptions } from '../workspace/workspaceOptions.js';
import { HOST_IDS, hostProfile, type HostProfile } from '../../shared/lint/hosts/profiles.js';
import { workspaceTarget, type WorkspaceTrust } from '../workspace/workspaceTarget.js';
import { LOG_LEVELS, type LogLevel } from '../../shared/core/logLevels.js';
import { DEFAULT_PROBE_SLOW_MS, DEFAULT_PROBE_TIMEOUT_MS } from '../../shared/lint/probes.js';
import {
  addSurfaceVerbOptions,
  SURFACE_VERBS,
  surfaceVerbRequest,
  type SurfaceVerbOptions,
} from './surfaceVerbOptions.js';

export { LOG_LEVELS, type LogLevel };

/** The default of `--timeout`, as the page's call timeout: a minute. */
const DEFAULT_TIMEOUT_SECONDS = 60;

/** A verb's command line, read and checked: everything the run needs. */
export interface VerbRequest {
  verb: VerbName;
  /** The tool, the resource's URI or the prompt's name, for the verbs that take one. */
  subject?: string;
  target: TargetSpec;
  /** OAuth is on for this URL target: any OAuth option, or --oauth, turns it on. */
  oauth?: OAuthSettings;
  /** `--oauth-auto-consent`: follow the authorization page's redirects instead of waiting for a person. */
  oauthAutoConsent: boolean;
  json: boolean;
  quiet: boolean;
  serverStderr: boolean;
  /** `--raw` (call, read, prompt): the result's text as sent, control characters and all. */
  raw: boolean;
  /** `--traffic`: the file, opened for writing. */
  traffic?: { path: string; fd: number };
  timeoutMs: number;
  logLevel?: LogLevel;
  args: RawArguments;
  validate: boolean;
  asTask: boolean;
  saveMedia?: string;
  elicit: ElicitPlan;
  samplingReply?: string;
  roots: string[];
  /** `snapshot --out`, `diff`/`mock` files, `mock --http --port --speed`: see surfaceVerbOptions.ts. */
  surface?: SurfaceVerbOptions;
  /** Set for `lint`. */
  lint?: LintRequest;
  /** `test`, and `parity --collection`: the collection, read and checked. */
  collection?: LoadedCollection;
  /** `test`: `--reporter`s, their files opened. */
  reporters: Reporter[];
  /** `test --only <name>`: the items to run. */
  only: string[];
  /** `load`: how many calls, how fast. */
  load?: LoadSettings;
  /**
   * The server a file names (a collection's `target`, a `--config` entry), in a line said on
   * stderr before it starts: a file can name any command or URL.
   */
  serverLine?: string;
  /** `skills`: list them, or get one; `--verify` checks every file against its entry. */
  skills?: SkillsRequest;
  /** `eval`: the model and its runs (see collections/evalOptions.ts). */
  model?: EvalRequest;
}

export interface SkillsRequest {
  action: 'list' | 'get';
  /** `get`: the skill's name, or its SKILL.md or root URI. */
  name?: string;
  verify: boolean;
}

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

/** The default of `--probe-timeout`: a probe answered later than this hangs, as far as lint says. */
const DEFAULT_PROBE_TIMEOUT_SECONDS = DEFAULT_PROBE_TIMEOUT_MS / 1000;

/** `--help` was asked for and printed. */
export interface HelpShown {
  help: true;
}

interface VerbShape {
  /** The verb's own argument, if it takes one. */
  subject?: { name: string; description: string; optional?: boolean };
  description: string;
  /** Takes `--arg`/`--args`. */
  takesArguments?: boolean;
  /** Takes `--save-media`. */
  savesMedia?: boolean;
  examples: string[];
  /** A second, optional argument (diff's `[b]`). */
  secondSubject?: { name: string; description: string };
  /** Serves no target of its own (mock): a server command or --url is a usage error. */
  noTarget?: boolean;
}

const VERBS: Record<VerbName, VerbShape> = {
  info: {
    description: "The server's era, negotiated protocol version, identity, capabilities and instructions.",
    examples: ['mcp-inspect info', 'mcp-inspect info --era legacy -- node build/index.js'],
  },
  tools: {
    description: 'The tools, every page of tools/list.',
    examples: [
      'mcp-inspect tools -- npx -y @modelcontextprotocol/server-everything stdio',
      'mcp-inspect tools --json --url http://127.0.0.1:3001/mcp',
    ],
  },
  call: {
    subject: { name: '<tool>', description: 'the tool to call' },
    description:
      "Calls a tool. Arguments are typed by the tool's inputSchema and checked against it before they are sent.",
    takesArguments: true,
    savesMedia: true,
    examples: [
      'mcp-inspect call echo --arg message=hello',
      'mcp-inspect call get_weather --args \'{"city":"Paris"}\' --json',
      'mcp-inspect call book_table --elicit \'{"name":"Ada","seats":2}\' --sampling-reply "Welcome!"',
      'mcp-inspect call render_image --save-media ./out -- node build/index.js',
    ],
  },
  resources: {
    description: 'The resources, every page of resources/list.',
    examples: ['mcp-inspect resources'],
  },
  templates: {
    description: 'The resource templates, every page of resources/templates/list.',
    examples: ['mcp-inspect templates'],
  },
  read: {
    subject: { name: '<uri>', description: 'the resource to read' },
    description:
      'Reads a resource: text printed as it is, binary contents summarised (or saved with --save-media).',
    savesMedia: true,
    examples: [
      'mcp-inspect read demo://docs/readme',
      'mcp-inspect read demo://images/swatch.png --save-media ./out',
    ],
  },
  prompts: {
    description: 'The prompts, every page of prompts/list.',
    examples: ['mcp-inspect prompts'],
  },
  lint: {
    description:
      'Checks every tool, prompt and resource the server lists against the MCP spec, schema portability and tool-design practice; with --probe, how it takes an unknown tool, bad and oversized arguments, and ping. Exit 6 when a finding is an error.',
    examples: [
      'mcp-inspect lint -- node build/index.js',
      'mcp-inspect lint --format sarif --url http://127.0.0.1:3001/mcp > lint.sarif',
      'mcp-inspect lint --probe --json -- node build/index.js',
      'mcp-inspect lint --rules',
    ],
  },
  test: {
    subject: {
      name: '[file]',
      description: `the collection file (default ${DEFAULT_COLLECTION_FILE})`,
      optional: true,
    },
    description:
      "Runs a collection: each item's call, its expectations checked one by one. Exit 8 when one fails. The server: the collection's target, unless one is given here.",
    examples: [
      'mcp-inspect test',
      'mcp-inspect test api.collection.json --reporter junit=report.xml',
      'mcp-inspect test --reporter tap -- node build/index.js',
    ],
  },
  eval: {
    subject: {
      name: '[file]',
      description: `the collection file with the evals (default ${DEFAULT_COLLECTION_FILE})`,
      optional: true,
    },
    description:
      "Gives each eval's prompt to a model with the server's tools, K times: the calls it makes go through the same path as `call`, its expectations are checked per run, and an eval passes when its pass rate reaches its threshold. A summary says how often the model chose each tool. Exit 8 below a threshold. The key: OPENAI_API_KEY or ANTHROPIC_API_KEY, never a flag.",
    examples: [
      'OPENAI_API_KEY=… mcp-inspect eval --model gpt-4.1-mini --runs 5',
      'OPENAI_BASE_URL=http://127.0.0.1:11434/v1 mcp-inspect eval evals.collection.json --model llama3.2 --reporter junit=evals.xml',
      'ANTHROPIC_API_KEY=… mcp-inspect eval --provider anthropic --model claude-sonnet-4-5 -- node build/index.js',
    ],
  },
  load: {
    subject: { name: '<tool>', description: 'the tool to call' },
    description:
      'Calls a tool many times, C at a time, for N calls or a duration, optionally at a fixed rate: throughput, outcomes, latency percentiles and a histogram.',
    takesArguments: true,
    examples: [
      'mcp-inspect load echo --arg message=hi --concurrency 8 --requests 1000',
      'mcp-inspect load search --args @query.json --concurrency 4 --duration 30s --rate 50/s --json',
    ],
  },
  prompt: {
    subject: { name: '<name>', description: 'the prompt to get' },
    description: "Gets a prompt with its arguments (a prompt's arguments are strings).",
    takesArguments: true,
    savesMedia: true,
    examples: ['mcp-inspect prompt greeting --arg name=Ada'],
  },
  skills: {
    subject: { name: '[get]', description: 'get: show one skill', optional: true },
    secondSubject: { name: '[name]', description: "the skill's name (or its skill:// URI)" },
    description:
      "The server's skills (the io.modelcontextprotocol/skills extension): listed without reading a file; `get NAME` shows one's frontmatter and SKILL.md, checked against its entry (size, digest, frontmatter). --verify checks every file the entry lists. A file that does not match is not shown: exit 6.",
    examples: [
      'mcp-inspect skills',
      'mcp-inspect skills get release-notes',
      'mcp-inspect skills get release-notes --verify --json',
      'mcp-inspect skills --verify --url http://127.0.0.1:3001/mcp',
    ],
  },
  ...SURFACE_VERBS,
};

interface RawVerbOptions extends TargetOptions, RawEvalOptions {
  json?: boolean;
  raw?: boolean;
  quiet?: boolean;
  serverStderr?: boolean;
  traffic?: string;
  timeout: number;
  logLevel?: LogLevel;
  elicit?: string[];
  samplingReply?: string;
  root?: string[];
  arg?: string[];
  args?: string;
  validate?: boolean;
  task?: boolean;
  saveMedia?: string;
  oauth?: boolean;
  oauthAutoConsent?: boolean;
  out?: string;
  http?: boolean;
  port?: number;
  speed?: number;
  format?: 'text' | 'json' | 'sarif';
  lintConfig?: string;
  rules?: boolean;
  probe?: boolean;
  probeAll?: boolean;
  probeOpenWorld?: boolean;
  probeTimeout?: number;
  probeSlow?: number;
  reporter?: string[];
  only?: string[];
  collection?: string;
  trustFile?: boolean;
  allowEnv?: string[];
  workspace?: string;
  host?: string;
  concurrency?: string;
  requests?: string;
  duration?: string;
  rate?: string;
  verify?: boolean;
}

/**
 * Reads a verb's command line: `mcp-inspect <verb> [subject] [options] [-- command args…]`. The
 * verb's options may come anywhere before `--`; everything after it is the server's command line,
 * its options included. A server given neither by command, `--url` nor `--config` is the bundled
 * demo server, as for the page. Throws a VerbFailure (exit 1) for a usage error.
 */
export function parseVerbArgs(argv: readonly string[], demoServerPath: string): VerbRequest | HelpShown {
  const verb = argv[0] as VerbName;
  const shape = VERBS[verb];
  const dash = argv.indexOf('--', 1);
  const ours = dash < 0 ? argv.slice(1) : argv.slice(1, dash);
  const server = dash < 0 ? [] : argv.slice(dash + 1);
  let said = '';
  const program = verbProgram(verb, shape)
    .exitOverride()
    // Commander's words are kept, to be said once, the verbs' way (one JSON line with --json).
    .configureOutput({
      writeOut: (text) => process.stdout.write(text),
      writeErr: (text) => (said += text),
      outputError: (text) => (said += text),
    });
  const usage = (message: string): VerbFailure =>
    new VerbFailure(EXIT.usage, 'usage', message.replace(/^error: /, '').trim(), [
      `run mcp-inspect ${verb} --help for its usage`,
    ]);
  try {
    program.parse(ours, { from: 'user' });
  } catch (error) {
    if (error instanceof CommanderError) {
      if (error.exitCode === 0) return { help: true };
      throw usage(said || error.message);
    }
    throw error;
  }
  // The defaults of the options a verb without a target does not offer (see verbProgram).
  const given = program.opts<Partial<RawVerbOptions>>();
  const options: RawVerbOptions = {
    ...given,
    header: given.header ?? [],
    env: given.env ?? [],
    timeout: given.timeout ?? DEFAULT_TIMEOUT_SECONDS,
  };
  const subject = shape.subject ? (program.processedArgs[0] as string | undefined) : undefined;
  const second = shape.secondSubject ? (program.processedArgs[1] as string | undefined) : undefined;
  const extra = program.args.slice((shape.subject ? 1 : 0) + (shape.secondSubject ? 1 : 0));
  if (extra.length > 0) {
    throw usage(
      `unexpected "${extra.join(' ')}": the server's command goes after --, as in mcp-inspect ${verb}${shape.subject ? ` ${subject ?? shape.subject.name}` : ''} -- node build/index.js`,
    );
  }
  const fail = (message: string): never => {
    throw usage(message);
  };
  if (shape.noTarget && serverGiven(server, options))
    fail(`${verb} serves a recording: it takes no server command, --url or --config`);
  // `test`: the collection is read first; its target is the server unless the command line names one.
  let collection: LoadedCollection | undefined;
  let fromFile: { options: TargetOptions; command?: string; args: string[] } | undefined;
  let serverLine: string | undefined;
  // `--server NAME` without --config: the workspace file's entry (server/workspace/).
  const fromWorkspace = workspaceServerGiven(options, server)
    ? workspaceTarget(options.server as string, options.workspace, options, trustOf(options), process.env)
    : undefined;
  if (fromWorkspace && 'error' in fromWorkspace) fail(fromWorkspace.error);
  if (fromWorkspace && !('error' in fromWorkspace)) ({ serverLine, ...fromFile } = fromWorkspace);
  // `parity --collection FILE` reads it the same way, to run its calls in both eras.
  const runsCollection = verb === 'test' || verb === 'eval';
  if (runsCollection || (verb === 'parity' && options.collection !== undefined)) {
    const loaded = loadCollectionFile(
      runsCollection ? (subject ?? DEFAULT_COLLECTION_FILE) : (options.collection as string),
    );
    if ('error' in loaded) fail(loaded.error);
    collection = loaded as LoadedCollection;
    if (!fromFile && options.url === undefined && options.config === undefined && server.length === 0) {
      // The file's own server: said before it starts, and given environment values only if trusted.
      const refusal = untrustedFileRefusal(collection, trustOf(options));
      if (refusal !== undefined) throw new VerbFailure(EXIT.usage, 'usage', refusal);
      const named = collection.collection.target;
      if (named?.command !== undefined || named?.url !== undefined)
        serverLine = fileServerLine(collection.path, named);
      const target = collectionTargetOptions(collection, options, process.env);
      if ('error' in target) fail(target.error);
      fromFile = target as { options: TargetOptions; command?: string; args: string[] };
    }
  }
  const chosen = fromFile
    ? targetFromOptions(fromFile.options, fromFile.command, fromFile.args, demoServerPath, fail)
    : targetFromOptions(options, server[0], server.slice(1), demoServerPath, fail);
  const { target } = chosen;
  if (!fromWorkspace && !fromFile && options.config !== undefined)
    serverLine = `the server ${options.config} names${options.server === undefined ? '' : ` ("${options.server}")`}: ${targetLabel(target)}`;
  const oauthAutoConsent = options.oauthAutoConsent === true;
  if ((options.oauth === true || oauthAutoConsent) && target.kind !== 'url')
    fail('--oauth and --oauth-auto-consent are for servers reached by URL');
  // Any OAuth option turns OAuth on; --oauth alone does too (dynamic registration, no scope given).
  const oauth = chosen.oauth ?? (options.oauth === true || oauthAutoConsent ? {} : undefined);
  const elicit = parseElicitFlags(options.elicit ?? []);
  if ('error' in elicit) fail(elicit.error);
  const args = readRawArguments(options.arg ?? [], options.args);
  if ('error' in args) fail(args.error);
  const lint = verb === 'lint' ? lintRequest(options, fail) : undefined;
  const reporters = parseReporters(options.reporter ?? []);
  if ('error' in reporters) fail(reporters.error);
  if (
    options.json === true &&
    (reporters as Reporter[]).some((r) => r.kind === 'tap' && r.path === undefined)
  )
    fail('--json and --reporter tap both print on stdout: give the TAP report a file, tap=PATH');
  const skills =
    verb === 'skills' ? skillsRequest(subject, second, options.verify === true, fail) : undefined;
  // `test` runs a collection's evals too when a model is named.
  const wantsModel =
    verb === 'eval' || (verb === 'test' && (options.model !== undefined || options.provider !== undefined));
  const model = wantsModel ? evalRequest(options, process.env) : undefined;
  if (model && 'error' in model) fail(model.error);
  if (verb === 'eval' && (reporters as Reporter[]).some((r) => r.kind === 'tap'))
    fail('eval reports as junit=FILE or json=FILE');
  const load = verb === 'load' ? loadSettings(options) : undefined;
  if (load && 'error' in load) fail(load.error);
  const traffic = options.traffic === undefined ? undefined : openTraffic(options.traffic, fail);
  const reportersOpen = openReporters(reporters as Reporter[]);
  if (reportersOpen) fail(reportersOpen.error);
  return {
    verb,
    ...(subject === undefined ? {} : { subject }),
    target,
    ...(oauth ? { oauth } : {}),
    oauthAutoConsent,
    // lint's --format json and sarif are documents too: a failure is then one JSON line on stderr.
    json: options.json === true || (lint !== undefined && lint.format !== 'text'),
    quiet: options.quiet === true,
    serverStderr: options.serverStderr === true,
    raw: options.raw === true,
    ...(traffic ? { traffic } : {}),
    timeoutMs: Math.round(options.timeout * 1000),
    ...(options.logLevel ? { logLevel: options.logLevel } : {}),
    args: args as RawArguments,
    validate: options.validate !== false,
    asTask: options.task === true,
    ...(options.saveMedia === undefined ? {} : { saveMedia: options.saveMedia }),
    elicit: elicit as ElicitPlan,
    ...(options.samplingReply === undefined ? {} : { samplingReply: options.samplingReply }),
    roots: options.root ?? [],
    ...surfaceVerbRequest(verb, options, subject, second, serverGiven(server, options), fail),
    ...(lint ? { lint } : {}),
    ...(collection ? { collection } : {}),
    reporters: reporters as Reporter[],
    only: options.only ?? [],
    ...(load ? { load: load as LoadSettings } : {}),
    ...(serverLine === undefined ? {} : { serverLine }),
    ...(skills ? { skills } : {}),
    ...(model ? { model: model as EvalRequest } : {}),
  };
}

/** `skills`, `skills get NAME`, either with `--verify`. */
function skillsRequest(
  action: string | undefined,
  name: string | undefined,
  verify: boolean,
  fail: (message: string) => never,
): SkillsRequest {
  if (action === undefined) return { action: 'list', verify };
  if (action !== 'get') fail(`skills takes "get <name>" or nothing, not "${action}"`);
  if (name === undefined) fail("skills get needs the skill's name: mcp-inspect skills get <name>");
  return { action: 'get', name, verify };
}

/** lint's own options; the config is read now, so a broken one fails before the server starts. */
function lintRequest(options: RawVerbOptions, fail: (message: string) => never): LintRequest {
  const format = options.json === true ? 'json' : (options.format ?? 'text');
  const listRules = options.rules === true;
  const host = options.host === undefined ? undefined : hostProfile(options.host);
  if (options.host !== undefined && !host)
    fail(`--host takes one of ${HOST_IDS.join(', ')}, not "${options.host}"`);
  return {
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
  };
}

/**
 * What docs/verbs.md says of a verb (server/cli/referenceDocs.ts): its description, the examples its
 * `--help` prints, and the very program that reads its command line, so the reference cannot say
 * an option the verb does not take.
 */
export function verbReference(verb: VerbName): { description: string; examples: string[]; program: Command } {
  const shape = VERBS[verb];
  return { description: shape.description, examples: shape.examples, program: verbProgram(verb, shape) };
}

function verbProgram(verb: VerbName, shape: VerbShape): Command {
  const subject =
    (shape.subject ? `${shape.subject.name} ` : '') +
    (shape.secondSubject ? `${shape.secondSubject.name} ` : '');
  const program = new Command(`mcp-inspect ${verb}`)
    .usage(`${subject}[options]${shape.noTarget ? '' : ' [-- command [args...]]'}`)
    .description(
      shape.noTarget
        ? shape.description
        : `${shape.description}\nThe server: a stdio command after --, --url or --config (default: the bundled demo server).`,
    )
    .helpOption('-h, --help')
    .allowExcessArguments(true);
  if (shape.subject) program.argument(shape.subject.name, shape.subject.description);
  if (shape.secondSubject) program.argument(shape.secondSubject.name, shape.secondSubject.description);
  addSurfaceVerbOptions(verb, program);
  if (!shape.noTarget) {
    program
      .option(
        '--trust-file',
        'the collection or workspace file is yours: run the server it names with the environment values it asks for (${env:NAME})',
      )
      .option(
        '--allow-env <NAME>',
        'give this environment variable to the server the collection or workspace file names (repeatable); the others it asks for stop the run',
        collect,
      );
    addWorkspaceOptions(verb, program);
  }
  if (verb === 'eval' || verb === 'test') addEvalOptions(program, collect);
  if (verb === 'test' || verb === 'eval') {
    program
      .option(
        '--reporter <kind[=file]>',
        'also report as junit=FILE, json=FILE, or tap (TAP 14 on stdout; tap=FILE for a file) (repeatable)',
        collect,
      )
      .option(
        '--only <name>',
        'run only this item (repeatable); items it takes values from must be named too',
        collect,
      );
  }
  if (verb === 'skills')
    program.option(
      '--verify',
      "check every file the skill entries list (size, digest, SKILL.md's frontmatter); exit 6 on a mismatch",
    );
  if (verb === 'load') {
    program
      .option('--concurrency <n>', 'calls in flight at once (default 1)')
      .option('--requests <n>', 'stop after this many calls (default 100, unless --duration)')
      .option('--duration <time>', 'stop after this long: 30s, 2m, 500ms')
      .option(
        '--rate <r/s>',
        'start at most this many calls a second, e.g. 50/s (default: as fast as they finish)',
      );
  }
  program
    .option('--json', 'print one JSON document: the result as the server sent it, plus meta')
    .option('-q, --quiet', 'no progress, log messages, task status or notices on stderr; errors only');
  // A verb that serves rather than connects (mock) has none of a client's or a target's options.
  if (shape.noTarget) return withExamples(program, shape);
  program
    .option(
      '--traffic <file>',
      'write the session as JSON Lines, as the page exports it (the page imports it)',
    )
    .option(
      '--timeout <seconds>',
      `give up after this long without an answer (exit 9)`,
      parseSeconds,
      DEFAULT_TIMEOUT_SECONDS,
    )
    .option('--server-stderr', "show the server's own stderr lines on stderr")
    .addOption(
      new Option(
        '--log-level <level>',
        'ask the server for log messages from this level up (shown on stderr)',
      ).choices(LOG_LEVELS),
    );
  if (shape.takesArguments) {
    program
      .option('--arg <key=value>', 'an argument; its value is typed by the schema (repeatable)', collect)
      .option(
        '--args <json|@file>',
        'the arguments as a JSON object, or a file holding one (--arg adds to it)',
      );
  }
  if (verb === 'call') {
    program
      .option('--no-validate', "send the arguments without checking them against the tool's inputSchema")
      .option('--task', 'run a tool that supports tasks as a task, and follow it to its result');
  }
  if (verb === 'lint') {
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
  }
  if (shape.savesMedia)
    program
      .option('--save-media <dir>', 'write images, audio and binary contents to files in this folder')
      .option(
        '--raw',
        "print the result's text as the server sent it, its control characters and escape sequences included (else they are shown escaped: \\x1b)",
      );
  program
    .option(
      '--elicit <answer>',
      "answer the server's questions: a JSON object (@file.json), decline or cancel; key=<answer> for one input request (repeatable)",
      collect,
    )
    .option(
      '--sampling-reply <text>',
      "answer the server's sampling requests with this text (else they are declined)",
    )
    .option('--root <uri|path>', 'a root to offer the server (repeatable)', collect);
  addTargetOptions(program);
  program
    .option(
      '--oauth',
      'sign in with OAuth when the server asks: the authorization page is printed (opened on a terminal) and the verb waits for its redirect back; implied by the other OAuth options',
    )
    .option(
      '--oauth-auto-consent',
      "OAuth: follow the authorization page's redirects instead of waiting for a person, for test authorization servers that consent by themselves (CI)",
    );
  return withExamples(program, shape);
}

function withExamples(program: Command, shape: VerbShape): Command {
  return program.addHelpText(
    'after',
    `\nExamples:\n${shape.examples.map((example) => `  ${example}`).join('\n')}\n\n${EXIT_CODE_HELP}`,
  );
}

/** `--server NAME` alone names a server of the workspace file; with --config, one of that file. */
function workspaceServerGiven(options: RawVerbOptions, server: readonly string[]): boolean {
  return (
    options.server !== undefined &&
    options.config === undefined &&
    options.url === undefined &&
    server.length === 0
  );
}

function trustOf(options: RawVerbOptions): WorkspaceTrust {
  return { trustFile: options.trustFile === true, allowEnv: options.allowEnv ?? [] };
}

function serverGiven(server: readonly string[], options: RawVerbOptions): boolean {
  return server.length > 0 || options.url !== undefined || options.config !== undefined;
}

/** A repeatable option, with no default to show in the help. */
function collect(value: string, previous: string[] | undefined): string[] {
  return [...(previous ?? []), value];
}

function parseSeconds(value: string): number {
  const seconds = Number(value);
  if (!Number.isFinite(seconds) || seconds <= 0)
    throw new InvalidArgumentError('a number of seconds, above 0');
  return seconds;
}

/** The traffic file is opened now (owner-only): a path that cannot be written fails before the server starts. */
function openTraffic(path: string, fail: (message: string) => never): { path: string; fd: number } {
  try {
    return { path, fd: openPrivateFile(path) };
  } catch (error) {
    return fail(
      `--traffic: cannot write ${path}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
    );
  }
}
