import { existsSync, realpathSync } from 'node:fs';
import express, { type Request, type Response, type Router } from 'express';
import { API_HOST_CONFIG_PATH } from '../../shared/http.js';
import {
  HostConfigRequestSchema,
  type HostConfigChange,
  type HostConfigView,
  type HostLocationView,
} from '../../shared/hostConfigWire.js';
import { maskUrl } from '../../shared/urlSecrets.js';
import { maskWords } from '../hostConfigs/displayMask.js';
import {
  currentPlace,
  resolveConfigPath,
  SHORTHANDS,
  type PlaceContext,
} from '../hostConfigs/hostLocations.js';
import {
  launcherFor,
  proxyCommandWords,
  shellLine,
  unwrappedCommand,
  type ProxyLauncher,
} from '../hostConfigs/proxyEntry.js';
import { listServers, unwrapFile, wrapFile, WrapRefusal, type FileReport } from '../hostConfigs/wrapFile.js';

/** A path and a few names: far below this. */
const MAX_BODY = '16kb';

/**
 * The page's "Put a host on the proxy" (behind the /api token and Origin check like every route):
 * the same reader, edits, backup and masking as `mcp-inspect wrap`/`unwrap`. A wrap or unwrap is
 * previewed (`dryRun`, the default) before it is written; one change at a time (409).
 * `launcher`: how the wrapped entries start mcp-inspect: by default this very bridge's script.
 */
export function hostConfigRouter(
  launcher: () => ProxyLauncher = bridgeLauncher,
  place: () => PlaceContext = currentPlace,
): Router {
  const router = express.Router();
  let changing = false;
  router.get(`${API_HOST_CONFIG_PATH}/locations`, (_req: Request, res: Response) => {
    const here = place();
    const locations: HostLocationView[] = SHORTHANDS.map((entry) => {
      const path = entry.resolve(here);
      return { name: entry.name, what: entry.what, path, exists: existsSync(path) };
    });
    res.json(locations);
  });
  router.post(
    API_HOST_CONFIG_PATH,
    express.json({ limit: MAX_BODY }),
    async (req: Request, res: Response) => {
      const parsed = HostConfigRequestSchema.safeParse(req.body);
      if (!parsed.success) {
        res.status(400).json({
          error: parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; '),
        });
        return;
      }
      const { action, servers, all, dryRun } = parsed.data;
      const here = place();
      const config = resolveConfigPath(parsed.data.config, here);
      if (action !== 'read' && !dryRun && changing) {
        res.status(409).json({ error: 'another change to a config file is being written' });
        return;
      }
      try {
        if (action === 'read') {
          res.json(viewOf(config, here));
          return;
        }
        if (!dryRun) changing = true;
        const request = { config, servers, all, dryRun, place: here };
        const how = launcher();
        const report = action === 'wrap' ? await wrapFile(request, how) : unwrapFile(request);
        res.json(changeOf(report, how));
      } catch (error) {
        if (!(error instanceof WrapRefusal)) {
          // A folder that cannot be made, a disk that is full: said, and the bridge goes on.
          res.status(500).json({ error: (error as Error).message });
          return;
        }
        res
          .status(400)
          .json({ error: error.message, ...(error.details.length > 0 ? { details: error.details } : {}) });
      } finally {
        if (!dryRun) changing = false;
      }
    },
  );
  return router;
}

/** The bridge's own script (the CLI's bin, its npm link resolved), run by this Node. */
function bridgeLauncher(): ProxyLauncher {
  const script = process.argv[1] ?? '';
  try {
    return launcherFor(realpathSync(script));
  } catch {
    return launcherFor(script);
  }
}

function viewOf(config: string, place: PlaceContext): HostConfigView {
  const listed = listServers(config, place);
  return {
    config,
    host: listed.host ?? null,
    servers: listed.servers.map(({ server, wrapped }) => {
      const original =
        server.kind === 'stdio' ? (unwrappedCommand(server.command ?? '', server.args) ?? server) : undefined;
      return {
        id: server.id,
        kind: server.kind,
        shown: original
          ? shellLine(maskWords([original.command ?? '', ...original.args]))
          : maskUrl(server.url ?? ''),
        wrapped,
      };
    }),
    unreadable: listed.unreadable,
  };
}

function changeOf(report: FileReport, launcher: ProxyLauncher): HostConfigChange {
  return {
    config: report.config,
    host: report.host ?? null,
    diff: report.diff,
    written: report.written,
    record: report.record,
    changed: report.changed.map((entry) => ({
      ...entry,
      ...(entry.url === undefined ? {} : { url: maskUrl(entry.url) }),
      ...(entry.url === undefined || entry.port === undefined
        ? {}
        : { proxyCommand: shellLine(maskWords(proxyCommandWords(launcher, entry.url, entry.port))) }),
    })),
    skipped: report.skipped,
    ...(report.restored ? { restored: true } : {}),
    ...(report.changedSinceWrap ? { changedSinceWrap: true } : {}),
    ...(report.noRecord ? { noRecord: true } : {}),
  };
}
