import { API_HOST_CONFIG_PATH, AUTH_SCHEME } from '../../../shared/http';
import type {
  HostConfigChange,
  HostConfigRequest,
  HostConfigView,
  HostLocationView,
} from '../../../shared/hostConfigWire';
import { currentToken } from '../../bridge/token';

export type { HostConfigChange, HostConfigView, HostLocationView };

async function call<T>(path: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(path, {
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

/** The hosts' default config files on the bridge's machine, and which are there. */
export function hostLocations(): Promise<HostLocationView[]> {
  return call(`${API_HOST_CONFIG_PATH}/locations`);
}

export function readHostConfig(config: string): Promise<HostConfigView> {
  return call(API_HOST_CONFIG_PATH, { method: 'POST', body: JSON.stringify({ action: 'read', config }) });
}

/** A wrap or unwrap: previewed (`dryRun`) or written. */
export function changeHostConfig(request: HostConfigRequest): Promise<HostConfigChange> {
  return call(API_HOST_CONFIG_PATH, { method: 'POST', body: JSON.stringify(request) });
}
