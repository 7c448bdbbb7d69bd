import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { describeHint, type Listed } from '../../shared/core/cacheHints';
import './listFreshness.css';

/**
 * The cache hint a list came with (MCP 2026-07-28), under its heading: "fresh for 30 s ·
 * public". The page keeps the list that long before fetching it again. Nothing for a list without
 * one (a legacy server). Read from the query cache: the panel that shows the list re-renders
 * whenever its data changes.
 */
export function ListFreshness({ queryKey }: { queryKey: QueryKey }) {
  const hint = useQueryClient().getQueryData<Listed<unknown>>(queryKey)?.hint;
  const text = describeHint(hint);
  if (text === undefined) return null;
  return (
    <p
      className="list-freshness muted"
      title="The server's cache hint (ttlMs, cacheScope): the page fetches the list again once it runs out, or when the server says the list changed"
    >
      {text}
    </p>
  );
}
