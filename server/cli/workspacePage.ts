import type { RunningWorkspaceBridge } from '../http/workspaceBridge.js';
import { scaledMemoryLimits } from '../targets/memoryLimits.js';
import type { PageServer } from '../workspace/pageServers.js';
import type { CliConfig } from './cliOptions.js';

export interface PageStart {
  token: string;
  clientDir: string;
  appSandboxDir: string;
  version: string;
  log: (line: string) => void;
  killGraceMs: number;
  memoryScale: number | undefined;
}

/** `mcp-inspect --all`: the bridge of every server of the workspace, each under its own path. */
export async function startWorkspacePage(
  config: CliConfig,
  servers: PageServer[],
  file: string,
  start: PageStart,
): Promise<RunningWorkspaceBridge> {
  const [{ startWorkspaceBridge }, { openBrowser, openerFor }] = await Promise.all([
    import('../http/workspaceBridge.js'),
    import('../oauth/openBrowser.js'),
  ]);
  return startWorkspaceBridge({
    servers,
    file,
    ...(config.workspace ? { reread: config.workspace.reread, revision: config.workspace.revision } : {}),
    token: start.token,
    host: config.host,
    port: config.port,
    clientDir: start.clientDir,
    appSandboxDir: start.appSandboxDir,
    version: start.version,
    log: start.log,
    collectionFile: config.collectionFile,
    captures: {},
    ...(Number.isInteger(start.killGraceMs) && start.killGraceMs > 0
      ? { tuning: { killGraceMs: start.killGraceMs } }
      : {}),
    ...(start.memoryScale !== undefined ? { limits: scaledMemoryLimits(start.memoryScale) } : {}),
    ...(config.open ? { openUrl: (url: string) => void openBrowser(url, openerFor(url)) } : {}),
  });
}
