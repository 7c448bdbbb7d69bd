import { useSyncExternalStore } from 'react';
import { collectionStore, type CollectionView } from './collectionStore';

export function useCollection(): CollectionView {
  return useSyncExternalStore(collectionStore.subscribe, collectionStore.getSnapshot);
}
