import { addServer, type Workspace } from '../../shared/workspace/format.js';
import type { HostServer } from '../hostConfigs/hostConfigReader.js';
import { importServer, type ImportedServer } from './importHost.js';

/** A server to add, as the terminal's `workspace add` or the page's form gives it. */
export type AddInput =
  | {
      name: string;
      kind: 'stdio';
      command: string;
      args: string[];
      env: Record<string, string>;
      cwd?: string;
      era?: 'auto' | 'modern' | 'legacy';
    }
  | {
      name: string;
      kind: 'url';
      url: string;
      transport?: 'streamable-http' | 'sse';
      headers: Record<string, string>;
      era?: 'auto' | 'modern' | 'legacy';
    };

/** The server as a host's entry would be, so it goes through import's rules for secrets. */
function hostEntryOf(input: AddInput): HostServer {
  const common = { id: input.name, name: input.name, path: [] };
  if (input.kind === 'url')
    return {
      ...common,
      kind: 'url',
      url: input.url,
      ...(input.transport ? { type: input.transport } : {}),
      headers: input.headers,
      args: [],
      env: {},
    };
  return {
    ...common,
    kind: 'stdio',
    command: input.command,
    args: input.args,
    env: input.env,
    ...(input.cwd === undefined || input.cwd === '' ? {} : { cwd: input.cwd }),
    headers: {},
  };
}

/**
 * `workspace add` and the page's Add a server: the entry as it will be written (every secret an
 * `${env:NAME}` reference, by import's rules) and the workspace with it. The person names the
 * server: a name taken is refused (or replaced with `replace`), never changed.
 */
export function planAdd(
  workspace: Workspace,
  input: AddInput,
  replace = false,
): { one: ImportedServer; workspace: Workspace } | { error: string } {
  const taken = new Set(
    workspace.servers.filter((s) => !(replace && s.name === input.name)).map((s) => s.name),
  );
  const one = importServer(hostEntryOf(input), taken);
  one.server.name = input.name;
  if (input.era !== undefined && input.era !== 'auto') one.server.era = input.era;
  const edited = addServer(workspace, one.server, replace);
  if ('error' in edited) return edited;
  return { one, workspace: edited.workspace };
}
