import { spawn } from 'node:child_process';
import { closeSync, mkdtempSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { combinedHostFindings } from '../../shared/lint/rules/host.js';
import { hostProfile } from '../../shared/lint/hosts/profiles.js';
import type { LintReport } from '../../shared/lint/index.js';
import { EXIT, VerbFailure } from '../session/exitCodes.js';
import { openPrivateFile } from '../files/privateFile.js';
import { lintLines, summaryLine } from './lint/lintText.js';
import { VerbOutput } from './verbOutput.js';
import { readWorkspaceFile, workspacePath } from '../workspace/workspaceFile.js';

/** What one server's run gave: its exit code, its stdout and stderr as they came. */
interface ServerRun {
  server: string;
  exitCode: number;
  stdout: string;
  stderr: string;
  /** `test --reporter junit=…`: the suite it wrote. */
  junit?: string;
}

/** Our own options, read off the command line; the rest goes to each server's run as it is. */
interface AllOptions {
  verb: 'lint' | 'test';
  workspace?: string;
  json: boolean;
  quiet: boolean;
  format: 'text' | 'json' | 'sarif';
  host?: string;
  junit?: string;
  /** The command line each server's run gets, before its `--server NAME`. */
  rest: string[];
}

/** Takes the value of `--name V` or `--name=V` out of `args`. */
function take(args: string[], name: string): string | undefined {
  for (let at = 0; at < args.length; at += 1) {
    const arg = args[at] ?? '';
    if (arg === name) {
      const value = args[at + 1];
      args.splice(at, 2);
      return value;
    }
    if (arg.startsWith(`${name}=`)) {
      args.splice(at, 1);
      return arg.slice(name.length + 1);
    }
  }
  return undefined;
}

function readOptions(argv: readonly string[]): AllOptions {
  const verb = argv[0] as 'lint' | 'test';
  const usage = (message: string): never => {
    throw new VerbFailure(EXIT.usage, 'usage', message, [`run mcp-inspect ${verb} --help for its usage`]);
  };
  if (argv.includes('--')) usage(`--all runs the workspace's servers: it takes no server command after --`);
  const rest = argv.slice(1).filter((arg) => arg !== '--all');
  for (const option of ['--url', '--config', '--server'])
    if (rest.some((arg) => arg === option || arg.startsWith(`${option}=`)))
      usage(`--all runs every server of the workspace: it takes no ${option}`);
  const workspace = take(rest, '--workspace');
  const format = (take(rest, '--format') ?? 'text') as AllOptions['format'];
  const json = rest.includes('--json') || format === 'json';
  const reporters: string[] = [];
  for (let value = take(rest, '--reporter'); value !== undefined; value = take(rest, '--reporter'))
    reporters.push(value);
  // --host stays on each server's command line too: its own findings, and its tools' names for ours.
  const host = take([...rest], '--host');
  const junit = reporters.find((value) => value.startsWith('junit='))?.slice('junit='.length);
  if (reporters.some((value) => !value.startsWith('junit=')))
    usage('with --all, the one report is --reporter junit=FILE (one suite per server)');
  return {
    verb,
    ...(workspace === undefined ? {} : { workspace }),
    json,
    quiet: rest.includes('-q') || rest.includes('--quiet'),
    format: json && format === 'text' ? 'json' : format,
    ...(host === undefined ? {} : { host }),
    ...(junit === undefined ? {} : { junit }),
    rest: [
      ...rest.filter((arg) => arg !== '--json'),
      ...(workspace === undefined ? [] : ['--workspace', workspace]),
    ],
  };
}

/**
 * `lint --all` and `test --all`: the verb over every server of the workspace, one after the other,
 * each in a run of its own (a child process of this CLI: its server, its process group, its exit
 * code), so a server that fails to start is said in its own place and the others still run. One
 * report: the text grouped per server; `--json` one document with a part per server; SARIF one run
 * per server; JUnit one suite per server. The exit code is the highest of the servers'.
 */
export async function runAllServers(argv: readonly string[], cliScript: string): Promise<number> {
  const out = new VerbOutput({
    json: argv.includes('--json') || /--format[= ](json|sarif)/.test(argv.join(' ')),
    quiet: false,
    serverStderr: false,
  });
  let options: AllOptions;
  try {
    options = readOptions(argv);
  } catch (error) {
    if (!(error instanceof VerbFailure)) throw error;
    out.failure(error);
    return error.exitCode;
  }
  const state = readWorkspaceFile(workspacePath(options.workspace));
  const refuse = (message: string): number => {
    out.failure(new VerbFailure(EXIT.usage, 'usage', message));
    return EXIT.usage;
  };
  if ('error' in state) return refuse(state.error);
  if (!state.exists)
    return refuse(`--all: no workspace file ${state.path} (mcp-inspect workspace import or add makes one)`);
  const servers = state.workspace.servers;
  if (servers.length === 0) return refuse(`--all: ${state.path} has no server`);
  const folder = mkdtempSync(join(tmpdir(), 'mcp-inspect-all-'));
  const runs: ServerRun[] = [];
  const stop = forwardSignals();
  try {
    for (const [at, server] of servers.entries()) {
      if (stop.interrupted) break;
      if (!options.quiet)
        process.stderr.write(`[${at + 1}/${servers.length}] ${options.verb} ${server.name}…\n`);
      const junitFile = options.junit === undefined ? undefined : join(folder, `${at}.xml`);
      const args = [
        cliScript,
        options.verb,
        ...options.rest,
        ...childFormat(options),
        ...(junitFile ? ['--reporter', `junit=${junitFile}`] : []),
        '--server',
        server.name,
      ];
      const run = await runChild(args, stop);
      runs.push({
        server: server.name,
        ...run,
        ...(junitFile ? { junit: readIfThere(junitFile) } : {}),
      });
    }
  } finally {
    stop.restore();
  }
  try {
    report(options, runs, out);
    if (options.junit !== undefined) writeJunit(options.junit, runs);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
  if (stop.interrupted) return EXIT.interrupted;
  return Math.max(...runs.map((run) => run.exitCode));
}

/** How each server's lint reports to us: JSON to read (and render), or SARIF to merge. */
function childFormat(options: AllOptions): string[] {
  if (options.verb === 'test') return options.json ? ['--json'] : [];
  return ['--format', options.format === 'sarif' ? 'sarif' : 'json'];
}

function readIfThere(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}

interface Stopper {
  interrupted: boolean;
  child?: ReturnType<typeof spawn>;
  restore(): void;
}

/** Ctrl-C and SIGTERM stop the server's run under way (it stops its server) and no other starts. */
function forwardSignals(): Stopper {
  const stopper: Stopper = {
    interrupted: false,
    restore: () => {
      for (const signal of SIGNALS) process.off(signal, onSignal);
    },
  };
  const onSignal = (signal: NodeJS.Signals): void => {
    stopper.interrupted = true;
    stopper.child?.kill(signal);
  };
  for (const signal of SIGNALS) process.on(signal, onSignal);
  return stopper;
}

const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

function runChild(args: string[], stopper: Stopper): Promise<Omit<ServerRun, 'server' | 'junit'>> {
  return new Promise((resolve) => {
    // A process group of its own: a Ctrl-C at the terminal reaches this process alone, which
    // passes it on once (a run that got it twice would stop its server at once, not gracefully).
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    stopper.child = child;
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', (error) =>
      resolve({ exitCode: EXIT.connect, stdout, stderr: `${stderr}${error.message}\n` }),
    );
    child.on('close', (code, signal) =>
      resolve({ exitCode: code ?? (signal ? EXIT.interrupted : EXIT.connect), stdout, stderr }),
    );
  });
}

/** The failure a run said on stderr: its `{"error":…}` line with --json, else its last lines. */
function failureOf(run: ServerRun): { kind: string; message: string; details?: string[] } {
  for (const line of run.stderr.trim().split('\n').reverse()) {
    try {
      const parsed = JSON.parse(line) as { error?: { kind: string; message: string; details?: string[] } };
      if (parsed.error) return parsed.error;
    } catch {
      // Not the JSON failure line.
    }
  }
  const lines = run.stderr
    .trim()
    .split('\n')
    .filter((line) => line !== '');
  return {
    kind: 'failed',
    message: lines.slice(-1)[0] ?? `exit ${run.exitCode}`,
    details: lines.slice(-6, -1),
  };
}

interface LintDocument {
  findings: LintReport['findings'];
  summary: LintReport['summary'];
  meta?: { tools?: string[]; server?: { name: string; version: string } | null };
}

function parseLint(run: ServerRun): LintDocument | undefined {
  try {
    const parsed = JSON.parse(run.stdout) as LintDocument;
    return Array.isArray(parsed.findings) ? parsed : undefined;
  } catch {
    return undefined;
  }
}

function report(options: AllOptions, runs: ServerRun[], out: VerbOutput): void {
  if (options.verb === 'test') return testReport(options, runs, out);
  if (options.format === 'sarif') return sarifReport(runs, out);
  const documents = runs.map((run) => ({ run, lint: parseLint(run) }));
  const profile = options.host === undefined ? undefined : hostProfile(options.host);
  const combined = profile
    ? combinedHostFindings(
        profile,
        documents.flatMap(({ run, lint }) =>
          lint?.meta?.tools ? [{ server: run.server, tools: lint.meta.tools }] : [],
        ),
      )
    : [];
  if (options.json) {
    out.document({
      servers: documents.map(({ run, lint }) =>
        lint
          ? {
              server: run.server,
              exitCode: run.exitCode,
              findings: lint.findings,
              summary: lint.summary,
              meta: lint.meta,
            }
          : { server: run.server, exitCode: run.exitCode, error: failureOf(run) },
      ),
      ...(profile ? { combined: { host: profile.id, findings: combined } } : {}),
      exitCode: Math.max(...runs.map((run) => run.exitCode)),
    });
    return;
  }
  const lines: string[] = [];
  for (const { run, lint } of documents) {
    lines.push(`── ${run.server}`);
    if (!lint) {
      const failure = failureOf(run);
      lines.push(
        `  did not run (exit ${run.exitCode}): ${failure.message}`,
        ...(failure.details ?? []).map((line) => `    ${line}`),
      );
    } else {
      const name = lint.meta?.server ? `${lint.meta.server.name} ${lint.meta.server.version}` : run.server;
      lines.push(
        ...indent(
          lint.findings.length === 0 ? [`${name}: no findings`] : lintLines(lint as LintReport, name),
        ),
      );
    }
    lines.push('');
  }
  if (profile) {
    lines.push(`── the servers together, as ${profile.title} sees them`);
    if (combined.length === 0) lines.push('  no findings');
    for (const finding of combined)
      lines.push(`  ${finding.ruleId}: ${finding.message}`, `    ${finding.why ?? ''}`);
    lines.push('');
  }
  const failed = runs.filter((run) => !parseLint(run)).length;
  lines.push(
    `${runs.length} server${runs.length === 1 ? '' : 's'}: ${documents
      .map(
        ({ run, lint }) =>
          `${run.server} ${lint ? summaryLine(lint as LintReport) : `did not run (exit ${run.exitCode})`}`,
      )
      .join('; ')}${failed > 0 ? `; ${failed} did not run` : ''}`,
  );
  out.lines(lines);
}

function sarifReport(runs: ServerRun[], out: VerbOutput): void {
  const logs = runs.map((run) => {
    try {
      return JSON.parse(run.stdout) as Record<string, unknown> & { runs?: Record<string, unknown>[] };
    } catch {
      return undefined;
    }
  });
  const head = logs.find((log) => log !== undefined);
  const tool = head?.runs?.[0]?.tool ?? {
    driver: { name: 'mcp-inspect', informationUri: 'https://modelcontextprotocol.io' },
  };
  const sarifRuns = runs.flatMap((run, at) => {
    const automationDetails = { id: `mcp-inspect/${run.server}/` };
    const log = logs[at];
    if (log) return (log.runs ?? []).map((one) => ({ ...one, automationDetails }));
    // A server that did not run is a run with no results, its invocation failed and saying why.
    const failure = failureOf(run);
    out.warning(`${run.server} did not run (exit ${run.exitCode}): ${failure.message}`);
    return [
      {
        tool,
        automationDetails,
        invocations: [
          {
            executionSuccessful: false,
            exitCode: run.exitCode,
            toolExecutionNotifications: [{ level: 'error', message: { text: failure.message } }],
          },
        ],
        results: [],
      },
    ];
  });
  out.document({ ...(head ?? { version: '2.1.0' }), runs: sarifRuns });
}

function testReport(options: AllOptions, runs: ServerRun[], out: VerbOutput): void {
  if (options.json) {
    out.document({
      servers: runs.map((run) => {
        try {
          return { server: run.server, exitCode: run.exitCode, report: JSON.parse(run.stdout) as unknown };
        } catch {
          return { server: run.server, exitCode: run.exitCode, error: failureOf(run) };
        }
      }),
      exitCode: Math.max(...runs.map((run) => run.exitCode)),
    });
    return;
  }
  const lines: string[] = [];
  for (const run of runs) {
    lines.push(`── ${run.server}`);
    const said = run.stdout.trimEnd();
    if (said !== '') lines.push(...indent(said.split('\n')));
    if (run.exitCode !== EXIT.ok && run.exitCode !== EXIT.expectationFailed) {
      const failure = failureOf(run);
      lines.push(
        `  did not run (exit ${run.exitCode}): ${failure.message}`,
        ...(failure.details ?? []).map((line) => `    ${line}`),
      );
    }
    lines.push('');
  }
  lines.push(
    `${runs.length} server${runs.length === 1 ? '' : 's'}: ${runs.map((run) => `${run.server} ${run.exitCode === 0 ? 'passed' : run.exitCode === EXIT.expectationFailed ? 'failed' : `did not run (exit ${run.exitCode})`}`).join('; ')}`,
  );
  out.lines(lines);
}

/** One JUnit file, one suite per server: its own suite, or one that says why it did not run. */
function writeJunit(path: string, runs: ServerRun[]): void {
  const suites = runs.map((run) => {
    const own = /<testsuite [\s\S]*?<\/testsuite>/.exec(run.junit ?? '')?.[0];
    if (own)
      return `  ${own.replace(/^<testsuite name="([^"]*)"/, (_, name: string) => `<testsuite name="${escape(run.server)}: ${name}"`)}`;
    const failure = failureOf(run);
    return (
      `  <testsuite name="${escape(run.server)}" tests="1" failures="0" errors="1" skipped="0" time="0">\n` +
      `    <testcase name="${escape(run.server)} starts" classname="${escape(run.server)}" time="0">\n` +
      `      <error message="${escape(failure.message)}" type="${escape(failure.kind)}">${escape([failure.message, ...(failure.details ?? [])].join('\n'))}</error>\n` +
      `    </testcase>\n  </testsuite>`
    );
  });
  const count = (attribute: string) =>
    suites.reduce(
      (sum, suite) => sum + Number(new RegExp(`<testsuite [^>]*${attribute}="(\\d+)"`).exec(suite)?.[1] ?? 0),
      0,
    );
  const text =
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<testsuites name="mcp-inspect workspace" tests="${count('tests')}" failures="${count('failures')}" errors="${count('errors')}">\n` +
    `${suites.join('\n')}\n</testsuites>\n`;
  const fd = openPrivateFile(path);
  try {
    writeSync(fd, text);
  } finally {
    closeSync(fd);
  }
}

/** A server's lines under its heading; an empty line stays empty. */
function indent(lines: string[]): string[] {
  return lines.map((line) => (line.trim() === '' ? '' : `  ${line}`));
}

function escape(text: string): string {
  return (
    text
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
      // XML 1.0 has no place for most control characters, even escaped.
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '')
  );
}
