import { resolve } from 'node:path';
import { Command, InvalidArgumentError } from 'commander';
import { DEFAULT_COLLECTION_FILE } from '../../shared/collections/format.js';
import type { OAuthSettings } from '../oauth/flowTypes.js';
import type { TargetSpec } from '../targets/targetSpec.js';
import { addTargetOptions, targetFromOptions, type TargetOptions } from '../session/targetOptions.js';
import { EXIT_CODE_HELP } from '../session/exitCodes.js';
import { VERB_HELP } from '../verbs/verbNames.js';

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
}

interface RawOptions extends TargetOptions {
  port: number;
  open: boolean;
  dangerouslyListenOn?: string;
  collection?: string;
}

const EXAMPLES = `
Examples:
  mcp-inspect                                   inspect the bundled demo server
  mcp-inspect node build/index.js               a stdio server
  mcp-inspect -e API_KEY=secret -- npx -y @modelcontextprotocol/server-everything stdio
  mcp-inspect --url http://127.0.0.1:3001/mcp   Streamable HTTP, falling back to SSE
  mcp-inspect --url http://127.0.0.1:3001/sse --transport sse --header "Authorization: Bearer abc"
  mcp-inspect --config ~/.cursor/mcp.json --server github
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

  const { target, oauth } = targetFromOptions(options, command, args, demoServerPath, fail);

  return {
    target,
    port: options.port,
    open: options.open,
    host: options.dangerouslyListenOn ?? '127.0.0.1',
    ...(oauth ? { oauth } : {}),
    collectionFile: resolve(options.collection ?? DEFAULT_COLLECTION_FILE),
  };
}

function parsePort(value: string): number {
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new InvalidArgumentError('a port is a whole number from 0 to 65535');
  }
  return port;
}
