import { queryOptions } from '@tanstack/react-query';
import { AUTH_SCHEME } from '../../../shared/http';
import { API_OAUTH_PATH, OAuthViewSchema, type OAuthView } from '../../../shared/oauth';
import { currentToken } from '../../bridge/token';

export const oauthQueryKey = ['oauth'] as const;

async function call(path: string, method: 'GET' | 'POST'): Promise<OAuthView> {
  const response = await fetch(path, {
    method,
    headers: { authorization: `${AUTH_SCHEME} ${currentToken() ?? ''}` },
  });
  const body = (await response.json().catch(() => ({}))) as unknown;
  if (!response.ok) throw new Error((body as { error?: string }).error ?? `HTTP ${response.status}`);
  return OAuthViewSchema.parse(body);
}

/**
 * The bridge's OAuth view, polled: it changes on its own (the browser comes back from the
 * authorization page, a refresh timer fires). Fast while a flow moves, slow otherwise.
 */
export function oauthViewQuery() {
  return queryOptions({
    queryKey: oauthQueryKey,
    queryFn: () => call(API_OAUTH_PATH, 'GET'),
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
  return call(`${API_OAUTH_PATH}/${action}`, 'POST');
}
