import { resolve } from 'node:path';
import { Command, InvalidArgumentError } from 'commander';
import { DEFAULT_COLLECTION_FILE } from '../../shared/collections/format.js';
import type { OAuthSettings } from '../oauth/flowTypes.js';
import type { TargetSpec } from '../targets/targetSpec.js';
import { addTargetOptions, targetFromOptions, type TargetOptions } from '../session/targetOptions.js';
import { EXIT_CODE_HELP } from '../session/exitCodes.js';
import { VERB_HELP } from '../verbs/verbNames.js';
import { WORKSPACE_FILE } from '../../shared/workspace/format.js';
import { pageServers, type PageServer, type PageServers } from '../workspace/pageServers.js';

export const DEFAULT_PORT = 6464;

export interface CliConfig {
  target: TargetSpec;
  port: number;
  open: boolean;
  /** Address to listen on; loopback unless --dangerously-listen-on was given. */
  host: string;
  /** OAuth for a URL target, when the person gave any (--client-id, --scope, a config `oauth` block…). */
  oauth?: OAuthSettings;
  /** The collection file the page saves calls to (`--collection`), absolute. */
  collectionFile: string;
  /** `--all`: every server of the workspace file, each on its own in one page (target is unused). */
  workspace?: { file: string; revision: string; servers: PageServer[]; reread: () => PageServers };
}

interface RawOptions extends TargetOptions {
  port: number;
  open: boolean;
  dangerouslyListenOn?: string;
  collection?: string;
  all?: boolean;
  workspace?: string;
  trustFile?: boolean;
  allowEnv: string[];
}

const EXAMPLES = `
Examples:
  mcp-inspect                                   inspect the bundled demo server
  mcp-inspect node build/index.js               a stdio server
  mcp-inspect -e API_KEY=secret -- npx -y @modelcontextprotocol/server-everything stdio
  mcp-inspect --url http://127.0.0.1:3001/mcp   Streamable HTTP, falling back to SSE
  mcp-inspect http://127.0.0.1:3001/mcp         the same: a URL in the command's place means --url
  mcp-inspect --url http://127.0.0.1:3001/sse --transport sse --header "Authorization: Bearer abc"
  mcp-inspect --config ~/.cursor/mcp.json --server github
  mcp-inspect --all --trust-file                every server of mcp-inspect.workspace.json at once
  mcp-inspect --era legacy node build/index.js   skip server/discover, send initialize
  mcp-inspect --url https://example.com/mcp --client-id my-app --scope "mcp:read"   sign in with OAuth

The page's address, with its one-time token, is printed on start. The bridge listens on
127.0.0.1 only; it can spawn processes, so treat its link like a password.

${VERB_HELP}

${EXIT_CODE_HELP}`;

/**
 * Parses the command line. Options come before the server's command; everything from the
 * command on (or after `--`) belongs to the server, so `mcp-inspect node srv.js --port 1`
 * passes `--port 1` to the server.
 */
export function parseCli(argv: string[], version: string, demoServerPath: string): CliConfig {
  const program = addTargetOptions(
    new Command('mcp-inspect')
      .usage('[options] [--] [command] [args...]')
      .description('A visual inspector for Model Context Protocol servers.')
      .argument('[command]', 'the MCP server to run over stdio (default: the bundled demo server)')
      .argument('[args...]', "the server's arguments"),
  )
    .option('--port <n>', `port for the page (if taken, a free one is used)`, parsePort, DEFAULT_PORT)
    .option('--no-open', 'do not open a browser; just print the link')
    .option(
      '--collection <file>',
      `the collection file calls are saved to from the page (default ${DEFAULT_COLLECTION_FILE} here)`,
    )
    .option('--all', 'every server of the workspace file at once, switched between in one page')
    .option('--workspace <file>', `the workspace file --all reads (default ${WORKSPACE_FILE} in this folder)`)
    .option('--trust-file', "with --all: fill the workspace's ${env:NAME} references from your environment")
    .option(
      '--allow-env <NAME>',
      'with --all: give the workspace this one variable (repeatable)',
      collectNames,
      [],
    )
    .option(
      '--dangerously-listen-on <address>',
      'listen on a non-loopback address: anyone who can reach it and learns the token can run commands as you',
    )
    .version(version, '-v, --version')
    .helpOption('-h, --help')
    .passThroughOptions()
    .showHelpAfterError('(run mcp-inspect --help for usage)')
    .addHelpText('after', EXAMPLES);

  program.parse(argv);
  const options = program.opts<RawOptions>();
  const [command, args = []] = program.processedArgs as [string | undefined, string[] | undefined];
  const fail = (message: string): never => program.error(`error: ${message}`);

  if (options.all) {
    if (command !== undefined || options.url !== undefined || options.config !== undefined)
      fail('--all inspects the servers of the workspace file; give no server of your own');
    const trust = { trustFile: options.trustFile === true, allowEnv: options.allowEnv };
    const found = pageServers(options.workspace, trust, process.env, demoServerPath);
    if ('error' in found) return fail(found.error);
    // The page of several servers has no one target: the demo's stands in the type, never started.
    const unused = targetFromOptions(options, undefined, [], demoServerPath, fail).target;
    // Read again after the page imports servers into the file. An imported entry names its own
    // variables (from a host's config picked in the page, not the file trusted here): it is given
    // only those named with --allow-env, whatever --trust-file said of the workspace file.
    const imported = { trustFile: false, allowEnv: options.allowEnv };
    const reread = (): PageServers => pageServers(found.file, imported, process.env, demoServerPath);
    return { ...listening(options), target: unused, workspace: { ...found, reread } };
  }
  const { target, oauth } = targetFromOptions(options, command, args, demoServerPath, fail);

  return { ...listening(options), target, ...(oauth ? { oauth } : {}) };
}

/** Where the page listens and saves, whatever it inspects. */
function listening(options: RawOptions): Omit<CliConfig, 'target'> {
  return {
    port: options.port,
    open: options.open,
    host: options.dangerouslyListenOn ?? '127.0.0.1',
    collectionFile: resolve(options.collection ?? DEFAULT_COLLECTION_FILE),
  };
}

function collectNames(value: string, previous: string[]): string[] {
  return [...previous, value];
}

function parsePort(value: string): number {
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new InvalidArgumentError('a port is a whole number from 0 to 65535');
  }
  return port;
}
