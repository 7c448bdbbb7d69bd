import { readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { Command, InvalidArgumentError, Option } from 'commander';
import { parseJsonText } from '../shared/jsonText.js';
import { parseServerConfig } from '../shared/serverEntry.js';
import type { EraChoice } from '../shared/wire.js';
import { maskUrl } from '../shared/urlSecrets.js';
import {
  DEFAULT_CONNECT_TIMEOUT_SECONDS,
  DEFAULT_REQUEST_TIMEOUT_SECONDS,
  timeoutProblem,
  type UrlTimeouts,
} from '../shared/urlTimeouts.js';
import type { OAuthSettings } from './oauth/flowTypes.js';
import { targetFromRequest, type TargetSpec } from './targetSpec.js';
import type { UrlTransportChoice } from './targets/httpTarget.js';

export const DEFAULT_PORT = 6464;

export interface CliConfig {
  target: TargetSpec;
  port: number;
  open: boolean;
  /** Address to listen on; loopback unless --dangerously-listen-on was given. */
  host: string;
  /** OAuth for a URL target, when the person gave any (--client-id, --scope, a config `oauth` block…). */
  oauth?: OAuthSettings;
}

interface RawOptions {
  url?: string;
  transport?: 'streamable-http' | 'sse';
  header: string[];
  env: string[];
  cwd?: string;
  port: number;
  open: boolean;
  dangerouslyListenOn?: string;
  config?: string;
  server?: string;
  era?: EraChoice;
  clientId?: string;
  clientSecret?: string;
  scope?: string;
  oauthStore?: string;
  connectTimeout?: number;
  requestTimeout?: number;
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
127.0.0.1 only; it can spawn processes, so treat its link like a password.`;

/**
 * Parses the command line. Options come before the server's command; everything from the
 * command on (or after `--`) belongs to the server, so `mcp-inspect node srv.js --port 1`
 * passes `--port 1` to the server.
 */
export function parseCli(argv: string[], version: string, demoServerPath: string): CliConfig {
  const program = new Command('mcp-inspect')
    .usage('[options] [--] [command] [args...]')
    .description('A visual inspector for Model Context Protocol servers.')
    .argument('[command]', 'the MCP server to run over stdio (default: the bundled demo server)')
    .argument('[args...]', "the server's arguments")
    .option('--url <url>', 'connect to a server over HTTP instead of running a command')
    .addOption(
      new Option(
        '--transport <kind>',
        'HTTP transport for --url (default: try streamable-http, then sse)',
      ).choices(['streamable-http', 'sse']),
    )
    .addOption(
      new Option(
        '--era <era>',
        'MCP protocol era: auto (server/discover, else initialize), modern (2026-07-28+), legacy (initialize)',
      ).choices(['auto', 'modern', 'legacy']),
    )
    .option('--header <"Name: value">', 'an HTTP header for --url (repeatable)', collect, [])
    .option(
      '--connect-timeout <seconds>',
      `for --url: how long the start may take before the server is reported as hung (default ${DEFAULT_CONNECT_TIMEOUT_SECONDS})`,
      parseTimeout('connect'),
    )
    .option(
      '--request-timeout <seconds>',
      `for --url: how long a request may wait for its answer to begin, 0 for no limit (default ${DEFAULT_REQUEST_TIMEOUT_SECONDS})`,
      parseTimeout('request'),
    )
    .option('-e, --env <KEY=VALUE>', 'an environment variable for the stdio server (repeatable)', collect, [])
    .option('--cwd <dir>', 'working directory for the stdio server')
    .option('--client-id <id>', 'OAuth: a client id registered in advance with the authorization server')
    .option('--client-secret <secret>', 'OAuth: the secret of that client, for a confidential one')
    .option('--scope <scopes>', 'OAuth: scopes to ask for, space-separated, on top of what the server asks')
    .option('--oauth-store <file>', 'OAuth: keep tokens across runs in this file (readable by you only)')
    .option('--config <file>', 'read the server from an MCP config file ("mcpServers" or "servers")')
    .option('--server <name>', 'which server of --config (needed when it has several)')
    .option('--port <n>', `port for the page (if taken, a free one is used)`, parsePort, DEFAULT_PORT)
    .option('--no-open', 'do not open a browser; just print the link')
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

  let target: TargetSpec;
  let fromFile: OAuthSettings | undefined;
  if (options.server !== undefined && options.config === undefined) fail('--server goes with --config');
  if (options.config !== undefined) {
    if (command !== undefined || options.url !== undefined) fail('give one of a command, --url or --config');
    ({ target, oauth: fromFile } = targetFromConfigFile(options.config, options.server, fail));
    if (target.kind === 'stdio') {
      Object.assign(target.env, parsePairs(options.env, '=', 'a variable as KEY=VALUE', fail));
      if (options.cwd !== undefined) target.cwd = options.cwd;
      if (options.header.length > 0)
        fail(`--header is for URL servers; "${options.server ?? 'this'}" is a command`);
      if (timeoutsOf(options))
        fail(
          `--connect-timeout and --request-timeout are for URL servers; "${options.server ?? 'this'}" is a command`,
        );
    } else {
      Object.assign(target.headers, parsePairs(options.header, ':', 'a header as "Name: value"', fail));
      if (options.transport !== undefined) target.transport = options.transport;
      const timeouts = timeoutsOf(options);
      if (timeouts) target.timeouts = { ...target.timeouts, ...timeouts };
      if (options.env.length > 0) fail('-e/--env is for stdio servers; this one is a URL');
    }
  } else if (options.url !== undefined) {
    if (command !== undefined) fail('give either a command or --url, not both');
    if (options.env.length > 0) fail('-e/--env is for stdio servers; HTTP servers take --header');
    if (options.cwd !== undefined) fail('--cwd is for stdio servers');
    checkHttpUrl(options.url, '--url', fail);
    const timeouts = timeoutsOf(options);
    target = {
      kind: 'url',
      url: options.url,
      transport: (options.transport ?? 'auto') as UrlTransportChoice,
      headers: parsePairs(options.header, ':', 'a header as "Name: value"', fail),
      era: 'auto',
      ...(timeouts ? { timeouts } : {}),
    };
  } else {
    if (options.transport !== undefined) fail('--transport goes with --url');
    if (options.header.length > 0) fail('--header goes with --url');
    if (timeoutsOf(options)) fail('--connect-timeout and --request-timeout go with --url');
    const env = parsePairs(options.env, '=', 'a variable as KEY=VALUE', fail);
    target =
      command === undefined
        ? { kind: 'stdio', command: process.execPath, args: [demoServerPath], env, demo: true, era: 'auto' }
        : { kind: 'stdio', command, args, env, demo: false, era: 'auto' };
    if (options.cwd !== undefined) target.cwd = options.cwd;
  }

  // --era overrides a config entry's own "era"; either overrides auto.
  if (options.era !== undefined) target.era = options.era;
  const oauth = oauthSettings(options, fromFile, target, fail);

  return {
    target,
    port: options.port,
    open: options.open,
    host: options.dangerouslyListenOn ?? '127.0.0.1',
    ...(oauth ? { oauth } : {}),
  };
}

/** The command line's OAuth options over the config entry's `oauth` block. */
function oauthSettings(
  options: RawOptions,
  fromFile: OAuthSettings | undefined,
  target: TargetSpec,
  fail: (message: string) => never,
): OAuthSettings | undefined {
  const given: OAuthSettings = {
    ...fromFile,
    ...(options.clientId === undefined ? {} : { clientId: options.clientId }),
    ...(options.clientSecret === undefined ? {} : { clientSecret: options.clientSecret }),
    ...(options.scope === undefined ? {} : { scope: options.scope }),
    ...(options.oauthStore === undefined ? {} : { storeFile: options.oauthStore }),
  };
  if (Object.keys(given).length === 0) return undefined;
  if (target.kind !== 'url')
    fail('--client-id, --client-secret, --scope and --oauth-store are for servers reached by URL');
  if (given.clientSecret !== undefined && given.clientId === undefined)
    fail('--client-secret goes with --client-id');
  return given;
}

/** The transports speak HTTP: another scheme would only fail later, as "fetch failed". */
function checkHttpUrl(url: string, what: string, fail: (message: string) => never): void {
  let protocol: string | undefined;
  try {
    protocol = new URL(url).protocol;
  } catch {
    fail(`${what}: not a URL: ${maskUrl(url)}`);
  }
  if (protocol !== 'http:' && protocol !== 'https:') {
    fail(`${what} takes an http:// or https:// URL, not ${maskUrl(url)}`);
  }
}

/** The timeouts given on the command line, if any. */
function timeoutsOf(options: RawOptions): UrlTimeouts | undefined {
  const timeouts: UrlTimeouts = {
    ...(options.connectTimeout === undefined ? {} : { connect: options.connectTimeout }),
    ...(options.requestTimeout === undefined ? {} : { request: options.requestTimeout }),
  };
  return Object.keys(timeouts).length > 0 ? timeouts : undefined;
}

function parseTimeout(which: keyof UrlTimeouts): (value: string) => number {
  return (value) => {
    const seconds = value.trim() === '' ? Number.NaN : Number(value);
    const problem = timeoutProblem(which, seconds);
    if (problem !== undefined) throw new InvalidArgumentError(problem);
    return seconds;
  };
}

function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}

function parsePort(value: string): number {
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new InvalidArgumentError('a port is a whole number from 0 to 65535');
  }
  return port;
}

function parsePairs(
  items: string[],
  separator: string,
  expected: string,
  fail: (message: string) => never,
): Record<string, string> {
  const pairs: Record<string, string> = {};
  for (const item of items) {
    const at = item.indexOf(separator);
    const key = at > 0 ? item.slice(0, at).trim() : '';
    if (key === '' || /\s/.test(key)) fail(`expected ${expected}, got "${item}"`);
    pairs[key] = item.slice(at + 1).trim();
  }
  return pairs;
}

function targetFromConfigFile(
  path: string,
  name: string | undefined,
  fail: (message: string) => never,
): { target: TargetSpec; oauth?: OAuthSettings } {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return fail(
      code === 'ENOENT' ? `no such config file: ${path}` : `cannot read ${path}: ${(error as Error).message}`,
    );
  }
  // Editors' config files may hold comments; a mistake is told by line and column.
  const read = parseJsonText(text);
  if ('error' in read) return fail(`${path} is not valid JSON: ${read.error}`);
  const parsed = parseServerConfig(read.value, name);
  if ('error' in parsed) return fail(`${path}: ${parsed.error}`);
  // A file holds values, never `null`s: nothing to keep from a current target.
  const target = targetFromRequest(parsed.target, {
    kind: 'url',
    url: '',
    transport: 'auto',
    headers: {},
    era: 'auto',
  });
  if ('error' in target) return fail(`${path}: ${target.error}`);
  if (target.kind === 'url') checkHttpUrl(target.url, `"${parsed.name}" in ${path}`, fail);
  if (!parsed.oauth) return { target };
  const { tokenStore, ...rest } = parsed.oauth;
  // A path in a config file is often written from the home folder.
  const storeFile = tokenStore?.replace(/^~(?=\/)/, homedir());
  return { target, oauth: { ...rest, ...(storeFile === undefined ? {} : { storeFile }) } };
}
