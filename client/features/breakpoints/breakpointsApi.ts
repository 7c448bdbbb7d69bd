import {
  API_BREAKPOINTS_PATH,
  type BreakpointRulesRequest,
  type BreakpointsState,
  type ReleaseRequest,
} from '../../../shared/breakpointWire';
import { AUTH_SCHEME } from '../../../shared/http';
import { currentToken } from '../../bridge/token';

export type { BreakpointRuleView, BreakpointsState, HeldMessageView } from '../../../shared/breakpointWire';
export type Decision = ReleaseRequest['decision'];

async function call<T>(path: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(path, {
    ...init,
    headers: {
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      authorization: `${AUTH_SCHEME} ${currentToken() ?? ''}`,
    },
  });
  const body = (await response.json().catch(() => ({}))) as T & { error?: string };
  if (!response.ok) throw new Error(body.error ?? `HTTP ${response.status}`);
  return body;
}

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
