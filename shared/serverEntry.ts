/**
 * The server-entry format that MCP clients share: `{"mcpServers": {"name": {...}}}` (Claude
 * Desktop, Cursor, Windsurf) or `{"servers": {...}}` (VS Code), each entry either a command
 * (`command`, `args`, `env`, `cwd`) or a URL (`url`, `headers`, `type`, and mcp-inspect's own
 * `timeouts`: `{"connect": s, "request": s}`). Read by the CLI's
 * --config and by the page when a person pastes an entry; written when the page exports one.
 */
import { isEraChoice } from './eras.js';
import { timeoutProblem, type UrlTimeouts } from './urlTimeouts.js';
import type { TargetRequest } from './wire.js';

/**
 * An entry's `oauth` block, for servers behind OAuth: a client registered in advance (its id,
 * and secret for a confidential one), the scopes to ask for, the HTTPS URL of the inspector's
 * client ID metadata document, and a file to keep tokens in across runs (opt-in).
 */
export interface OAuthEntry {
  clientId?: string;
  clientSecret?: string;
  scope?: string;
  clientMetadataUrl?: string;
  tokenStore?: string;
}

export type ParsedEntry = { name: string; target: TargetRequest; oauth?: OAuthEntry } | { error: string };

/**
 * Reads a whole config file, a `{name: entry}` map, or a single entry. With several servers
 * and no `name`, the error lists them.
 */
export function parseServerConfig(json: unknown, name?: string): ParsedEntry {
  if (!isObject(json)) return { error: 'a server entry is a JSON object' };
  if (looksLikeEntry(json)) {
    // A name would pick among named servers; this file has one, unnamed.
    if (name !== undefined)
      return { error: `the file is a single server entry, with no servers to choose "${name}" from` };
    return toTarget('server', json);
  }
  const servers = isObject(json.mcpServers) ? json.mcpServers : isObject(json.servers) ? json.servers : json;
  const names = Object.keys(servers).filter((key) => isObject(servers[key]) && looksLikeEntry(servers[key]));
  if (name !== undefined) {
    const entry = servers[name];
    if (entry === undefined) {
      const has = names.length > 0 ? `; the file has: ${names.join(', ')}` : '';
      return { error: `no server named "${name}"${has}` };
    }
    // Named, but not usable: say what is wrong with it, not that it is missing.
    if (!isObject(entry)) return { error: `server "${name}": an entry is a JSON object` };
    return toTarget(name, entry);
  }
  if (names.length === 0) return { error: 'no server entry found (expected "mcpServers" or "servers")' };
  const only = names.length === 1 ? names[0] : undefined;
  if (only === undefined) return { error: `several servers in the file; choose one of: ${names.join(', ')}` };
  return toTarget(only, servers[only] as Record<string, unknown>);
}

/** The target as an entry of the shared format, under `mcpServers`. */
export function toServerConfig(name: string, target: TargetRequest): { mcpServers: Record<string, unknown> } {
  const entry =
    target.kind === 'stdio'
      ? {
          command: target.command,
          args: target.args,
          ...(Object.keys(target.env).length > 0 ? { env: target.env } : {}),
          ...(target.cwd === undefined ? {} : { cwd: target.cwd }),
          ...(target.era === undefined || target.era === 'auto' ? {} : { era: target.era }),
        }
      : {
          type: target.transport === 'sse' ? 'sse' : 'streamable-http',
          url: target.url,
          ...(Object.keys(target.headers).length > 0 ? { headers: target.headers } : {}),
          ...(target.era === undefined || target.era === 'auto' ? {} : { era: target.era }),
          ...(target.timeouts && Object.keys(target.timeouts).length > 0
            ? { timeouts: target.timeouts }
            : {}),
        };
  return { mcpServers: { [name]: entry } };
}

function toTarget(name: string, entry: Record<string, unknown>): ParsedEntry {
  const fail = (why: string): ParsedEntry => ({ error: `server "${name}": ${why}` });
  const era = entry.era ?? 'auto';
  if (!isEraChoice(era)) return fail('"era" must be "auto", "modern" or "legacy"');
  if (typeof entry.url === 'string') {
    const type = entry.type ?? entry.transport;
    const transport =
      type === 'sse'
        ? 'sse'
        : type === 'http' || type === 'streamable-http' || type === 'streamableHttp'
          ? 'streamable-http'
          : 'auto';
    const headers = stringMap(entry.headers);
    if (headers === undefined) return fail('"headers" must map names to strings');
    const oauth = oauthBlock(entry.oauth);
    if (typeof oauth === 'string') return fail(oauth);
    const timeouts = timeoutsBlock(entry.timeouts);
    if (typeof timeouts === 'string') return fail(timeouts);
    return {
      name,
      target: { kind: 'url', url: entry.url, transport, headers, era, ...(timeouts ? { timeouts } : {}) },
      ...(oauth ? { oauth } : {}),
    };
  }
  if (typeof entry.command !== 'string' || entry.command === '')
    return fail('"command" or "url" is required');
  if (entry.oauth !== undefined) return fail('"oauth" is for servers reached by URL');
  if (entry.timeouts !== undefined) return fail('"timeouts" is for servers reached by URL');
  const args = entry.args ?? [];
  if (!Array.isArray(args) || !args.every((arg) => typeof arg === 'string'))
    return fail('"args" must be strings');
  const env = stringMap(entry.env);
  if (env === undefined) return fail('"env" must map names to strings');
  if (entry.cwd !== undefined && typeof entry.cwd !== 'string') return fail('"cwd" must be a string');
  return {
    name,
    target: {
      kind: 'stdio',
      command: entry.command,
      args,
      env,
      ...(typeof entry.cwd === 'string' ? { cwd: entry.cwd } : {}),
      era,
    },
  };
}

const OAUTH_KEYS = ['clientId', 'clientSecret', 'scope', 'clientMetadataUrl', 'tokenStore'] as const;

/** The `oauth` block, or words saying what is wrong with it. */
function oauthBlock(value: unknown): OAuthEntry | undefined | string {
  if (value === undefined) return undefined;
  if (!isObject(value)) return '"oauth" must be an object';
  const unknown = Object.keys(value).filter((key) => !(OAUTH_KEYS as readonly string[]).includes(key));
  if (unknown.length > 0)
    return `"oauth" has unknown keys: ${unknown.join(', ')} (known: ${OAUTH_KEYS.join(', ')})`;
  const block: OAuthEntry = {};
  for (const key of OAUTH_KEYS) {
    const field = value[key];
    if (field === undefined) continue;
    if (typeof field !== 'string' || field === '') return `"oauth.${key}" must be a non-empty string`;
    block[key] = field;
  }
  if (block.clientSecret !== undefined && block.clientId === undefined)
    return '"oauth.clientSecret" needs "oauth.clientId"';
  return block;
}

const TIMEOUT_KEYS = ['connect', 'request'] as const;

/** The `timeouts` block (seconds), or words saying what is wrong with it. */
function timeoutsBlock(value: unknown): UrlTimeouts | undefined | string {
  if (value === undefined) return undefined;
  if (!isObject(value)) return '"timeouts" must be an object, e.g. {"connect": 20, "request": 600}';
  const unknown = Object.keys(value).filter((key) => !(TIMEOUT_KEYS as readonly string[]).includes(key));
  if (unknown.length > 0)
    return `"timeouts" has unknown keys: ${unknown.join(', ')} (known: ${TIMEOUT_KEYS.join(', ')})`;
  const block: UrlTimeouts = {};
  for (const key of TIMEOUT_KEYS) {
    if (value[key] === undefined) continue;
    const problem = timeoutProblem(key, value[key]);
    if (problem !== undefined) return `"timeouts.${key}": ${problem}`;
    block[key] = value[key] as number;
  }
  return block;
}

function looksLikeEntry(value: Record<string, unknown>): boolean {
  return typeof value.command === 'string' || typeof value.url === 'string';
}

function stringMap(value: unknown): Record<string, string> | undefined {
  if (value === undefined) return {};
  if (!isObject(value)) return undefined;
  const entries = Object.entries(value);
  if (!entries.every(([, v]) => typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean')) {
    return undefined;
  }
  return Object.fromEntries(entries.map(([k, v]) => [k, String(v)]));
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
