import { AUTH_SCHEME } from '../../shared/http';
import { currentToken } from './token';
import { bridgePath } from './serverPath';

/**
 * A request to one of the bridge's JSON routes, with the page's token (and a JSON content type
 * when it has a body); the parsed answer, or a rejection in the bridge's own words: its `error`,
 * then any `details`.
 */
export async function bridgeRequest<T>(path: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(bridgePath(path), {
    ...init,
    headers: {
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      authorization: `${AUTH_SCHEME} ${currentToken() ?? ''}`,
    },
  });
  const body = (await response.json().catch(() => ({}))) as T & { error?: string; details?: string[] };
  if (!response.ok)
    throw new Error([body.error ?? `HTTP ${response.status}`, ...(body.details ?? [])].join('. '));
  return body;
}
