import { useEffect, useState } from 'react';
import type { WorkspaceView } from '../../shared/workspace/pageWire';
import { fetchWorkspace } from './workspaceApi';

export type WorkspaceLoad =
  { kind: 'loading' } | { kind: 'ready'; view: WorkspaceView } | { kind: 'failed'; error: string };

/** How often the list asks the bridge again: the states of servers whose page is not open yet. */
const POLL_MS = 2_000;

/** The lists shown, each asking the bridge again when told the workspace changed. */
const askers = new Set<() => void>();

/** An edit changed the workspace: every list asks the bridge now, not at its next turn. */
export function askWorkspaceAgain(): void {
  for (const ask of askers) ask();
}

/** The bridge's list of servers, asked again every few seconds while the page is shown. */
export function useWorkspace(): WorkspaceLoad {
  const [load, setLoad] = useState<WorkspaceLoad>({ kind: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ask = async (): Promise<void> => {
      // A tab in the background asks nothing; it asks again once it is shown.
      if (document.hidden) {
        timer = setTimeout(() => void ask(), POLL_MS);
        return;
      }
      try {
        const view = await fetchWorkspace(controller.signal);
        setLoad({ kind: 'ready', view });
      } catch (error) {
        if (controller.signal.aborted) return;
        setLoad((previous) =>
          previous.kind === 'ready' ? previous : { kind: 'failed', error: (error as Error).message },
        );
      }
      if (!controller.signal.aborted) timer = setTimeout(() => void ask(), POLL_MS);
    };
    const now = (): void => {
      clearTimeout(timer);
      void ask();
    };
    askers.add(now);
    void ask();
    return () => {
      askers.delete(now);
      controller.abort();
      clearTimeout(timer);
    };
  }, []);
  return load;
}
