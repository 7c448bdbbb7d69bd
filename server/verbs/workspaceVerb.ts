import { Command, CommanderError } from 'commander';
import { maskUrl } from '../../shared/urlSecrets.js';
import {
  addServer,
  moveServer,
  removeServer,
  renameServer,
  WORKSPACE_FILE,
  type Edited,
  type Workspace,
  type WorkspaceServer,
} from '../../shared/workspace/format.js';
import { locationsHelp, SHORTHANDS } from '../hostConfigs/hostLocations.js';
import { EXIT, VerbFailure } from '../session/exitCodes.js';
import { VerbOutput } from './verbOutput.js';
import { planAdd, type AddInput } from '../workspace/addEntry.js';
import { planImport, type ImportedServer } from '../workspace/importHost.js';
import {
  readWorkspaceFile,
  workspacePath,
  writeWorkspaceFile,
  WorkspaceRefusal,
  type WorkspaceState,
} from '../workspace/workspaceFile.js';

const ACTIONS = ['list', 'import', 'add', 'remove', 'rename', 'move'] as const;
type Action = (typeof ACTIONS)[number];

interface WorkspaceOptions {
  workspace?: string;
  from?: string;
  config?: string;
  server: string[];
  dryRun?: boolean;
  replace?: boolean;
  url?: string;
  transport?: 'streamable-http' | 'sse';
  header: string[];
  env: string[];
  cwd?: string;
  era?: 'auto' | 'modern' | 'legacy';
  json?: boolean;
  quiet?: boolean;
}

const HELP = `Actions:
  list                                     the workspace's servers, in order
  import (--from HOST | --config FILE) [--server NAME…] [--dry-run]
                                           a host config's servers, each secret an \${env:NAME} reference
  add NAME [-e K=V… --cwd DIR] -- command args…   a stdio server (secret values become references)
  add NAME --url URL [--header "N: V"…]     a server reached by URL
  remove NAME | rename NAME NEW | move NAME POSITION

The file (${WORKSPACE_FILE} in this folder, or --workspace FILE) lists servers by name; the verbs take
one with --server NAME, and \`test --all\` / \`lint --all\` run over all of them. It is written whole or
not at all, never over a file that does not parse (its line and column are said), and never holds a
secret: \${env:NAME} stands for one, and is filled from the environment when a verb runs the server
(with --trust-file or --allow-env NAME, as for a collection).`;

/** The workspace verb's command line (its --help, and docs/verbs.md through server/cli/referenceDocs.ts). */
export function workspaceVerbProgram(): Command {
  return new Command('mcp-inspect workspace')
    .usage('<action> [args…] [options] [-- command args…]')
    .description('Keeps the servers you work with in a workspace file in your project.')
    .helpOption('-h, --help')
    .argument('<action>', ACTIONS.join(' | '))
    .argument('[args...]', 'the action’s names')
    .option('--workspace <file>', `the workspace file (default ${WORKSPACE_FILE} in this folder)`)
    .option('--from <host>', `import: a host's default file (${SHORTHANDS.map((s) => s.name).join(', ')})`)
    .option('--config <file>', 'import: a config file (or a host shorthand, as --from)')
    .option(
      '--server <name>',
      'import: only this server (repeatable; name@<project> for Claude Code)',
      collect,
      [],
    )
    .option('--dry-run', 'import and add: show what would be written, write nothing')
    .option('--replace', 'add: replace the server of that name')
    .option('--url <url>', 'add: a server reached by URL')
    .option('--transport <kind>', 'add: streamable-http or sse, for --url')
    .option(
      '--header <"Name: value">',
      'add: an HTTP header (repeatable); its value becomes a reference',
      collect,
      [],
    )
    .option('-e, --env <KEY=VALUE>', 'add: an environment variable (repeatable)', collect, [])
    .option('--cwd <dir>', 'add: the working directory of a stdio server')
    .option('--era <era>', 'add: auto, modern or legacy')
    .option('--json', 'print one JSON document')
    .option('-q, --quiet', 'errors only on stderr')
    .addHelpText(
      'after',
      `\n${HELP}\n\n${locationsHelp()}\n\nExamples:\n  mcp-inspect workspace import --from claude-desktop --dry-run\n  mcp-inspect workspace import --config .vscode/mcp.json\n  mcp-inspect workspace add memory -e MEMORY_FILE_PATH=/tmp/m.jsonl -- npx -y @modelcontextprotocol/server-memory\n  mcp-inspect workspace rename memory notes\n  mcp-inspect lint --all --host cursor\n\nExit codes: 0 done, 1 usage: an unknown server, a name taken, a file that does not parse (its line and column); nothing is written then.`,
    )
    .exitOverride();
}

function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}

/** `mcp-inspect workspace …`, from its command line to its exit code. */
export function runWorkspaceVerb(argv: readonly string[]): number {
  const dash = argv.indexOf('--');
  const ours = dash < 0 ? argv.slice(1) : argv.slice(1, dash);
  const command = dash < 0 ? [] : argv.slice(dash + 1);
  const out = new VerbOutput({
    json: ours.includes('--json'),
    quiet: ours.includes('-q') || ours.includes('--quiet'),
    serverStderr: false,
  });
  let said = '';
  const cli = workspaceVerbProgram().configureOutput({
    writeOut: (text) => process.stdout.write(text),
    writeErr: (text) => (said += text),
    outputError: (text) => (said += text),
  });
  try {
    cli.parse(ours, { from: 'user' });
  } catch (error) {
    if (error instanceof CommanderError && error.exitCode === 0) return EXIT.ok;
    return usage(out, error instanceof CommanderError ? said || error.message : (error as Error).message);
  }
  const [action, names = []] = cli.processedArgs as [string, string[]];
  const options = cli.opts<WorkspaceOptions>();
  if (!(ACTIONS as readonly string[]).includes(action))
    return usage(out, `unknown action "${action}": ${ACTIONS.join(', ')}`);
  const state = readWorkspaceFile(workspacePath(options.workspace));
  try {
    return run(action as Action, names, command, options, state, out);
  } catch (error) {
    if (error instanceof WorkspaceRefusal) return usage(out, error.message);
    throw error;
  }
}

function usage(out: VerbOutput, message: string): number {
  out.failure(
    new VerbFailure(EXIT.usage, 'usage', message.replace(/^error: /, '').trim(), [
      'run mcp-inspect workspace --help for its usage',
    ]),
  );
  return EXIT.usage;
}

function run(
  action: Action,
  names: string[],
  command: string[],
  options: WorkspaceOptions,
  state: WorkspaceState,
  out: VerbOutput,
): number {
  // Nothing is done with a file that does not parse: its line and column, and it stays as it is.
  if ('error' in state) return usage(out, state.error);
  const workspace = state.workspace;
  const arity = (count: number, shape: string): string | undefined =>
    names.length === count ? undefined : `workspace ${action} takes ${shape}`;
  switch (action) {
    case 'list': {
      if (out.json) out.document({ file: state.path, exists: state.exists, servers: workspace.servers });
      else if (!state.exists)
        out.lines([`no workspace file ${state.path} yet (mcp-inspect workspace import or add)`]);
      else out.lines(listLines(workspace));
      return EXIT.ok;
    }
    case 'remove': {
      const wrong = arity(1, 'the server’s name');
      return wrong
        ? usage(out, wrong)
        : save(state, removeServer(workspace, names[0] as string), out, `removed "${names[0]}"`);
    }
    case 'rename': {
      const wrong = arity(2, 'the server’s name and its new name');
      return wrong
        ? usage(out, wrong)
        : save(
            state,
            renameServer(workspace, names[0] as string, names[1] as string),
            out,
            `renamed "${names[0]}" to "${names[1]}"`,
          );
    }
    case 'move': {
      const wrong = arity(2, 'the server’s name and its position (1 is the first)');
      return wrong
        ? usage(out, wrong)
        : save(
            state,
            moveServer(workspace, names[0] as string, Number(names[1])),
            out,
            `moved "${names[0]}" to position ${names[1]}`,
          );
    }
    case 'add': {
      const wrong = arity(1, 'the new server’s name');
      if (wrong) return usage(out, wrong);
      const entry = addInputFrom(names[0] as string, command, options);
      if ('error' in entry) return usage(out, entry.error);
      const planned = planAdd(workspace, entry, options.replace === true);
      if ('error' in planned) return usage(out, planned.error);
      const { one } = planned;
      const edited: Edited = { workspace: planned.workspace };
      preview(out, [one], options.dryRun === true, state.path);
      return options.dryRun ? EXIT.ok : save(state, edited, out, `added "${one.server.name}"`);
    }
    case 'import':
      return importAction(names, options, state, workspace, out);
  }
}

function importAction(
  names: string[],
  options: WorkspaceOptions,
  state: WorkspaceState,
  workspace: Workspace,
  out: VerbOutput,
): number {
  if (names.length > 0) return usage(out, `workspace import takes no names; use --server NAME to choose`);
  const given = options.config ?? options.from;
  if (given === undefined || (options.config !== undefined && options.from !== undefined))
    return usage(out, 'workspace import takes one of --from HOST or --config FILE');
  if (options.from !== undefined && !SHORTHANDS.some((shorthand) => shorthand.name === options.from))
    return usage(out, `--from takes a host: ${SHORTHANDS.map((s) => s.name).join(', ')} (or --config FILE)`);
  const plan = planImport(
    given,
    workspace.servers.map((server) => server.name),
    options.server,
  );
  if ('error' in plan) return usage(out, plan.error);
  const { path, imported, skipped } = plan;
  for (const line of skipped) out.warning(`not imported (${line})`);
  if (imported.length === 0) return usage(out, `${path} has no server to import`);
  preview(out, imported, options.dryRun === true, state.path);
  if (options.dryRun) return EXIT.ok;
  let next: Edited = { workspace };
  for (const one of imported) if ('workspace' in next) next = addServer(next.workspace, one.server);
  return save(
    state,
    next,
    out,
    `imported ${imported.length} server${imported.length === 1 ? '' : 's'} from ${path}`,
  );
}

function save(state: WorkspaceState, edited: Edited, out: VerbOutput, done: string): number {
  if ('error' in edited) return usage(out, edited.error);
  writeWorkspaceFile(state, edited.workspace);
  if (out.json) out.document({ file: state.path, servers: edited.workspace.servers });
  else
    out.notice(
      `${done}: ${state.path} (${edited.workspace.servers.length} server${edited.workspace.servers.length === 1 ? '' : 's'})`,
    );
  return EXIT.ok;
}

/** What would be written, entry by entry, with what changed on the way (secrets made references). */
function preview(out: VerbOutput, imported: ImportedServer[], dryRun: boolean, path: string): void {
  if (out.json) {
    if (dryRun) out.document({ file: path, dryRun: true, servers: imported });
    return;
  }
  const lines = [dryRun ? `would add to ${path} (nothing written):` : `adding to ${path}:`];
  for (const one of imported) {
    lines.push(
      `  ${one.server.name}  ${serverLine(one.server)}${one.from !== one.server.name ? `  (from ${one.from})` : ''}`,
    );
    for (const note of one.notes) lines.push(`      ${note}`);
  }
  const secrets = imported.some((one) => one.notes.some((note) => note.includes('set ')));
  if (secrets) lines.push('  secrets are written as ${env:NAME} references, never their values');
  out.lines(lines);
}

function listLines(workspace: Workspace): string[] {
  if (workspace.servers.length === 0) return ['the workspace has no server yet'];
  const width = Math.max(...workspace.servers.map((server) => server.name.length));
  return workspace.servers.map(
    (server, at) => `${String(at + 1).padStart(2)}. ${server.name.padEnd(width)}  ${serverLine(server)}`,
  );
}

function serverLine(server: WorkspaceServer): string {
  if (server.url !== undefined)
    return `${maskUrl(server.url)}${server.transport ? ` (${server.transport})` : ''}`;
  const words = [server.command ?? '', ...(server.args ?? [])].map((word) =>
    /\s/.test(word) ? JSON.stringify(word) : word,
  );
  return `${words.join(' ')}${server.cwd ? ` (in ${server.cwd})` : ''}`;
}

/** `add`'s command line as the server to add (planAdd gives it import's rules for secrets). */
function addInputFrom(
  name: string,
  command: string[],
  options: WorkspaceOptions,
): AddInput | { error: string } {
  const pairs = (items: string[], separator: string): { map: Record<string, string> } | { error: string } => {
    const map: Record<string, string> = {};
    for (const item of items) {
      const at = item.indexOf(separator);
      if (at <= 0)
        return { error: `expected ${separator === '=' ? 'KEY=VALUE' : '"Name: value"'}, got "${item}"` };
      map[item.slice(0, at).trim()] = item.slice(at + 1).trim();
    }
    return { map };
  };
  const envPairs = pairs(options.env, '=');
  const headerPairs = pairs(options.header, ':');
  if ('error' in envPairs) return envPairs;
  if ('error' in headerPairs) return headerPairs;
  const env = envPairs.map;
  const headers = headerPairs.map;
  if (options.url !== undefined) {
    if (command.length > 0) return { error: 'give either --url or a command after --, not both' };
    if (options.env.length > 0 || options.cwd !== undefined)
      return { error: '-e and --cwd are for a command' };
    return {
      name,
      kind: 'url',
      url: options.url,
      ...(options.transport ? { transport: options.transport } : {}),
      headers,
      ...(options.era ? { era: options.era } : {}),
    };
  }
  const [program, ...args] = command;
  if (program === undefined) return { error: 'workspace add NAME takes a command after -- or --url URL' };
  if (options.header.length > 0) return { error: '--header is for a URL server' };
  return {
    name,
    kind: 'stdio',
    command: program,
    args,
    env,
    ...(options.cwd === undefined ? {} : { cwd: options.cwd }),
    ...(options.era ? { era: options.era } : {}),
  };
}
