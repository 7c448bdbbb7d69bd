import { queryOptions } from '@tanstack/react-query';
import { API_LINT_CONFIG_PATH, AUTH_SCHEME } from '../../../shared/http';
import type { LintConfigState } from '../../../shared/lint';
import { currentToken } from '../../bridge/token';
import { bridgePath } from '../../bridge/serverPath';

/** Read afresh each time the Lint tab looks (an edit to the file shows at the next look). */
export type { LintConfigState };

export function lintConfigQueryOptions() {
  return queryOptions({
    queryKey: ['lint-config'],
    staleTime: 0,
    queryFn: async (): Promise<LintConfigState> => {
      const response = await fetch(bridgePath(API_LINT_CONFIG_PATH), {
        headers: { authorization: `${AUTH_SCHEME} ${currentToken() ?? ''}` },
      });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      return (await response.json()) as LintConfigState;
    },
  });
}
