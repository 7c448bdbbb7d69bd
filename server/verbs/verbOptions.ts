import { Command, CommanderError, Option } from 'commander';
import { addTargetOptions, targetFromOptions, type TargetOptions } from '../session/targetOptions.js';
import { targetLabel } from '../targets/targetSpec.js';
import { fileServerLine, untrustedFileRefusal } from './collections/fileTrust.js';
import { parseElicitFlags, type ElicitPlan } from '../session/answers/elicitPlan.js';
import {
  collectionTargetOptions,
  loadCollectionFile,
  type LoadedCollection,
} from '../session/collectionFile.js';
import { EXIT, EXIT_CODE_HELP, VerbFailure } from '../session/exitCodes.js';
import { openPrivateFile } from '../files/privateFile.js';
import type { VerbName } from './verbNames.js';
import { addWorkspaceOptions } from '../workspace/workspaceOptions.js';
import { workspaceTarget, type WorkspaceTrust } from '../workspace/workspaceTarget.js';
import { LOG_LEVELS, type LogLevel } from '../../shared/core/logLevels.js';
import { collect, parseSeconds } from './optionValues.js';
import type { SharedRequest, Verb, VerbCommand } from './verb.js';
import { VERB_TABLE } from './verbTable.js';

export { LOG_LEVELS, type LogLevel };

/** The default of `--timeout`, as the page's call timeout: a minute. */
const DEFAULT_TIMEOUT_SECONDS = 60;

/** `--help` was asked for and printed. */
export interface HelpShown {
  help: true;
}

/** The options every verb shares, as commander reads them (each verb reads its own in its folder). */
interface RawVerbOptions extends TargetOptions {
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
  saveMedia?: string;
  oauth?: boolean;
  oauthAutoConsent?: boolean;
  trustFile?: boolean;
  allowEnv?: string[];
  workspace?: string;
}

/**
 * Reads a verb's command line: `mcp-inspect <verb> [subject] [options] [-- command args…]`. The
 * verb's options may come anywhere before `--`; everything after it is the server's command line,
 * its options included. A server given neither by command, `--url` nor `--config` is the bundled
 * demo server, as for the page. Throws a VerbFailure (exit 1) for a usage error.
 */
export function parseVerbArgs(argv: readonly string[], demoServerPath: string): VerbCommand | HelpShown {
  const verb = VERB_TABLE[argv[0] as VerbName];
  const { shape } = verb;
  const dash = argv.indexOf('--', 1);
  const ours = dash < 0 ? argv.slice(1) : argv.slice(1, dash);
  const server = dash < 0 ? [] : argv.slice(dash + 1);
  let said = '';
  const program = verbProgram(verb)
    .exitOverride()
    // Commander's words are kept, to be said once, the verbs' way (one JSON line with --json).
    .configureOutput({
      writeOut: (text) => process.stdout.write(text),
      writeErr: (text) => (said += text),
      outputError: (text) => (said += text),
    });
  const usage = (message: string): VerbFailure =>
    new VerbFailure(EXIT.usage, 'usage', message.replace(/^error: /, '').trim(), [
      `run mcp-inspect ${verb.name} --help for its usage`,
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
      `unexpected "${extra.join(' ')}": the server's command goes after --, as in mcp-inspect ${verb.name}${shape.subject ? ` ${subject ?? shape.subject.name}` : ''} -- node build/index.js`,
    );
  }
  const fail = (message: string): never => {
    throw usage(message);
  };
  if (shape.noTarget && serverGiven(server, options))
    fail(`${verb.name} serves a recording: it takes no server command, --url or --config`);
  // A collection is read first; its target is the server unless the command line names one.
  let collection: LoadedCollection | undefined;
  let fromFile: { options: TargetOptions; command?: string; args: string[] } | undefined;
  let serverLine: string | undefined;
  // `--server NAME` without --config: the workspace file's entry (server/workspace/).
  const fromWorkspace = workspaceServerGiven(options, server)
    ? workspaceTarget(options.server as string, options.workspace, options, trustOf(options), process.env)
    : undefined;
  if (fromWorkspace && 'error' in fromWorkspace) fail(fromWorkspace.error);
  if (fromWorkspace && !('error' in fromWorkspace)) ({ serverLine, ...fromFile } = fromWorkspace);
  const collectionFile = verb.collectionFile?.(subject, given);
  if (collectionFile !== undefined) {
    const loaded = loadCollectionFile(collectionFile);
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
  const shared: SharedRequest = {
    verb: verb.name,
    target,
    ...(oauth ? { oauth } : {}),
    oauthAutoConsent,
    json: options.json === true,
    quiet: options.quiet === true,
    serverStderr: options.serverStderr === true,
    raw: options.raw === true,
    timeoutMs: Math.round(options.timeout * 1000),
    ...(options.logLevel ? { logLevel: options.logLevel } : {}),
    ...(options.saveMedia === undefined ? {} : { saveMedia: options.saveMedia }),
    elicit: elicit as ElicitPlan,
    ...(options.samplingReply === undefined ? {} : { samplingReply: options.samplingReply }),
    roots: options.root ?? [],
    ...(collection ? { collection } : {}),
    ...(serverLine === undefined ? {} : { serverLine }),
  };
  // The verb's own options, read by its own folder.
  const command = verb.read(shared, {
    options: given,
    subject,
    second,
    serverGiven: serverGiven(server, options),
    env: process.env,
    fail,
  });
  // Files are opened last, once every option passed: a path that cannot be written fails before the server starts.
  if (options.traffic !== undefined) command.traffic = openTraffic(options.traffic, fail);
  command.runs.openFiles(fail);
  return command;
}

/**
 * What docs/verbs.md says of a verb (server/cli/referenceDocs.ts): its description, the examples its
 * `--help` prints, and the very program that reads its command line, so the reference cannot say
 * an option the verb does not take.
 */
export function verbReference(name: VerbName): { description: string; examples: string[]; program: Command } {
  const verb = VERB_TABLE[name];
  return { description: verb.shape.description, examples: verb.shape.examples, program: verbProgram(verb) };
}

/** A verb's program: its arguments, its own options, and the options every verb shares, declared once here. */
function verbProgram(verb: Verb): Command {
  const { shape } = verb;
  const subject =
    (shape.subject ? `${shape.subject.name} ` : '') +
    (shape.secondSubject ? `${shape.secondSubject.name} ` : '');
  const program = new Command(`mcp-inspect ${verb.name}`)
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
    addWorkspaceOptions(verb.name, program);
  }
  verb.options?.(program);
  program
    .option('--json', 'print one JSON document: the result as the server sent it, plus meta')
    .option('-q, --quiet', 'no progress, log messages, task status or notices on stderr; errors only');
  // A verb that serves rather than connects (mock) has none of a client's or a target's options.
  if (shape.noTarget) return withExamples(program, shape.examples);
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
  verb.sessionOptions?.(program);
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
  return withExamples(program, shape.examples);
}

function withExamples(program: Command, examples: string[]): Command {
  return program.addHelpText(
    'after',
    `\nExamples:\n${examples.map((example) => `  ${example}`).join('\n')}\n\n${EXIT_CODE_HELP}`,
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
