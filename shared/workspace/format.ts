import { sortedKeys } from '../core/stableJson.js';
import { parseJsonText } from '../jsonText.js';

/**
 * A workspace: the servers a person works with, in a file they keep in their project and review
 * as a diff. The servers are a list (their order is the person's), each entry written with sorted
 * keys by `stableJson`, so the same workspace always writes the same bytes. Secrets are never
 * written: `${env:NAME}` stands for one, as in collections (shared/collections/references.ts).
 */
export const WORKSPACE_FORMAT_VERSION = 1;

/** The default file, in the folder the CLI runs in. */
export const WORKSPACE_FILE = 'mcp-inspect.workspace.json';

/** One server: a command (stdio) or a URL; strings may hold `${env:NAME}`. */
export interface WorkspaceServer {
  name: string;
  command?: string;
  args?: string[];
  env?: Record<string, string>;
  cwd?: string;
  url?: string;
  headers?: Record<string, string>;
  transport?: 'streamable-http' | 'sse';
  era?: 'auto' | 'modern' | 'legacy';
}

export interface Workspace {
  formatVersion: typeof WORKSPACE_FORMAT_VERSION;
  servers: WorkspaceServer[];
}

/** Where a shape error is: keys and indices into the file's value, for a line and column. */
export type ValuePath = (string | number)[];

export type ParsedWorkspace =
  { workspace: Workspace } | { error: string; line?: number; column?: number; path?: ValuePath };

/** A server's name: what `--server NAME` takes, so no spaces and nothing a shell would mangle. */
const NAME = /^[A-Za-z0-9][A-Za-z0-9._@-]{0,63}$/;

export function nameProblem(name: string): string | undefined {
  return NAME.test(name)
    ? undefined
    : `"${name}" is not a server name: letters, digits, ".", "_", "-" and "@", 64 at most, starting with a letter or digit`;
}

export function emptyWorkspace(): Workspace {
  return { formatVersion: WORKSPACE_FORMAT_VERSION, servers: [] };
}

/**
 * The file's text: the servers in the person's order, each with its name first (what a reviewer
 * looks for) and its other keys sorted; two-space indent and a final newline, as stableJson.
 */
export function workspaceText(workspace: Workspace): string {
  const servers = workspace.servers.map(({ name, ...rest }) => ({ name, ...(sortedKeys(rest) as object) }));
  return `${JSON.stringify({ formatVersion: workspace.formatVersion, servers }, null, 2)}\n`;
}

/**
 * Reads a workspace file. A syntax error is named by line and column; a value of the wrong shape
 * by where it is (`servers[2].args[0]`) and its path, which the reader turns into a line too.
 */
export function parseWorkspace(text: string): ParsedWorkspace {
  const read = parseJsonText(text);
  if ('error' in read) return { error: read.error, line: read.line, column: read.column };
  try {
    return { workspace: readWorkspace(read.value) };
  } catch (error) {
    if (error instanceof ShapeError) return { error: error.message, path: error.path };
    throw error;
  }
}

class ShapeError extends Error {
  constructor(
    message: string,
    readonly path: ValuePath,
  ) {
    super(message);
  }
}

const where = (path: ValuePath): string =>
  path.reduce<string>(
    (text, step) => (typeof step === 'number' ? `${text}[${step}]` : text === '' ? step : `${text}.${step}`),
    '',
  ) || 'the workspace';

function fail(path: ValuePath, expected: string): never {
  throw new ShapeError(`${where(path)}: expected ${expected}`, path);
}

function object(value: unknown, path: ValuePath): Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) fail(path, 'an object');
  return value as Record<string, unknown>;
}

function string(value: unknown, path: ValuePath): string {
  if (typeof value !== 'string') fail(path, 'a string');
  return value;
}

function stringMap(value: unknown, path: ValuePath): Record<string, string> {
  const map = object(value, path);
  for (const [key, item] of Object.entries(map)) string(item, [...path, key]);
  return map as Record<string, string>;
}

const SERVER_KEYS = ['name', 'command', 'args', 'env', 'cwd', 'url', 'headers', 'transport', 'era'];

function readWorkspace(value: unknown): Workspace {
  const root = object(value, []);
  for (const key of Object.keys(root))
    if (key !== 'formatVersion' && key !== 'servers')
      throw new ShapeError(`unknown field "${key}" (allowed: formatVersion, servers)`, [key]);
  if (root.formatVersion !== WORKSPACE_FORMAT_VERSION)
    throw new ShapeError(
      `formatVersion: expected ${WORKSPACE_FORMAT_VERSION}${root.formatVersion === undefined ? ' (missing)' : `, found ${JSON.stringify(root.formatVersion)}: written by a newer mcp-inspect?`}`,
      root.formatVersion === undefined ? [] : ['formatVersion'],
    );
  if (!Array.isArray(root.servers)) fail(['servers'], 'an array of servers');
  const servers = root.servers.map((entry, i) => readServer(entry, ['servers', i]));
  const seen = new Map<string, number>();
  servers.forEach((server, i) => {
    const first = seen.get(server.name);
    if (first !== undefined)
      throw new ShapeError(
        `servers[${i}].name: "${server.name}" is the name of servers[${first}] too; rename one (mcp-inspect workspace rename)`,
        ['servers', i, 'name'],
      );
    seen.set(server.name, i);
  });
  return { formatVersion: WORKSPACE_FORMAT_VERSION, servers };
}

function readServer(value: unknown, path: ValuePath): WorkspaceServer {
  const raw = object(value, path);
  for (const key of Object.keys(raw))
    if (!SERVER_KEYS.includes(key))
      throw new ShapeError(`${where(path)}: unknown field "${key}" (allowed: ${SERVER_KEYS.join(', ')})`, [
        ...path,
        key,
      ]);
  const name = string(raw.name, [...path, 'name']);
  const problem = nameProblem(name);
  if (problem !== undefined)
    throw new ShapeError(`${where([...path, 'name'])}: ${problem}`, [...path, 'name']);
  const server: WorkspaceServer = { name };
  if (raw.command !== undefined) server.command = string(raw.command, [...path, 'command']);
  if (raw.args !== undefined) {
    if (!Array.isArray(raw.args)) fail([...path, 'args'], 'an array of strings');
    server.args = raw.args.map((arg, i) => string(arg, [...path, 'args', i]));
  }
  if (raw.env !== undefined) server.env = stringMap(raw.env, [...path, 'env']);
  if (raw.cwd !== undefined) server.cwd = string(raw.cwd, [...path, 'cwd']);
  if (raw.url !== undefined) server.url = string(raw.url, [...path, 'url']);
  if (raw.headers !== undefined) server.headers = stringMap(raw.headers, [...path, 'headers']);
  if (raw.transport !== undefined) {
    if (raw.transport !== 'streamable-http' && raw.transport !== 'sse')
      fail([...path, 'transport'], '"streamable-http" or "sse"');
    server.transport = raw.transport;
  }
  if (raw.era !== undefined) {
    if (raw.era !== 'auto' && raw.era !== 'modern' && raw.era !== 'legacy')
      fail([...path, 'era'], '"auto", "modern" or "legacy"');
    server.era = raw.era;
  }
  if ((server.command === undefined) === (server.url === undefined))
    throw new ShapeError(`${where(path)} ("${name}"): give either "command" or "url"`, path);
  if (
    server.url !== undefined &&
    (server.env !== undefined || server.cwd !== undefined || server.args !== undefined)
  )
    throw new ShapeError(
      `${where(path)} ("${name}"): "args", "env" and "cwd" are for a command, not a URL`,
      path,
    );
  if (server.command !== undefined && (server.headers !== undefined || server.transport !== undefined))
    throw new ShapeError(
      `${where(path)} ("${name}"): "headers" and "transport" are for a URL, not a command`,
      path,
    );
  return server;
}

/** Edits: each returns a new workspace, or why it cannot be done. */
export type Edited = { workspace: Workspace } | { error: string };

export function findServer(workspace: Workspace, name: string): WorkspaceServer | undefined {
  return workspace.servers.find((server) => server.name === name);
}

function unknownServer(workspace: Workspace, name: string): { error: string } {
  const names = workspace.servers.map((server) => server.name);
  return {
    error: `no server named "${name}" in the workspace${names.length > 0 ? `; it has: ${names.join(', ')}` : ' (it is empty)'}`,
  };
}

/** Adds a server at the end, or replaces the one of that name in its place with `replace`. */
export function addServer(workspace: Workspace, server: WorkspaceServer, replace = false): Edited {
  const problem = nameProblem(server.name);
  if (problem !== undefined) return { error: problem };
  const at = workspace.servers.findIndex((item) => item.name === server.name);
  if (at >= 0 && !replace)
    return { error: `the workspace has a server named "${server.name}" already (--replace to replace it)` };
  const servers = [...workspace.servers];
  if (at >= 0) servers[at] = server;
  else servers.push(server);
  return { workspace: { ...workspace, servers } };
}

export function removeServer(workspace: Workspace, name: string): Edited {
  if (!findServer(workspace, name)) return unknownServer(workspace, name);
  return { workspace: { ...workspace, servers: workspace.servers.filter((server) => server.name !== name) } };
}

export function renameServer(workspace: Workspace, from: string, to: string): Edited {
  if (!findServer(workspace, from)) return unknownServer(workspace, from);
  const problem = nameProblem(to);
  if (problem !== undefined) return { error: problem };
  if (from !== to && findServer(workspace, to))
    return { error: `the workspace has a server named "${to}" already` };
  return {
    workspace: {
      ...workspace,
      servers: workspace.servers.map((server) => (server.name === from ? { ...server, name: to } : server)),
    },
  };
}

/** Moves a server to a position (1 is the first), the others keeping their order. */
export function moveServer(workspace: Workspace, name: string, position: number): Edited {
  const at = workspace.servers.findIndex((server) => server.name === name);
  if (at < 0) return unknownServer(workspace, name);
  if (!Number.isInteger(position) || position < 1 || position > workspace.servers.length)
    return { error: `the position is a number from 1 to ${workspace.servers.length}` };
  const servers = workspace.servers.filter((server) => server.name !== name);
  servers.splice(position - 1, 0, workspace.servers[at] as WorkspaceServer);
  return { workspace: { ...workspace, servers } };
}

/** A name not taken yet: the name itself, else with `-2`, `-3`… */
export function freeName(taken: ReadonlySet<string>, wanted: string): string {
  if (!taken.has(wanted)) return wanted;
  for (let n = 2; ; n += 1) if (!taken.has(`${wanted}-${n}`)) return `${wanted}-${n}`;
}
