import type { Surface } from '../core/surface.js';
import type { SurfaceChange } from './changes.js';
import { diffSurfaces } from './diffSurfaces.js';

const TASKS_EXTENSION = 'io.modelcontextprotocol/tasks';

/**
 * What a server's two eras are meant to differ in, taken out before they are compared: `_meta`
 * at every depth (serverInfo and the like ride in it in the modern era), the era and negotiated
 * version themselves, and tasks, which the legacy era declares as a core capability
 * (`capabilities.tasks`, a tool's `execution.taskSupport`) and the modern era as the Tasks
 * extension. `resultType` and cache hints (`ttlMs`, `cacheScope`) belong to list results, not to
 * the surface's items, so they never reach it.
 */
export function eraNeutral(surface: Surface): Surface {
  const { era: _era, protocolVersion: _version, ...rest } = withoutMeta(surface) as Surface;
  const capabilities = { ...(rest.capabilities ?? {}) } as Record<string, unknown>;
  delete capabilities.tasks;
  if (typeof capabilities.extensions === 'object' && capabilities.extensions !== null) {
    const { [TASKS_EXTENSION]: _tasks, ...extensions } = capabilities.extensions as Record<string, unknown>;
    if (Object.keys(extensions).length > 0) capabilities.extensions = extensions;
    else delete capabilities.extensions;
  }
  return {
    ...rest,
    capabilities: capabilities as Surface['capabilities'],
    tools: rest.tools.map((tool) => {
      const { execution: _execution, ...others } = tool as typeof tool & { execution?: unknown };
      return others as typeof tool;
    }),
  };
}

/**
 * Every difference between a server's legacy-era surface and its modern-era one, beyond what the
 * eras are meant to differ in: each change from legacy to modern, whatever its kind (for parity,
 * any difference is one too many).
 */
export function eraDifferences(legacy: Surface, modern: Surface): SurfaceChange[] {
  // The diff's words are of an old and a new version; here the sides are two eras of one server.
  return diffSurfaces(eraNeutral(legacy), eraNeutral(modern)).map((change) => ({
    ...change,
    what: change.what
      .replace(/^(.+) removed$/, '$1 is in the legacy era only')
      .replace(/^(.+) added$/, '$1 is in the modern era only')
      .replace(/ \(clients that .*\)$/, ''),
  }));
}

/** `value` without `_meta` at any depth: what the eras carry there is meant to differ. */
export function withoutMeta(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutMeta);
  if (typeof value !== 'object' || value === null) return value;
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) if (key !== '_meta') copy[key] = withoutMeta(item);
  return copy;
}
