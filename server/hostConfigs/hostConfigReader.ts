import { findNodeAtLocation, getNodeValue, parseTree, type JSONPath, type Node } from 'jsonc-parser';
import { parseJsonText } from '../../shared/jsonText.js';
import { detectHost, type ConfigForm, type HostId } from './hostLocations.js';

/**
 * One server entry of a host's config file, as the host wrote it: a command to run (stdio) or a
 * URL to reach. Read by wrap/unwrap, and meant for anything that imports a host's servers.
 */
export interface HostServer {
  /** How the person names it on the command line: the name, or `name@<project>` in ~/.claude.json. */
  id: string;
  name: string;
  /** Claude Code's per-project servers: the project's path (`projects.<path>.mcpServers`). */
  project?: string;
  /** Where the entry object is in the file. */
  path: JSONPath;
  kind: 'stdio' | 'url';
  /** The entry's `type` as written (`stdio`, `http`, `sse`, `streamable-http`…), if any. */
  type?: string;
  command?: string;
  args: string[];
  env: Record<string, string>;
  cwd?: string;
  url?: string;
  /** The key the URL is under: `url` for most hosts, `serverUrl` for Windsurf. */
  urlKey?: 'url' | 'serverUrl';
  headers: Record<string, string>;
}

/** A host's config file, read. */
export interface HostConfig {
  /** `undefined`: a file in the shared `mcpServers` format whose host the name does not tell. */
  host: HostId | undefined;
  form: ConfigForm;
  servers: HostServer[];
  /** Entries that are neither a command nor a URL, with why: listed, never changed. */
  unreadable: { id: string; why: string }[];
  /** The parse tree, for edits that keep every byte they do not change (see jsoncEdits.ts). */
  tree: Node;
}

export type ReadResult = { config: HostConfig } | { error: string; line: number; column: number };

/**
 * Reads a host's config file (JSON with comments and trailing commas). A mistake is named by line
 * and column, as for --config elsewhere.
 */
export function readHostConfig(text: string, filePath: string): ReadResult {
  const checked = parseJsonText(text);
  if ('error' in checked) return checked;
  const tree = parseTree(text, [], { allowTrailingComma: true, disallowComments: false });
  if (tree === undefined || tree.type !== 'object')
    return { error: 'line 1, column 1: expected a JSON object', line: 1, column: 1 };
  const { host, form } = detectHost(filePath, checked.value);
  const servers: HostServer[] = [];
  const unreadable: HostConfig['unreadable'] = [];
  for (const container of containers(tree, form)) {
    const node = findNodeAtLocation(tree, container.path);
    if (node?.type !== 'object') continue;
    for (const property of node.children ?? []) {
      const [keyNode, valueNode] = property.children ?? [];
      if (keyNode === undefined || valueNode === undefined) continue;
      const name = keyNode.value as string;
      const id = container.project === undefined ? name : `${name}@${container.project}`;
      const read = readEntry(getNodeValue(valueNode) as unknown);
      if ('why' in read) {
        unreadable.push({ id, why: read.why });
        continue;
      }
      servers.push({
        ...read,
        id,
        name,
        ...(container.project === undefined ? {} : { project: container.project }),
        path: [...container.path, name],
      });
    }
  }
  return { config: { host, form, servers, unreadable, tree } };
}

/** Where the `{name: entry}` maps are in a file of this form. */
function containers(tree: Node, form: ConfigForm): { path: JSONPath; project?: string }[] {
  if (form === 'servers') return [{ path: ['servers'] }];
  if (form === 'settings') return [{ path: ['mcp', 'servers'] }];
  const found: { path: JSONPath; project?: string }[] = [{ path: ['mcpServers'] }];
  if (form !== 'claude-code') return found;
  const projects = findNodeAtLocation(tree, ['projects']);
  for (const property of projects?.type === 'object' ? (projects.children ?? []) : []) {
    const project = property.children?.[0]?.value as string | undefined;
    if (project !== undefined) found.push({ path: ['projects', project, 'mcpServers'], project });
  }
  return found;
}

type EntryFields = Omit<HostServer, 'id' | 'name' | 'project' | 'path'>;

function readEntry(entry: unknown): EntryFields | { why: string } {
  if (!isObject(entry)) return { why: 'an entry is a JSON object' };
  const type = typeof entry.type === 'string' ? entry.type : undefined;
  const headers = stringMap(entry.headers);
  const env = stringMap(entry.env);
  if (headers === undefined) return { why: '"headers" must map names to strings' };
  if (env === undefined) return { why: '"env" must map names to strings' };
  const urlKey =
    typeof entry.url === 'string' ? 'url' : typeof entry.serverUrl === 'string' ? 'serverUrl' : undefined;
  if (urlKey !== undefined) {
    return {
      kind: 'url',
      ...(type === undefined ? {} : { type }),
      url: entry[urlKey] as string,
      urlKey,
      headers,
      args: [],
      env,
    };
  }
  if (typeof entry.command !== 'string' || entry.command === '')
    return { why: '"command" or "url" is required' };
  const args = entry.args ?? [];
  if (!Array.isArray(args) || !args.every((arg) => typeof arg === 'string'))
    return { why: '"args" must be strings' };
  return {
    kind: 'stdio',
    ...(type === undefined ? {} : { type }),
    command: entry.command,
    args: args as string[],
    env,
    ...(typeof entry.cwd === 'string' ? { cwd: entry.cwd } : {}),
    headers,
  };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function stringMap(value: unknown): Record<string, string> | undefined {
  if (value === undefined) return {};
  if (!isObject(value) || !Object.values(value).every((item) => typeof item === 'string')) return undefined;
  return value as Record<string, string>;
}
