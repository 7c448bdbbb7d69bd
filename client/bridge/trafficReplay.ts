import type { JSONRPCMessage } from '@modelcontextprotocol/client';
import { responseIdOf } from '../../shared/jsonRpcShape';

/** Ids of replayed requests; the SDK Client numbers its own, so these never collide. */
const REPLAY_ID_PREFIX = 'replay-';

/**
 * The traffic pane's replay sends a request again under an id of its own that the SDK Client
 * never issued: its response goes to the traffic log only (the Client would reject an id it
 * does not know).
 */
export class ReplayIds {
  private count = 0;

  next(): string {
    this.count += 1;
    return `${REPLAY_ID_PREFIX}${this.count}`;
  }
}

/** The response to a replayed request: for the traffic log, not for the SDK Client. */
export function isReplayResponse(message: JSONRPCMessage): boolean {
  const id = responseIdOf(message);
  return typeof id === 'string' && id.startsWith(REPLAY_ID_PREFIX);
}
