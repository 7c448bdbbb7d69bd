import { createPrivateKey } from 'node:crypto';
import { homedir } from 'node:os';
import { InvalidArgumentError, Option, type Command } from 'commander';
import { parseJsonText } from '../../shared/jsonText.js';
import { parseServerConfig } from '../../shared/serverEntry.js';
import type { EraChoice } from '../../shared/wire.js';
import { maskUrl } from '../../shared/urlSecrets.js';
import {
  DEFAULT_CONNECT_TIMEOUT_SECONDS,
  DEFAULT_REQUEST_TIMEOUT_SECONDS,
  timeoutProblem,
  type UrlTimeouts,
} from '../../shared/urlTimeouts.js';
import { readBoundedText } from '../files/boundedRead.js';
import { urlInCommandPlace } from './urlInCommandPlace.js';
import { GRANT_NAMES, type GrantName, type OAuthSettings } from '../oauth/flowTypes.js';
import { targetFromRequest, type TargetSpec } from '../targets/targetSpec.js';
import type { UrlTransportChoice } from '../targets/httpTarget.js';

/**
 * The options that name a target, as commander gives them: the same for the page's command line
 * and for every headless verb (see /work/shared/cli.md, "Targets"), so a target written for one
 * carries over to the other.
 */
export interface TargetOptions {
  url?: string;
  transport?: 'streamable-http' | 'sse';
  header: string[];
  env: string[];
  cwd?: string;
  config?: string;
  server?: string;
  era?: EraChoice;
  clientId?: string;
  clientSecret?: string;
  scope?: string;
  clientMetadataUrl?: string;
  oauthStore?: string;
  clientKey?: string;
  clientKeyAlg?: string;
  assertion?: string;
  idpIssuer?: string;
  idpClientId?: string;
  idpIdToken?: string;
  idpTokenEndpoint?: string;
  grant?: GrantName;
  dpop?: boolean;
  connectTimeout?: number;
  requestTimeout?: number;
}

/** A target and the OAuth settings that go with it, once the options are read. */
export interface ChosenTarget {
  target: TargetSpec;
  /** OAuth for a URL target, when the person gave any (--client-id, --scope, a config `oauth` block…). */
  oauth?: OAuthSettings;
}

/** Adds the target options to a command, in the order its help lists them. */
export function addTargetOptions(program: Command): Command {
  return program
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
    .option(
      '--client-metadata-url <url>',
      'OAuth: the HTTPS URL of a client ID metadata document to use as the client id, where the server supports them',
    )
    .option('--oauth-store <file>', 'OAuth: keep tokens across runs in this file (readable by you only)')
    .option(
      '--client-key <file>',
      'OAuth: a PEM private key of the client, for private_key_jwt (no person signs in)',
    )
    .option(
      '--client-key-alg <alg>',
      'OAuth: the algorithm of --client-key (default: from the key, e.g. ES256, RS256)',
    )
    .option(
      '--assertion <jwt|@file>',
      'OAuth: a platform-issued JWT for the jwt-bearer grant (workload identity)',
    )
    .option('--idp-issuer <url>', "OAuth, enterprise-managed: the identity provider's issuer")
    .option('--idp-client-id <id>', 'OAuth, enterprise-managed: the client id at the identity provider')
    .option(
      '--idp-id-token <jwt|@file>',
      "OAuth, enterprise-managed: the person's ID token from the identity provider",
    )
    .option('--idp-token-endpoint <url>', "OAuth, enterprise-managed: the identity provider's token endpoint")
    .addOption(
      new Option(
        '--grant <grant>',
        "OAuth: the grant to use (default: from the credentials given and the authorization server's metadata)",
      ).choices(GRANT_NAMES),
    )
    .option('--dpop', 'OAuth: DPoP-bound tokens even when neither server asks for them')
    .option('--config <file>', 'read the server from an MCP config file ("mcpServers" or "servers")')
    .option(
      '--server <name>',
      'which server of --config (needed when it has several); for a verb without --config, the server of that name in the workspace file',
    );
}

/**
 * The target the options and the command name: a stdio command (the bundled demo server when
 * there is none), a URL, or an entry of a config file. `fail` reports a usage error and does not
 * return.
 */
export function targetFromOptions(
  options: TargetOptions,
  command: string | undefined,
  args: string[],
  demoServerPath: string,
  fail: (message: string) => never,
): ChosenTarget {
  // A URL alone in the command's place is read as --url (urlInCommandPlace.ts).
  const urlCommand =
    options.url === undefined && options.config === undefined ? urlInCommandPlace(command) : undefined;
  if (urlCommand !== undefined) {
    // What follows a command is the command's own; a URL has none, so an option there is misplaced.
    if (args.length > 0)
      fail(`options go before the URL: "${args[0]}" after ${maskUrl(urlCommand)} is not read`);
    return targetFromOptions({ ...options, url: urlCommand }, undefined, [], demoServerPath, fail);
  }
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
  return { target, ...(oauth ? { oauth } : {}) };
}

/** The command line's OAuth options over the config entry's `oauth` block. */
function oauthSettings(
  options: TargetOptions,
  fromFile: OAuthSettings | undefined,
  target: TargetSpec,
  fail: (message: string) => never,
): OAuthSettings | undefined {
  const given: OAuthSettings = {
    ...fromFile,
    ...(options.clientId === undefined ? {} : { clientId: options.clientId }),
    ...(options.clientSecret === undefined ? {} : { clientSecret: options.clientSecret }),
    ...(options.scope === undefined ? {} : { scope: options.scope }),
    ...(options.clientMetadataUrl === undefined ? {} : { clientMetadataUrl: options.clientMetadataUrl }),
    ...(options.oauthStore === undefined ? {} : { storeFile: options.oauthStore }),
    ...machineCredentials(options, fail),
  };
  if (Object.keys(given).length === 0) return undefined;
  if (target.kind !== 'url')
    fail(
      '--client-id, --client-secret, --scope, --client-metadata-url, --oauth-store and the other OAuth options are for servers reached by URL',
    );
  if (given.clientSecret !== undefined && given.clientId === undefined)
    fail('--client-secret goes with --client-id');
  if (given.clientKey !== undefined && given.clientId === undefined)
    fail('--client-key goes with --client-id');
  if (options.clientKeyAlg !== undefined && options.clientKey === undefined)
    fail('--client-key-alg goes with --client-key');
  if (options.clientMetadataUrl !== undefined && !/^https:\/\/[^/]+\/./.test(options.clientMetadataUrl))
    fail('--client-metadata-url takes an https:// URL with a path (the client ID metadata document)');
  return given;
}

/**
 * The credentials of the grants without a person: the client key's PEM (read now, so a bad path
 * fails before anything starts), the assertion and ID token (given as is, or @file), the IdP.
 * They are secrets: kept in memory, masked wherever a request that carries them is shown.
 */
function machineCredentials(
  options: TargetOptions,
  fail: (message: string) => never,
): Partial<OAuthSettings> {
  const idp = {
    ...(options.idpIssuer === undefined ? {} : { issuer: options.idpIssuer }),
    ...(options.idpClientId === undefined ? {} : { clientId: options.idpClientId }),
    ...(options.idpIdToken === undefined
      ? {}
      : { idToken: valueOrFile(options.idpIdToken, '--idp-id-token', fail) }),
    ...(options.idpTokenEndpoint === undefined ? {} : { tokenEndpoint: options.idpTokenEndpoint }),
  };
  if (idp.issuer !== undefined) checkHttpUrl(idp.issuer, '--idp-issuer', fail);
  if (idp.tokenEndpoint !== undefined) checkHttpUrl(idp.tokenEndpoint, '--idp-token-endpoint', fail);
  let clientKey: string | undefined;
  if (options.clientKey !== undefined) {
    clientKey = readGiven(options.clientKey, '--client-key', fail);
    try {
      createPrivateKey(clientKey);
    } catch {
      fail(`--client-key: ${options.clientKey} is not a PEM private key`);
    }
  }
  return {
    ...(clientKey === undefined ? {} : { clientKey }),
    ...(options.clientKeyAlg === undefined ? {} : { clientKeyAlg: options.clientKeyAlg }),
    ...(options.assertion === undefined
      ? {}
      : { assertion: valueOrFile(options.assertion, '--assertion', fail) }),
    ...(Object.keys(idp).length === 0 ? {} : { idp }),
    ...(options.grant === undefined ? {} : { grant: options.grant }),
    ...(options.dpop === true ? { dpop: true } : {}),
  };
}

/** A value given on the command line, or `@file` for a file holding it (trailing newline dropped). */
function valueOrFile(value: string, what: string, fail: (message: string) => never): string {
  return value.startsWith('@') ? readGiven(value.slice(1), what, fail).trim() : value;
}

function readGiven(path: string, what: string, fail: (message: string) => never): string {
  const file = readBoundedText(path);
  return 'error' in file ? fail(`${what}: ${file.error}`) : file.text;
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
function timeoutsOf(options: TargetOptions): UrlTimeouts | undefined {
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

/** For a repeatable option. */
export function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
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
): ChosenTarget {
  const file = readBoundedText(path);
  if ('error' in file) return fail(file.code === 'ENOENT' ? `no such config file: ${path}` : file.error);
  // Editors' config files may hold comments; a mistake is told by line and column.
  const read = parseJsonText(file.text);
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
