import { queryOptions } from '@tanstack/react-query';
import { getModelState } from './modelBridge';

/** The bridge's model provider, as GET /api/model says it: read by the Playground and by "Draft with model". */
export const modelStateQueryOptions = queryOptions({
  queryKey: ['bridge', 'model'],
  queryFn: getModelState,
  staleTime: Infinity,
});
