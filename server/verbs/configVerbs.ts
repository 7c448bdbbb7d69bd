import { Command, CommanderError } from 'commander';
import { maskUrl } from '../../shared/urlSecrets.js';
import { EXIT, VerbFailure } from '../session/exitCodes.js';
import type { ConfigVerbName } from './verbNames.js';
import { VerbOutput } from './verbOutput.js';
import { maskWords } from '../hostConfigs/displayMask.js';
import { locationsHelp, resolveConfigPath, type HostId } from '../hostConfigs/hostLocations.js';
import { launcherFor, proxyCommandWords, shellLine, type ProxyLauncher } from '../hostConfigs/proxyEntry.js';
import { unwrapFile, wrapFile, WrapRefusal, type FileReport } from '../hostConfigs/wrapFile.js';

type ConfigVerb = ConfigVerbName;

const HOST_NAMES: Record<HostId, string> = {
  'claude-desktop': 'Claude Desktop',
  'claude-code': 'Claude Code',
  cursor: 'Cursor',
  vscode: 'VS Code',
  windsurf: 'Windsurf',
};

const DESCRIPTIONS: Record<ConfigVerb, string> = {
  wrap: `Puts a host's MCP servers on mcp-inspect's proxy, in the host's own config file: a stdio entry's command
becomes \`<node> <mcp-inspect's cli.js> proxy -- <its command and args>\` (both by absolute path, so the
host needs no PATH to find them; env, cwd and the rest stay as they are), and a URL entry points at a
proxy on 127.0.0.1 (a port of its own, the same on every wrap), whose command is printed for you to run.
Comments, trailing commas, key order and indentation are kept; the file is replaced atomically. The
file before the wrap is kept in your state folder (0600), and \`unwrap\` puts it back. Env values and
headers stay in the file as they are, and are never printed.`,
  unwrap: `Takes a host's servers off the proxy. When nothing else changed the file since \`wrap\`, it is put back
byte for byte; when the host or you edited it since, only the wrapped entries are put back and your
edits stay (it says so). Without --server, every wrapped entry.`,
};

interface ParsedConfigVerb {
  config: string;
  server: string[];
  all?: boolean;
  dryRun?: boolean;
}

/** The program that reads `wrap`'s or `unwrap`'s command line, for its `--help` in docs/verbs.md. */
export function configVerbProgram(verb: ConfigVerb): Command {
  return program(verb);
}

function program(verb: ConfigVerb): Command {
  return new Command(`mcp-inspect ${verb}`)
    .usage('--config <file|host> [--server NAME… | --all] [--dry-run]')
    .description(DESCRIPTIONS[verb])
    .helpOption('-h, --help')
    .requiredOption('--config <file|host>', 'the config file, or a host for its default file (see below)')
    .option(
      '--server <name>',
      `the server to ${verb} (repeatable); name@<project> for a Claude Code project's`,
      collect,
      [],
    )
    .option('--all', `${verb} every server of the file`)
    .option('--dry-run', 'print the change as a unified diff (secrets masked) and write nothing')
    .option('--json', 'print one JSON document: what changed, the proxies to start, the diff')
    .option('-q, --quiet', 'errors only on stderr')
    .addHelpText(
      'after',
      `\n${locationsHelp()}\n\nExamples:\n  mcp-inspect wrap --config claude-desktop --server github --dry-run\n  mcp-inspect wrap --config .vscode/mcp.json --all\n  mcp-inspect unwrap --config claude-desktop\n\nExit codes: 0 done (or nothing to do), 1 usage: an unknown server (the names there are are listed), a file\nthat does not parse (its line and column), a file that cannot be written safely; nothing is written then.`,
    )
    .exitOverride();
}

function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}

/** `mcp-inspect wrap|unwrap …`, from its command line to its exit code. */
export async function runConfigVerb(argv: readonly string[], cliScript: string): Promise<number> {
  const verb = argv[0] as ConfigVerb;
  const json = argv.includes('--json');
  const out = new VerbOutput({
    json,
    quiet: argv.includes('--quiet') || argv.includes('-q'),
    serverStderr: false,
  });
  let said = '';
  const command = program(verb).configureOutput({
    writeOut: (text) => process.stdout.write(text),
    writeErr: (text) => (said += text),
    outputError: (text) => (said += text),
  });
  let parsed: ParsedConfigVerb;
  try {
    command.parse(argv.slice(1), { from: 'user' });
    if (command.args.length > 0) throw new WrapRefusal(`unexpected "${command.args.join(' ')}"`);
    parsed = command.opts<ParsedConfigVerb>();
  } catch (error) {
    if (error instanceof CommanderError && error.exitCode === 0) return EXIT.ok;
    const message = error instanceof CommanderError ? said || error.message : (error as Error).message;
    out.failure(
      new VerbFailure(EXIT.usage, 'usage', message.replace(/^error: /, '').trim(), [
        `run mcp-inspect ${verb} --help for its usage`,
      ]),
    );
    return EXIT.usage;
  }
  const request = {
    config: resolveConfigPath(parsed.config),
    servers: parsed.server,
    all: parsed.all === true,
    dryRun: parsed.dryRun === true,
  };
  const launcher = launcherFor(cliScript);
  let report: FileReport;
  try {
    report = verb === 'wrap' ? await wrapFile(request, launcher) : unwrapFile(request);
  } catch (error) {
    if (!(error instanceof WrapRefusal)) throw error;
    out.failure(new VerbFailure(EXIT.usage, 'usage', error.message, error.details));
    return EXIT.usage;
  }
  if (verb === 'wrap' && report.written && /[\\/]_npx[\\/]/.test(cliScript))
    out.warning(
      `this mcp-inspect runs from npx's cache (${cliScript}), which npm may clear: the host would then fail to start the wrapped servers; install it (npm install -g) and wrap again`,
    );
  if (json) out.document(jsonReport(report, launcher));
  else say(verb, report, launcher, out, request.dryRun);
  return EXIT.ok;
}

function proxyLine(launcher: ProxyLauncher, url: string, port: number): string {
  return shellLine(maskWords(proxyCommandWords(launcher, url, port)));
}

function jsonReport(report: FileReport, launcher: ProxyLauncher): unknown {
  return {
    ...report,
    changed: report.changed.map((entry) => ({
      ...entry,
      ...(entry.url === undefined ? {} : { url: maskUrl(entry.url) }),
      ...(entry.url === undefined || entry.port === undefined
        ? {}
        : { proxyCommand: maskWords(proxyCommandWords(launcher, entry.url, entry.port)) }),
    })),
  };
}

function say(
  verb: ConfigVerb,
  report: FileReport,
  launcher: ProxyLauncher,
  out: VerbOutput,
  dryRun: boolean,
): void {
  const lines: string[] = [];
  if (dryRun && report.diff !== '') lines.push(report.diff.trimEnd(), '');
  const host = report.host === undefined ? 'the host' : HOST_NAMES[report.host];
  const done = dryRun ? `would ${verb}` : verb === 'wrap' ? 'wrapped' : 'unwrapped';
  let secretUrl = false;
  for (const entry of report.changed) {
    if (entry.kind === 'stdio') {
      lines.push(`${done} "${entry.id}" (stdio)`);
      continue;
    }
    const url = maskUrl(entry.url ?? '');
    secretUrl ||= url !== entry.url;
    if (verb === 'wrap') {
      lines.push(
        `${done} "${entry.id}" (URL ${url}): ${host} is to connect to ${entry.localUrl}; start its proxy with:`,
      );
      lines.push(`  ${proxyLine(launcher, entry.url ?? '', entry.port ?? 0)}`);
    } else {
      lines.push(`${done} "${entry.id}" (back to ${url}): its proxy on port ${entry.port} can be stopped`);
    }
  }
  for (const skipped of report.skipped) lines.push(`left "${skipped.id}": ${skipped.why}`);
  if (report.changed.length === 0 && report.skipped.length === 0)
    lines.push(`nothing to ${verb} in ${report.config}`);
  out.lines(lines);
  if (secretUrl)
    out.notice(
      `a URL holds a secret, masked here; the proxy command's full URL is in the wrap record ${report.record} (0600)`,
    );
  if (dryRun) {
    out.notice(`dry run: ${report.config} is unchanged`);
    return;
  }
  if (!report.written) return;
  if (verb === 'wrap')
    out.notice(
      `${report.config} written; the file as it was is kept in ${report.record} (mcp-inspect unwrap puts it back)`,
    );
  else if (report.restored) out.notice(`${report.config} is back as it was before the wrap, byte for byte`);
  else if (report.changedSinceWrap)
    out.notice(
      `${report.config} changed since the wrap (by ${host} or by hand): only the wrapped entries were put back, and those changes are kept`,
    );
  else if (report.noRecord)
    out.notice(`no wrap record for ${report.config}: the entries were put back from their own args`);
  out.notice(`restart ${host} (or reload its MCP servers) for this to take effect`);
}
