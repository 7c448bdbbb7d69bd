import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { oauthQueryKey, oauthViewQuery, postOAuth, type OAuthAction } from './oauthQuery';

/** The OAuth view and its three actions, shared by the panel and the banner. */
export function useOAuth() {
  const queryClient = useQueryClient();
  const view = useQuery(oauthViewQuery());
  const action = useMutation({
    mutationFn: (which: OAuthAction) => postOAuth(which),
    onSuccess: (next) => queryClient.setQueryData(oauthQueryKey, next),
  });
  return { view: view.data, error: view.error ?? action.error, act: action.mutate, acting: action.isPending };
}
