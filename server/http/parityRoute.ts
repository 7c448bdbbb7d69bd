import { existsSync } from 'node:fs';
import type { Request, Response } from 'express';
import type { Collection } from '../../shared/collections/format.js';
import { callDifferences } from '../../shared/surfaceDiff/callParity.js';
import { eraDifferences } from '../../shared/surfaceDiff/eraParity.js';
import type { TargetSpec } from '../targets/targetSpec.js';
import { loadCollectionFile } from '../session/collectionFile.js';
import { VerbFailure } from '../session/exitCodes.js';
import { readEra } from '../session/surfaceInEra.js';

/** How long each era's connection, lists and each call may take, as `parity`'s default --timeout. */
const PARITY_TIMEOUT_MS = 60_000;

/**
 * The page's era parity action: the session's target (its command, or URL and headers, as the
 * bridge holds them) opened twice more, once per era, as `mcp-inspect parity` does, and the
 * differences answered as JSON. When the bridge's collection file (`--collection`) is there and
 * parses, its calls are run in both eras too and their results compared, as `parity --collection`
 * does; one that does not parse is said, and the lists are compared alone. One check at a time: a
 * second while one runs is refused (409), so a page cannot make the bridge start servers without
 * bound. Behind the /api token like every route. OAuth tokens of the session are not used: a
 * server behind OAuth fails with its 401.
 */
export function parityRoute(spec: () => TargetSpec, collectionFile?: string) {
  let running = false;
  return async (_req: Request, res: Response): Promise<void> => {
    if (running) {
      res.status(409).json({ error: 'an era parity check is running already' });
      return;
    }
    running = true;
    try {
      const notice = () => undefined;
      const target = spec();
      const calls = readCollection(collectionFile);
      const options = {
        timeoutMs: PARITY_TIMEOUT_MS,
        notice,
        ...(calls && 'collection' in calls ? { collection: calls.collection } : {}),
      };
      const legacy = await readEra(target, 'legacy', options);
      const modern = await readEra(target, 'modern', options);
      const differences = [
        ...eraDifferences(legacy.surface, modern.surface),
        ...(legacy.calls && modern.calls
          ? callDifferences(legacy.calls, modern.calls, options.collection)
          : []),
      ];
      res.json({
        agree: differences.length === 0,
        differences,
        legacy: {
          protocolVersion: legacy.surface.protocolVersion ?? null,
          tools: legacy.surface.tools.length,
        },
        modern: {
          protocolVersion: modern.surface.protocolVersion ?? null,
          tools: modern.surface.tools.length,
        },
        ...(calls && 'collection' in calls
          ? { collection: { path: calls.path, calls: calls.collection.items.length } }
          : {}),
        ...(calls && 'problem' in calls ? { collectionProblem: calls.problem } : {}),
      });
    } catch (error) {
      const message = error instanceof VerbFailure ? error.message : (error as Error).message;
      res.status(502).json({ error: message });
    } finally {
      running = false;
    }
  };
}

/** The bridge's collection file, read afresh for each check (the page may have just saved a call to it). */
function readCollection(
  path: string | undefined,
): { path: string; collection: Collection } | { problem: string } | undefined {
  if (path === undefined || !existsSync(path)) return undefined;
  const loaded = loadCollectionFile(path);
  if ('error' in loaded) return { problem: `${loaded.error}: its calls were not run` };
  if (loaded.collection.items.length === 0) return undefined;
  return { path, collection: loaded.collection };
}
