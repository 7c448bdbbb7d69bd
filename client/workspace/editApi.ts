import type { WorkspaceEdit, WorkspaceEditAnswer } from '../../shared/workspace/editWire';
import { API_WORKSPACE_EDIT_PATH } from '../../shared/workspace/pageWire';
import { shellRequest } from './shellToken';

/**
 * One edit of the workspace file (add, rename, move, remove), as the terminal's verbs would make
 * it; refused, with the bridge's words, when the file changed since the list was read.
 */
export function editWorkspace(edit: WorkspaceEdit): Promise<WorkspaceEditAnswer> {
  return shellRequest(API_WORKSPACE_EDIT_PATH, { method: 'POST', body: JSON.stringify(edit) });
}
