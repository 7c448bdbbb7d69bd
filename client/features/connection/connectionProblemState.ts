import type { InspectorSnapshot } from '../../bridge/inspectorSession';

/**
 * Whether ConnectionProblem has something to say (the bridge gone, the server failed or exited,
 * initialize failed, a message refused), so the page loads it only then: on the first screen of
 * a server that starts, it is not needed.
 */
export function hasConnectionProblem({ socket, targetState, mcp, rejected }: InspectorSnapshot): boolean {
  return (
    socket.kind === 'retrying' ||
    socket.kind === 'gave-up' ||
    socket.kind === 'closed-by-bridge' ||
    targetState?.state === 'failed' ||
    targetState?.state === 'exited' ||
    mcp?.status === 'failed' ||
    Boolean(rejected)
  );
}
