import { useSyncExternalStore } from 'react';
import type { PendingServerRequest } from '../bridge/serverRequests';
import { useInspector } from './inspectorContext';

/** The server's requests that wait for the person, oldest first. */
export function useServerRequests(): readonly PendingServerRequest[] {
  const { requests } = useInspector();
  return useSyncExternalStore(requests.subscribe, requests.getSnapshot);
}
