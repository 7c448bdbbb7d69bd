import { useEffect, useMemo, useState } from 'react';
import type { FrameDirection } from '../../../shared/wire';
import { NO_FILTER, type FilterKind, type TrafficFilter } from './trafficFilter';

/** Typing pauses this long before a search runs over 100,000 payloads. */
const SEARCH_DEBOUNCE_MS = 250;

function toggled<T>(set: ReadonlySet<T>, value: T): ReadonlySet<T> {
  const next = new Set(set);
  if (next.has(value)) next.delete(value);
  else next.add(value);
  return next;
}

/** The pane's filter: toggles apply at once, the search text after a pause in typing. */
export function useTrafficFilter() {
  const [base, setBase] = useState<Omit<TrafficFilter, 'search'>>(NO_FILTER);
  const [searchInput, setSearchInput] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearch(searchInput), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [searchInput]);
  const filter = useMemo<TrafficFilter>(() => ({ ...base, search }), [base, search]);

  return {
    filter,
    searchInput,
    setSearchInput,
    toggleDirection: (dir: FrameDirection) =>
      setBase((f) => ({ ...f, directions: toggled(f.directions, dir) })),
    toggleKind: (kind: FilterKind) => setBase((f) => ({ ...f, kinds: toggled(f.kinds, kind) })),
    toggleMethod: (method: string) => setBase((f) => ({ ...f, methods: toggled(f.methods, method) })),
    setErrorsOnly: (errorsOnly: boolean) => setBase((f) => ({ ...f, errorsOnly })),
    setHideStderr: (hideStderr: boolean) => setBase((f) => ({ ...f, hideStderr })),
    reset: () => {
      setBase(NO_FILTER);
      setSearchInput('');
      setSearch('');
    },
  };
}

export type TrafficFilterControls = ReturnType<typeof useTrafficFilter>;
