import { targetFromOptions, type TargetOptions } from '../session/targetOptions.js';
import type { TargetSpec } from '../targets/targetSpec.js';
import type { OAuthSettings } from '../oauth/flowTypes.js';
import { readWorkspaceFile, workspacePath, workspaceRevision } from './workspaceFile.js';
import { workspaceTarget, type WorkspaceTrust } from './workspaceTarget.js';

/** One server of the workspace for the page: what to run, or why it cannot run. */
export interface PageServer {
  name: string;
  target?: TargetSpec;
  oauth?: OAuthSettings;
  problem?: string;
}

/** `revision`: the file as read (workspaceRevision), so the page's edits refuse one changed since. */
export type PageServers = { file: string; revision: string; servers: PageServer[] } | { error: string };

/**
 * Every server of the workspace file, for the page of several at once (`mcp-inspect --all`). An
 * entry that cannot run (it asks for variables the file is not trusted with, its command line is
 * wrong) keeps its place in the list with the reason, beside the others; a file that is missing,
 * does not parse or lists nothing is refused whole.
 */
export function pageServers(
  given: string | undefined,
  trust: WorkspaceTrust,
  env: NodeJS.ProcessEnv,
  demoServerPath: string,
): PageServers {
  const path = workspacePath(given);
  const state = readWorkspaceFile(path);
  if ('error' in state) return { error: state.error };
  if (!state.exists)
    return {
      error: `--all: no workspace file ${path} (mcp-inspect workspace import or add makes one; or give --workspace FILE)`,
    };
  if (state.workspace.servers.length === 0)
    return { error: `--all: ${path} lists no server (mcp-inspect workspace import or add puts some in)` };
  const none: TargetOptions = { header: [], env: [] };
  const servers = state.workspace.servers.map(({ name }): PageServer => {
    const entry = workspaceTarget(name, path, none, trust, env);
    if ('error' in entry) return { name, problem: entry.error };
    try {
      const chosen = targetFromOptions(
        entry.options,
        entry.command,
        entry.args,
        demoServerPath,
        (message) => {
          throw new Error(message);
        },
      );
      return { name, target: chosen.target, ...(chosen.oauth ? { oauth: chosen.oauth } : {}) };
    } catch (error) {
      return { name, problem: `"${name}" in ${path}: ${(error as Error).message}` };
    }
  });
  return { file: path, revision: workspaceRevision(state), servers };
}
