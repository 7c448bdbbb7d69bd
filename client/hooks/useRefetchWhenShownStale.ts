import { useEffect } from 'react';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { staleTimeOf, type Listed } from '../../shared/core/cacheHints';
import { useTabActive } from '../components/Tabs';

/**
 * Fetches a list again when its tab is shown and the server's cache hint has run out. Hidden
 * tabs stay mounted, so the query's own refetch-on-mount never comes; a list is not polled
 * either (each fetch would be a row in the traffic pane): it is revalidated when looked at.
 */
export function useRefetchWhenShownStale(queryKey: QueryKey): void {
  const queryClient = useQueryClient();
  const shown = useTabActive();
  const key = JSON.stringify(queryKey);
  useEffect(() => {
    if (!shown) return;
    const query = queryClient.getQueryCache().find<Listed<unknown>>({ queryKey, exact: true });
    if (query?.state.data && query.isStaleByTime(staleTimeOf(query))) {
      void queryClient.refetchQueries({ queryKey, exact: true });
    }
    // The key's text stands for the key: a new array each render must not re-run this.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [shown, key, queryClient]);
}
