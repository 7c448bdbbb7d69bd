import { queryOptions } from '@tanstack/react-query';
import type { MachineSignIn, OAuthView } from '../../shared/oauth';
import { bridgeRequest } from '../bridge/bridgeRequest';
import { oauthQueryKey } from '../bridge/mcpQueryKeys';

export { oauthQueryKey };

/**
 * The OAuth view's path and schema load with the first call: only a URL server asks for them,
 * so the first screen of a stdio server does not carry them.
 */
async function call(
  action: OAuthAction | 'machine' | undefined,
  method: 'GET' | 'POST',
  sent?: MachineSignIn,
): Promise<OAuthView> {
  const { API_OAUTH_PATH, OAuthViewSchema } = await import('../../shared/oauth');
  const path = action === undefined ? API_OAUTH_PATH : `${API_OAUTH_PATH}/${action}`;
  const body = await bridgeRequest<unknown>(path, {
    method,
    ...(sent ? { body: JSON.stringify(sent) } : {}),
  });
  return OAuthViewSchema.parse(body);
}

/**
 * The bridge's OAuth view, polled: it changes on its own (the browser comes back from the
 * authorization page, a refresh timer fires). Fast while a flow moves, slow otherwise.
 */
export function oauthViewQuery() {
  return queryOptions({
    queryKey: oauthQueryKey,
    queryFn: () => call(undefined, 'GET'),
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status === 'running' || status === 'waiting-for-browser' ? 500 : 2_000;
    },
    retry: false,
  });
}

export type OAuthAction = 'run' | 'next' | 'clear';

/** What the buttons do; the bridge answers with the new view. */
export function postOAuth(action: OAuthAction): Promise<OAuthView> {
  return call(action, 'POST');
}

/**
 * A sign-in without a browser: the credentials go to the bridge, which keeps them for this
 * server in memory and answers with the view (that says what is set, never a value).
 */
export function postMachineSignIn(given: MachineSignIn): Promise<OAuthView> {
  return call('machine', 'POST', given);
}
