import type { Command } from 'commander';
import { HOST_IDS } from '../../shared/lint/hosts/profiles.js';
import { WORKSPACE_FILE } from '../../shared/workspace/format.js';

/** The verbs that run over every server of the workspace with `--all` (see allServers.ts). */
export const ALL_VERBS = ['lint', 'test'] as const;

/** The workspace's options on a verb's command line: `--workspace`, and `--all`/`--host` where they apply. */
export function addWorkspaceOptions(verb: string, program: Command): void {
  program.option(
    '--workspace <file>',
    `the workspace file --server NAME and --all read (default ${WORKSPACE_FILE} in this folder)`,
  );
  if ((ALL_VERBS as readonly string[]).includes(verb))
    program.option(
      '--all',
      `${verb} every server of the workspace, one after the other, in one report (the exit code the highest of theirs)`,
    );
  if (verb === 'lint')
    program.option(
      '--host <name>',
      `also hold the tools to a host's published limits: ${HOST_IDS.join(', ')} (with --all: the servers together, their total and name collisions)`,
    );
}
