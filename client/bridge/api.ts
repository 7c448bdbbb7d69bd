import type { Surface } from '../../shared/core/surface';
import { API_COMPARE_TARGET_PATH, API_FRAMES_PATH, API_PARITY_PATH, AUTH_SCHEME } from '../../shared/http';
import type { TargetRequest } from '../../shared/wire';
import { currentToken } from './token';
import { bridgePath } from './serverPath';

/**
 * The whole text of a frame the bridge's history kept only the envelope of, parsed; rejects
 * with words for the person when the bridge no longer has it.
 */
export async function fetchWholeFrame(seq: number): Promise<unknown> {
  const response = await fetch(bridgePath(`${API_FRAMES_PATH}/${seq}`), {
    headers: { authorization: `${AUTH_SCHEME} ${currentToken() ?? ''}` },
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as { error?: string };
    throw new Error(body.error ?? `HTTP ${response.status}`);
  }
  return response.json();
}

/** The bridge's era parity check of the connected target (see server/http/parityRoute.ts). */
export interface ParityReport {
  agree: boolean;
  differences: { kind: string; path: string; what: string; before?: unknown; after?: unknown }[];
  legacy: { protocolVersion: string | null; tools: number };
  modern: { protocolVersion: string | null; tools: number };
  /** The bridge's collection file, when its calls were run in both eras too. */
  collection?: { path: string; calls: number };
  /** The collection file is there but was not usable: why (the lists were compared alone). */
  collectionProblem?: string;
}

/** Asks the bridge to read the target in both eras and compare; rejects with words for the person. */
export async function checkEraParity(): Promise<ParityReport> {
  const response = await fetch(bridgePath(API_PARITY_PATH), {
    method: 'POST',
    headers: { authorization: `${AUTH_SCHEME} ${currentToken() ?? ''}` },
  });
  const body = (await response.json().catch(() => ({}))) as ParityReport & { error?: string };
  if (!response.ok) throw new Error(body.error ?? `HTTP ${response.status}`);
  return body;
}

/** Another server's surface, read by the bridge over a short-lived connection (see server/compareTargetRoute.ts). */
export async function readOtherServer(target: TargetRequest): Promise<{ surface: Surface }> {
  const response = await fetch(bridgePath(API_COMPARE_TARGET_PATH), {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `${AUTH_SCHEME} ${currentToken() ?? ''}`,
    },
    body: JSON.stringify({ target }),
  });
  const body = (await response.json().catch(() => ({}))) as {
    surface?: Surface;
    error?: string;
    details?: string[];
  };
  if (!response.ok || !body.surface)
    throw new Error([body.error ?? `HTTP ${response.status}`, ...(body.details ?? [])].join('. '));
  return { surface: body.surface };
}
