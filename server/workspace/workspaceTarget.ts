import { dirname, resolve } from 'node:path';
import { envNamesIn, resolveReferences } from '../../shared/collections/references.js';
import { findServer, type WorkspaceServer } from '../../shared/workspace/format.js';
import { maskUrl } from '../../shared/urlSecrets.js';
import type { TargetOptions } from '../session/targetOptions.js';
import { readWorkspaceFile, workspacePath } from './workspaceFile.js';

/** What the person said of the file on the command line, as for a collection (see fileTrust.ts). */
export interface WorkspaceTrust {
  trustFile: boolean;
  allowEnv: readonly string[];
}

export type WorkspaceTarget =
  { options: TargetOptions; command?: string; args: string[]; serverLine: string } | { error: string };

/**
 * `--server NAME` without `--config`: the entry of that name in the workspace file (`--workspace
 * FILE`, else the one in this folder), as the verbs' target options. Its `${env:NAME}` references
 * are filled from the environment only when the person trusts the file (`--trust-file`, or
 * `--allow-env NAME` for each): a workspace committed to a repository can name any command and ask
 * for any variable. A stdio server runs in the workspace file's folder unless it names another.
 * The command line's -e, --header and --era go on top.
 */
export function workspaceTarget(
  name: string,
  given: string | undefined,
  options: TargetOptions,
  trust: WorkspaceTrust,
  env: NodeJS.ProcessEnv,
): WorkspaceTarget {
  const path = workspacePath(given);
  const state = readWorkspaceFile(path);
  if ('error' in state) return { error: state.error };
  if (!state.exists)
    return {
      error: `--server ${name}: no workspace file ${path} (mcp-inspect workspace import or add makes one; or give --config FILE)`,
    };
  const entry = findServer(state.workspace, name);
  if (!entry) {
    const names = state.workspace.servers.map((server) => server.name);
    return {
      error: `no server named "${name}" in ${path}${names.length > 0 ? `; it has: ${names.join(', ')}` : ''}`,
    };
  }
  const notAllowed = trust.trustFile
    ? []
    : envNamesIn(entry).filter((variable) => !trust.allowEnv.includes(variable));
  if (notAllowed.length > 0)
    return {
      error: `"${name}" in ${path} asks for the environment variable${notAllowed.length === 1 ? '' : 's'} ${notAllowed.join(', ')}: a workspace file runs with your environment only if you trust it, so add --trust-file, or --allow-env NAME for each variable to give`,
    };
  const resolved = resolveReferences(entry, {
    env: (variable) => env[variable],
    results: new Map(),
    earlier: [],
  });
  if ('error' in resolved) return { error: `"${name}" in ${path}: ${resolved.error}` };
  const server = resolved.value;
  return {
    ...entryOptions(server, dirname(path), options),
    serverLine: `the server "${name}" of ${path}: ${entryLine(entry, dirname(path))}`,
  };
}

function entryOptions(
  server: WorkspaceServer,
  folder: string,
  options: TargetOptions,
): { options: TargetOptions; command?: string; args: string[] } {
  const { server: _name, ...rest } = options;
  return {
    options: {
      ...rest,
      ...(server.url === undefined ? {} : { url: server.url }),
      ...(server.transport === undefined || options.transport !== undefined
        ? {}
        : { transport: server.transport }),
      header: [
        ...Object.entries(server.headers ?? {}).map(([key, value]) => `${key}: ${value}`),
        ...options.header,
      ],
      env: [...Object.entries(server.env ?? {}).map(([key, value]) => `${key}=${value}`), ...options.env],
      ...(server.command === undefined ? {} : { cwd: options.cwd ?? resolveIn(folder, server.cwd) }),
      ...(options.era === undefined && server.era !== undefined ? { era: server.era } : {}),
    },
    ...(server.command === undefined ? {} : { command: server.command }),
    args: server.args ?? [],
  };
}

function resolveIn(folder: string, cwd: string | undefined): string {
  return resolve(folder, cwd ?? '.');
}

/** The entry as written (references, never their values), for the line said before it starts. */
function entryLine(entry: WorkspaceServer, folder: string): string {
  if (entry.url !== undefined) return maskUrl(entry.url);
  return `${[entry.command ?? '', ...(entry.args ?? [])].join(' ')} (in ${resolveIn(folder, entry.cwd)})`;
}
