import { createContext, useContext, useSyncExternalStore } from 'react';
import type { InspectorSession, InspectorSnapshot } from '../bridge/inspectorSession';

export const InspectorContext = createContext<InspectorSession | null>(null);

export function useInspector(): InspectorSession {
  const session = useContext(InspectorContext);
  if (!session) throw new Error('useInspector needs an InspectorContext provider');
  return session;
}

export function useInspectorSnapshot(): InspectorSnapshot {
  const session = useInspector();
  return useSyncExternalStore(session.subscribe, session.getSnapshot);
}
