import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import type { Tool } from '@modelcontextprotocol/client';
import type { Listed } from '../../shared/core/cacheHints';
import type { OAuthView } from '../../shared/oauth';
import type { ServerPageHandle } from '../bridge/serverPageHandle';
import type { InspectorSnapshot } from '../bridge/sessionSnapshot';
import { mcpQueryKeys, oauthQueryKey } from '../bridge/mcpQueryKeys';

/** What the workspace shows of one server's page: its session's snapshot and its tools. */
export interface ServerPageState {
  snapshot: InspectorSnapshot | undefined;
  tools: Tool[] | undefined;
  signIn: boolean;
}

const NOTHING: ServerPageState = { snapshot: undefined, tools: undefined, signIn: false };

/** The handle a server's frame published (serverPageHandle.ts), once its page has run. */
export function handleOf(frame: HTMLIFrameElement | null): ServerPageHandle | undefined {
  try {
    return frame?.contentWindow?.mcpInspectServer;
  } catch {
    // Not our origin (it navigated away): nothing to read.
    return undefined;
  }
}

/** What one server's page shows now. */
export function readServerPage(handle: ServerPageHandle): ServerPageState {
  const snapshot = handle.session.getSnapshot();
  const generation = snapshot.mcp?.generation;
  const listed =
    generation === undefined
      ? undefined
      : handle.queries.getQueryData<Listed<Tool>>(mcpQueryKeys.tools(generation));
  const oauth = handle.queries.getQueryData<OAuthView>(oauthQueryKey);
  return {
    snapshot,
    tools: listed?.items,
    signIn:
      snapshot.target?.kind === 'url' &&
      snapshot.targetState?.state === 'failed' &&
      oauth?.status === 'needed',
  };
}

/** The last state read of each page: the same object while nothing it holds changed. */
const lastRead = new WeakMap<ServerPageHandle, ServerPageState>();

function current(handle: ServerPageHandle | undefined): ServerPageState {
  if (!handle) return NOTHING;
  const next = readServerPage(handle);
  const last = lastRead.get(handle);
  if (last && last.snapshot === next.snapshot && last.tools === next.tools && last.signIn === next.signIn)
    return last;
  lastRead.set(handle, next);
  return next;
}

/** Follows one server's page: its session's changes and its query cache's (tools listed, an OAuth view polled). */
export function useServerPage(handle: ServerPageHandle | undefined): ServerPageState {
  const subscribe = useCallback(
    (notify: () => void) => {
      if (!handle) return () => undefined;
      const stopSession = handle.session.subscribe(notify);
      const stopQueries = handle.queries.getQueryCache().subscribe(notify);
      return () => {
        stopSession();
        stopQueries();
      };
    },
    [handle],
  );
  return useSyncExternalStore(subscribe, () => current(handle));
}

/** A log's changes, for the merged traffic: a number that moves whenever any of them grows. */
export function useLogsVersion(handles: readonly (ServerPageHandle | undefined)[]): number {
  const [version, setVersion] = useState(0);
  useEffect(() => {
    let scheduled = 0;
    const bump = (): void => {
      if (scheduled !== 0) return;
      scheduled = requestAnimationFrame(() => {
        scheduled = 0;
        setVersion((v) => v + 1);
      });
    };
    const stops = handles.flatMap((handle) => (handle ? [handle.traffic.subscribe(bump)] : []));
    return () => {
      cancelAnimationFrame(scheduled);
      for (const stop of stops) stop();
    };
  }, [handles]);
  return version;
}
