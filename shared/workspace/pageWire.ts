import type { TargetState } from '../wire.js';

/**
 * The workspace's page (several servers at once, `mcp-inspect --all`): GET lists its servers and
 * their states; POST `/<id>/connect` starts one again, `/<id>/disconnect` stops it.
 */
export const API_WORKSPACE_PATH = '/api/workspace';

/** The page's edits of the workspace file: add, rename, move, remove (editWire.ts). */
export const API_WORKSPACE_EDIT_PATH = `${API_WORKSPACE_PATH}/edit`;

/** Where one server's own page is served (and its routes and socket), under the bridge's origin. */
export function serverPagePath(id: string): string {
  return `/s/${id}/`;
}

export interface WorkspaceServerView {
  /** This run's id of the server (its place in the list), in its page's path. */
  id: string;
  name: string;
  /** What runs, as the terminal says it (a URL masked). */
  label: string;
  kind: 'stdio' | 'url';
  /** The bridge's last word on its process or connection; null before the first. */
  state: TargetState | null;
  /** Why it could not even be started (its entry, as read), in place of a state. */
  problem?: string;
}

export interface WorkspaceView {
  /** The workspace file the servers were read from. */
  file?: string;
  /** The file as this run last read or wrote it: an edit names it, and is refused if it changed. */
  revision?: string;
  servers: WorkspaceServerView[];
}
