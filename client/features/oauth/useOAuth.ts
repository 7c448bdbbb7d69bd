import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MachineSignIn } from '../../../shared/oauth';
import {
  oauthQueryKey,
  oauthViewQuery,
  postMachineSignIn,
  postOAuth,
  type OAuthAction,
} from '../../session/oauthQuery';

/** The OAuth view and its actions, shared by the panel and the banner. */
export function useOAuth() {
  const queryClient = useQueryClient();
  const view = useQuery(oauthViewQuery());
  const action = useMutation({
    mutationFn: (which: OAuthAction) => postOAuth(which),
    onSuccess: (next) => queryClient.setQueryData(oauthQueryKey, next),
  });
  const machine = useMutation({
    mutationFn: (given: MachineSignIn) => postMachineSignIn(given),
    onSuccess: (next) => queryClient.setQueryData(oauthQueryKey, next),
  });
  return {
    view: view.data,
    error: view.error ?? action.error,
    act: action.mutate,
    acting: action.isPending || machine.isPending,
    signInWithoutBrowser: machine.mutate,
    machineError: machine.error,
  };
}
