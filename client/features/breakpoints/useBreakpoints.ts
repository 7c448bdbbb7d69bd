import { useCallback, useEffect, useState } from 'react';
import { readBreakpoints, type BreakpointsState } from './breakpointsApi';

/** How often the tab asks the bridge what is held: often enough for a held time to tick. */
const POLL_MS = 500;

/**
 * The bridge's breakpoint state, read while the tab is shown (it stops when the tab unmounts).
 * A read that fails says why; the next one tries again.
 */
export function useBreakpoints(): {
  state: BreakpointsState | undefined;
  problem: string | undefined;
  setState: (state: BreakpointsState) => void;
  refresh: () => void;
} {
  const [state, setState] = useState<BreakpointsState>();
  const [problem, setProblem] = useState<string>();
  const refresh = useCallback(() => {
    readBreakpoints().then(
      (next) => {
        setState(next);
        setProblem(undefined);
      },
      (error: Error) => setProblem(error.message),
    );
  }, []);
  useEffect(() => {
    refresh();
    const timer = setInterval(refresh, POLL_MS);
    return () => clearInterval(timer);
  }, [refresh]);
  return { state, problem, setState, refresh };
}
