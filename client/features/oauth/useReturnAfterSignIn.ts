import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { oauthViewQuery } from '../../session/oauthQuery';

/**
 * The tab a person was on when they started a sign-in from the banner: the page shows the
 * steps while the flow runs, and once it is signed in goes back there (the Tools tab, say),
 * not leaving them on the OAuth tab. A failed sign-in stays on the steps, where the failure is;
 * a person who moves elsewhere meanwhile is not moved again.
 */
export function useReturnAfterSignIn<K extends string>(
  enabled: boolean,
  tab: K,
  setTab: (tab: K) => void,
  stepsTab: K,
): { startSignIn: () => void; choose: (tab: K) => void } {
  const [returnTo, setReturnTo] = useState<K>();
  const status = useQuery({ ...oauthViewQuery(), enabled }).data?.status;
  // Adjusted while rendering (not in an effect): the hook's caller owns `tab`, so both states
  // settle in one render.
  if (returnTo !== undefined && status === 'authorized') {
    setReturnTo(undefined);
    if (tab === stepsTab) setTab(returnTo);
  } else if (returnTo !== undefined && status === 'failed') {
    setReturnTo(undefined);
  }
  return {
    startSignIn: () => {
      setReturnTo(tab === stepsTab ? undefined : tab);
      setTab(stepsTab);
    },
    choose: (next) => {
      setReturnTo(undefined);
      setTab(next);
    },
  };
}
