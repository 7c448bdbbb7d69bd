import type { Surface } from '../core/surface.js';
import { pathItem, pathKey, type SurfaceChange } from './changes.js';

/** One line of the side-by-side view: an item on either side, or both, aligned by its name. */
export interface AlignedRow {
  /** The name (a resource's URI, a template's URI template, a capability's key). */
  key: string;
  before?: unknown;
  after?: unknown;
  /** `removed`: on the left only; `added`: on the right only; `changed`: both, with changes. */
  status: 'same' | 'removed' | 'added' | 'changed';
  /** The changes inside this item, each with its path from the item (`inputSchema.required`). */
  changes: (SurfaceChange & { field: string })[];
  /** Whether one of its changes is breaking for clients. */
  breaking: boolean;
}

export interface AlignedSection {
  title: string;
  rows: AlignedRow[];
}

type Keyed = { key: string; value: unknown };

/**
 * Two surfaces as two columns, for a person to read side by side: server facts, capabilities,
 * tools, resources, templates and prompts, each item on one row with its counterpart (aligned by
 * name, sorted), and the comparison's changes put on the row they are in. The comparison itself
 * is diffSurfaces's; this only lays it out.
 */
export function alignSurfaces(
  before: Surface,
  after: Surface,
  changes: readonly SurfaceChange[],
): AlignedSection[] {
  const facts = (surface: Surface): Keyed[] =>
    (['serverInfo', 'protocolVersion', 'era', 'instructions'] as const)
      .filter((key) => surface[key] !== undefined)
      .map((key) => ({ key, value: surface[key] }));
  const capabilities = (surface: Surface): Keyed[] =>
    Object.entries(surface.capabilities ?? {}).map(([key, value]) => ({ key, value }));
  const named = <T>(items: readonly T[], key: (item: T) => string): Keyed[] =>
    items.map((item) => ({ key: key(item), value: item }));
  const sections: [string, string, (surface: Surface) => Keyed[], 'key' | 'item'][] = [
    ['Server', '$', facts, 'key'],
    ['Capabilities', '$.capabilities', capabilities, 'key'],
    ['Tools', '$.tools', (s) => named(s.tools, (t) => t.name), 'item'],
    ['Resources', '$.resources', (s) => named(s.resources, (r) => r.uri), 'item'],
    [
      'Resource templates',
      '$.resourceTemplates',
      (s) => named(s.resourceTemplates, (t) => t.uriTemplate),
      'item',
    ],
    ['Prompts', '$.prompts', (s) => named(s.prompts, (p) => p.name), 'item'],
  ];
  return sections.map(([title, base, read, addressing]) => {
    const left = new Map(read(before).map((entry) => [entry.key, entry.value]));
    const right = new Map(read(after).map((entry) => [entry.key, entry.value]));
    const keys = [...new Set([...left.keys(), ...right.keys()])].sort();
    return {
      title,
      rows: keys.map((key) => {
        const at = addressing === 'key' ? pathKey(base, key) : pathItem(base, key);
        const inside = changes
          .filter(
            (change) =>
              change.path === at || change.path.startsWith(`${at}.`) || change.path.startsWith(`${at}[`),
          )
          .map((change) => ({ ...change, field: change.path.slice(at.length).replace(/^\./, '') }));
        const status: AlignedRow['status'] = !right.has(key)
          ? 'removed'
          : !left.has(key)
            ? 'added'
            : inside.length > 0
              ? 'changed'
              : 'same';
        return {
          key,
          ...(left.has(key) ? { before: left.get(key) } : {}),
          ...(right.has(key) ? { after: right.get(key) } : {}),
          status,
          changes: inside,
          breaking: inside.some((change) => change.kind === 'breaking'),
        };
      }),
    };
  });
}
