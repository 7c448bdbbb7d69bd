import {
  API_BREAKPOINTS_PATH,
  type BreakpointRulesRequest,
  type BreakpointsState,
  type ReleaseRequest,
} from '../../../shared/breakpointWire';
import { bridgeRequest } from '../../bridge/bridgeRequest';

export type { BreakpointRuleView, BreakpointsState, HeldMessageView } from '../../../shared/breakpointWire';
export type Decision = ReleaseRequest['decision'];

const call = bridgeRequest;

/** The breakpoints, what proxies hold, and which proxied sessions are linked. */
export function readBreakpoints(): Promise<BreakpointsState> {
  return call(API_BREAKPOINTS_PATH);
}

export function saveBreakpoints(request: BreakpointRulesRequest): Promise<BreakpointsState> {
  return call(`${API_BREAKPOINTS_PATH}/rules`, { method: 'PUT', body: JSON.stringify(request) });
}

/** Sends the person's decision on one held message to the proxy holding it. */
export function decide(session: string, held: number, decision: Decision): Promise<{ ok: true }> {
  return call(`${API_BREAKPOINTS_PATH}/release`, {
    method: 'POST',
    body: JSON.stringify({ session, held, decision }),
  });
}
