import { API_FRAMES_PATH, AUTH_SCHEME } from '../../shared/http';
import { currentToken } from './token';

/**
 * The whole text of a frame the bridge's history kept only the envelope of, parsed; rejects
 * with words for the person when the bridge no longer has it.
 */
export async function fetchWholeFrame(seq: number): Promise<unknown> {
  const response = await fetch(`${API_FRAMES_PATH}/${seq}`, {
    headers: { authorization: `${AUTH_SCHEME} ${currentToken() ?? ''}` },
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as { error?: string };
    throw new Error(body.error ?? `HTTP ${response.status}`);
  }
  return response.json();
}
