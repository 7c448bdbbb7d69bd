import type { HostLocationView } from '../../shared/hostConfigWire';
import { API_WORKSPACE_PATH } from '../../shared/workspace/pageWire';
import { shellRequest } from './shellToken';

/** One server of a host's config as the workspace would take it. */
export interface ImportedServerView {
  /** Its id in the host's file. */
  from: string;
  server: { name: string; command?: string; args?: string[]; url?: string };
  /** What was changed on the way: a secret made a reference, a name changed. */
  notes: string[];
}

export interface ImportPreview {
  config: string;
  file: string;
  imported: ImportedServerView[];
  skipped: string[];
  written?: boolean;
}

/**
 * The Hosts tab's route (shared/http.ts's API_HOST_CONFIG_PATH), written out: that module is in the
 * first chunk of a server's page (see shellToken.ts); importApi.test.ts holds the two together.
 */
export const HOST_LOCATIONS_PATH = '/api/host-config/locations';

/** The hosts' config files on this machine, and which are there. */
export function hostLocations(): Promise<HostLocationView[]> {
  return shellRequest(HOST_LOCATIONS_PATH);
}

/** What importing would add (`dryRun`), or the import done: written, and its servers started. */
export function importServers(
  config: string,
  servers: string[] | undefined,
  dryRun: boolean,
): Promise<ImportPreview> {
  return shellRequest(`${API_WORKSPACE_PATH}/import`, {
    method: 'POST',
    body: JSON.stringify({ config, dryRun, ...(servers ? { servers } : {}) }),
  });
}
