import { API_WORKSPACE_PATH, type WorkspaceView } from '../../shared/workspace/pageWire';
import { shellRequest } from './shellToken';

/** The workspace's servers and the bridge's word on each. */
export function fetchWorkspace(signal?: AbortSignal): Promise<WorkspaceView> {
  return shellRequest<WorkspaceView>(API_WORKSPACE_PATH, signal ? { signal } : {});
}

/** Starts a server again, or stops it (its page keeps what it shows). */
export function setConnected(id: string, connected: boolean): Promise<unknown> {
  return shellRequest(`${API_WORKSPACE_PATH}/${id}/${connected ? 'connect' : 'disconnect'}`, {
    method: 'POST',
  });
}
