import type { QueryClient } from '@tanstack/react-query';
import type { TrafficLog } from '../../shared/core/traffic/trafficLog';
import type { InspectorSession } from './inspectorSession';
import { isWorkspaceServerPage } from './serverPath';

/**
 * What one server's page of a workspace lets the workspace's page read (they share an origin, so
 * the frame's window is the workspace page's to read): its session's state, its traffic and its
 * query cache, to list every server's state and counts and to merge their traffic.
 */
export interface ServerPageHandle {
  session: InspectorSession;
  traffic: TrafficLog;
  queries: QueryClient;
}

declare global {
  interface Window {
    mcpInspectServer?: ServerPageHandle;
  }
}

/** Published on the page's window when it is a workspace's server page; nothing otherwise. */
export function publishServerPage(handle: ServerPageHandle): void {
  if (isWorkspaceServerPage()) window.mcpInspectServer = handle;
}
