import { existsSync } from 'node:fs';
import type { Collection } from '../../shared/collections/format.js';
import { callDifferences } from '../../shared/surfaceDiff/callParity.js';
import { eraDifferences } from '../../shared/surfaceDiff/eraParity.js';
import type { TargetSpec } from '../targets/targetSpec.js';
import { loadCollectionFile } from '../session/collectionFile.js';
import { readEra } from '../session/surfaceInEra.js';

/** How long each era's connection, lists and each call may take, as `parity`'s default --timeout. */
const PARITY_TIMEOUT_MS = 60_000;

/**
 * The era parity check the page asks for (parityRoute.ts): the target opened once per era, as
 * `mcp-inspect parity` does, the differences of its lists and, when the collection file is there
 * and parses, of its calls' results. Its own module, loaded when asked: the sessions it opens
 * bring the MCP SDK's client, and the comparisons the diff engine, which the bridge's start does
 * not need.
 */
export async function checkEraParity(target: TargetSpec, collectionFile: string | undefined) {
  const notice = () => undefined;
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
    ...(legacy.calls && modern.calls ? callDifferences(legacy.calls, modern.calls, options.collection) : []),
  ];
  return {
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
