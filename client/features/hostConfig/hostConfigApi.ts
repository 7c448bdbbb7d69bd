import { API_HOST_CONFIG_PATH } from '../../../shared/http';
import type {
  HostConfigChange,
  HostConfigRequest,
  HostConfigView,
  HostLocationView,
} from '../../../shared/hostConfigWire';
import { bridgeRequest } from '../../bridge/bridgeRequest';

export type { HostConfigChange, HostConfigView, HostLocationView };

const call = bridgeRequest;

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
