import { useQuery } from '@tanstack/react-query';
import type { TargetInfo, TargetState } from '../../shared/wire';
import type { OAuthFlowStatus } from '../../shared/oauth';
import { oauthViewQuery } from './oauthQuery';

/**
 * The OAuth statuses in which a URL server that refused to start is waiting for a person to
 * sign in, not broken: the bridge saw its 401 and offers (or runs) the sign-in.
 */
const SIGNING_IN: ReadonlySet<OAuthFlowStatus> = new Set([
  'needed',
  'running',
  'paused',
  'waiting-for-browser',
]);

/** `needs-sign-in` until the person starts, `signing-in` while the flow runs or waits for them. */
export type SignInState = 'needs-sign-in' | 'signing-in' | undefined;

export function signInStateOf(
  target: TargetInfo | undefined,
  state: TargetState | undefined,
  oauth: OAuthFlowStatus | undefined,
): SignInState {
  if (target?.kind !== 'url' || state?.state !== 'failed' || !oauth || !SIGNING_IN.has(oauth)) {
    return undefined;
  }
  return oauth === 'needed' ? 'needs-sign-in' : 'signing-in';
}

/**
 * Whether the server is waiting for a sign-in. Reads the same polled OAuth view as the banner
 * and the OAuth tab (one query, one poll), and only for URL targets: stdio has no OAuth.
 */
export function useSignInState(target: TargetInfo | undefined, state: TargetState | undefined): SignInState {
  const view = useQuery({ ...oauthViewQuery(), enabled: target?.kind === 'url' });
  return signInStateOf(target, state, view.data?.status);
}
