/**
 * Where this page's server is served under the bridge: at the root for the page of one server;
 * under `/s/<id>` for one server of a workspace (`mcp-inspect --all`), whose page the workspace's
 * page frames. Its routes and its socket are under the same path, so every request the page makes
 * of its bridge goes through `bridgePath`.
 */
const SERVER_PREFIX = /^\/s\/\d+(?=\/)/.exec(globalThis.location?.pathname ?? '')?.[0] ?? '';

export function bridgePath(path: string): string {
  return `${SERVER_PREFIX}${path}`;
}

/** Whether this page is one server of a workspace's. */
export function isWorkspaceServerPage(): boolean {
  return SERVER_PREFIX !== '';
}
