import type { InspectorSnapshot } from '../../bridge/inspectorSession';

/**
 * Whether ConnectionProblem has something to say (the server failed or exited, initialize
 * failed, a message refused), so the page loads it only then: on the first screen of a server
 * that starts, it is not needed. The bridge gone is BridgeProblem's, which is always loaded.
 */
export function hasConnectionProblem({ targetState, mcp, rejected }: InspectorSnapshot): boolean {
  return (
    targetState?.state === 'failed' ||
    targetState?.state === 'exited' ||
    mcp?.status === 'failed' ||
    Boolean(rejected)
  );
}
