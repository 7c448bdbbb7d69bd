import type { Surface } from '../core/surface.js';
import { ChangeList, isRecord, pathItem, pathKey, sameJson, type SurfaceChange } from './changes.js';
import { NOT_IN_RECORDING } from '../recording/recordedSurface.js';
import { compareSchemas } from './schemaChanges.js';

type Item = Record<string, unknown>;

interface ListShape {
  /** The surface's key, and the path's. */
  key: 'tools' | 'prompts' | 'resources' | 'resourceTemplates';
  /** The method that reads it, as failures are keyed. */
  method: string;
  noun: string;
  /** What names an item. */
  id: (item: Item) => string;
  /** Compares two items of the same name, beyond the keys every item has. */
  compare: (before: Item, after: Item, path: string, label: string, changes: ChangeList) => void;
  /** Keys `compare` handles itself. */
  handled: string[];
}

const LISTS: ListShape[] = [
  {
    key: 'tools',
    method: 'tools/list',
    noun: 'tool',
    id: (item) => String(item.name),
    compare: compareTools,
    handled: ['name', 'inputSchema', 'outputSchema', 'annotations', 'execution'],
  },
  {
    key: 'prompts',
    method: 'prompts/list',
    noun: 'prompt',
    id: (item) => String(item.name),
    compare: comparePrompts,
    handled: ['name', 'arguments'],
  },
  {
    key: 'resources',
    method: 'resources/list',
    noun: 'resource',
    id: (item) => String(item.uri),
    compare: compareMimeType,
    handled: ['uri', 'mimeType'],
  },
  {
    key: 'resourceTemplates',
    method: 'resources/templates/list',
    noun: 'resource template',
    id: (item) => String(item.uriTemplate),
    compare: compareMimeType,
    handled: ['uriTemplate', 'mimeType'],
  },
];

/**
 * Every change from `before` to `after`, classified for a client written against `before`:
 * breaking (a tool, prompt, resource or template removed or renamed; a required argument added; a
 * type narrowed; an enum value removed; an output property removed or made optional; a tool turned
 * destructive or no longer read-only; a capability dropped; a list that no longer reads) or
 * compatible (anything added, widened, or reworded). Breaking changes first, then by path.
 */
export function diffSurfaces(before: Surface, after: Surface): SurfaceChange[] {
  const changes = new ChangeList();
  compareFacts(before, after, changes);
  for (const list of LISTS) compareList(list, before, after, changes);
  return changes.changes.sort(
    (a, b) => (a.kind === b.kind ? 0 : a.kind === 'breaking' ? -1 : 1) || compare(a.path, b.path),
  );
}

/** Whether any change breaks clients: `diff`'s exit code 7. */
/**
 * The lists a side could not give (its `tools/list` failed, say after a dependency mismatch): a
 * comparison with a side unknown is no comparison, so `diff` ends in an error and the page says
 * the comparison is incomplete, whatever the changes it could see. One sentence per failure,
 * naming the side and the first line of the error.
 */
export function failedLists(before: Surface, after: Surface): string[] {
  const said = (side: string, surface: Surface) =>
    Object.entries(surface.failures ?? {})
      .filter(([, error]) => !error.endsWith(NOT_IN_RECORDING))
      .map(([method, error]) => `${method} fails on ${side}: ${error.split('\n')[0]?.trim() ?? ''}`);
  return [...said('the old side', before), ...said('the new side', after)];
}

export function hasBreaking(changes: readonly SurfaceChange[]): boolean {
  return changes.some((change) => change.kind === 'breaking');
}

function compareFacts(before: Surface, after: Surface, changes: ChangeList): void {
  for (const key of ['name', 'version', 'title', 'description', 'websiteUrl'] as const) {
    const was = before.serverInfo?.[key];
    const now = after.serverInfo?.[key];
    if (!sameJson(was, now))
      changes.compatible(pathKey('$.serverInfo', key), `server ${key} changed`, was, now);
  }
  if (before.protocolVersion !== after.protocolVersion)
    changes.compatible(
      '$.protocolVersion',
      `negotiated protocol version changed`,
      before.protocolVersion,
      after.protocolVersion,
    );
  if (before.era !== after.era)
    changes.compatible('$.era', 'the era the server was read in changed', before.era, after.era);
  if (!sameJson(before.instructions, after.instructions))
    changes.compatible('$.instructions', 'instructions changed', before.instructions, after.instructions);
  compareCapabilities(before.capabilities ?? {}, after.capabilities ?? {}, '$.capabilities', changes);
}

/**
 * A capability (or any part of one: `resources.subscribe`, an extension) present before and gone
 * after is dropped: clients that use it break. One added is compatible; a changed leaf value is
 * said as compatible.
 */
function compareCapabilities(before: unknown, after: unknown, path: string, changes: ChangeList): void {
  if (sameJson(before, after)) return;
  if (!isRecord(before) || !isRecord(after)) {
    if (after === undefined || after === false)
      changes.breaking(path, `capability ${capabilityName(path)} dropped`, before, after);
    else changes.compatible(path, `capability ${capabilityName(path)} changed`, before, after);
    return;
  }
  for (const key of Object.keys(before)) {
    const at = pathKey(path, key);
    if (after[key] === undefined)
      changes.breaking(at, `capability ${capabilityName(at)} dropped`, before[key], undefined);
    else compareCapabilities(before[key], after[key], at, changes);
  }
  for (const key of Object.keys(after)) {
    if (before[key] !== undefined) continue;
    const at = pathKey(path, key);
    changes.compatible(at, `capability ${capabilityName(at)} added`, undefined, after[key]);
  }
}

function capabilityName(path: string): string {
  return path.replace(/^\$\.capabilities\.?/, '') || '(all)';
}

function compareList(list: ListShape, before: Surface, after: Surface, changes: ChangeList): void {
  const listPath = `$.${list.key}`;
  const failedAfter = after.failures?.[list.method];
  const failedBefore = before.failures?.[list.method];
  if (failedAfter !== undefined) {
    // Its items are unknown, not removed: one change says so rather than one per item.
    if (failedBefore === undefined)
      changes.breaking(listPath, `${list.method} fails: ${failedAfter}`, undefined, failedAfter);
    return;
  }
  if (failedBefore !== undefined) {
    changes.compatible(
      listPath,
      `${list.method} reads on the new side only (the old side: ${failedBefore})`,
      failedBefore,
      undefined,
    );
    return;
  }
  const wasItems = new Map((before[list.key] as unknown as Item[]).map((item) => [list.id(item), item]));
  const nowItems = new Map((after[list.key] as unknown as Item[]).map((item) => [list.id(item), item]));
  const removed = [...wasItems.keys()].filter((id) => !nowItems.has(id));
  const added = [...nowItems.keys()].filter((id) => !wasItems.has(id));
  const renamed = pairRenames(list, removed, added, wasItems, nowItems);

  for (const [from, to] of renamed) {
    changes.breaking(
      pathItem(listPath, from),
      `${list.noun} "${from}" renamed to "${to}" (clients that use the old name break)`,
      from,
      to,
    );
  }
  for (const id of removed) {
    if (renamed.has(id)) continue;
    changes.breaking(pathItem(listPath, id), `${list.noun} "${id}" removed`, wasItems.get(id), undefined);
  }
  const renamedTo = new Set(renamed.values());
  for (const id of added) {
    if (renamedTo.has(id)) continue;
    changes.compatible(pathItem(listPath, id), `${list.noun} "${id}" added`, undefined, nowItems.get(id));
  }
  for (const [id, was] of wasItems) {
    const now = nowItems.get(id);
    if (now === undefined || sameJson(was, now)) continue;
    const path = pathItem(listPath, id);
    const label = `${list.noun} "${id}"`;
    list.compare(was, now, path, label, changes);
    for (const key of new Set([...Object.keys(was), ...Object.keys(now)])) {
      if (list.handled.includes(key) || sameJson(was[key], now[key])) continue;
      changes.compatible(
        pathKey(path, key),
        `${label}: ${key} ${was[key] === undefined ? 'added' : now[key] === undefined ? 'removed' : 'changed'}`,
        was[key],
        now[key],
      );
    }
  }
}

/**
 * A removed item and an added one are a rename only when nothing else tells them apart (the same
 * schemas, description and annotations) and each has exactly one such partner; otherwise they stay
 * a removal and an addition.
 */
function pairRenames(
  list: ListShape,
  removed: string[],
  added: string[],
  wasItems: Map<string, Item>,
  nowItems: Map<string, Item>,
): Map<string, string> {
  const idKey = list.key === 'resources' ? 'uri' : list.key === 'resourceTemplates' ? 'uriTemplate' : 'name';
  const body = (item: Item): Item => {
    const { [idKey]: _id, title: _title, ...rest } = item;
    return rest;
  };
  const pairs = new Map<string, string>();
  for (const from of removed) {
    const was = body(wasItems.get(from) ?? {});
    const partners = added.filter((to) => sameJson(was, body(nowItems.get(to) ?? {})));
    if (partners.length !== 1) continue;
    const to = partners[0] as string;
    const rivals = removed.filter((other) =>
      sameJson(body(wasItems.get(other) ?? {}), body(nowItems.get(to) ?? {})),
    );
    if (rivals.length === 1) pairs.set(from, to);
  }
  return pairs;
}

function compareTools(before: Item, after: Item, path: string, label: string, changes: ChangeList): void {
  compareSchemas(
    before.inputSchema,
    after.inputSchema,
    pathKey(path, 'inputSchema'),
    'input',
    label,
    changes,
  );
  const outputPath = pathKey(path, 'outputSchema');
  if (before.outputSchema !== undefined && after.outputSchema === undefined) {
    changes.breaking(
      outputPath,
      `${label}: outputSchema removed (clients lose the structured result's promise)`,
      before.outputSchema,
      undefined,
    );
  } else if (before.outputSchema === undefined && after.outputSchema !== undefined) {
    changes.compatible(outputPath, `${label}: outputSchema added`, undefined, after.outputSchema);
  } else if (before.outputSchema !== undefined) {
    compareSchemas(before.outputSchema, after.outputSchema, outputPath, 'output', label, changes);
  }
  compareAnnotations(before, after, path, label, changes);
  compareExecution(before, after, path, label, changes);
}

/** What each hint means when it is absent (the spec's defaults). */
const HINT_DEFAULTS: Record<string, boolean> = {
  readOnlyHint: false,
  destructiveHint: true,
  idempotentHint: false,
  openWorldHint: true,
};

/**
 * The hints a client decides by: effective values, with the spec's defaults (readOnlyHint false;
 * destructiveHint true, meaningful only when not read-only; idempotentHint false; openWorldHint
 * true). A tool turned destructive, no longer read-only or no longer idempotent breaks a client
 * that calls it without asking, or retries it.
 */
function compareAnnotations(
  before: Item,
  after: Item,
  path: string,
  label: string,
  changes: ChangeList,
): void {
  const was = isRecord(before.annotations) ? before.annotations : {};
  const now = isRecord(after.annotations) ? after.annotations : {};
  if (sameJson(was, now)) return;
  const at = pathKey(path, 'annotations');
  const effective = (hints: Record<string, unknown>) => {
    const readOnly = hints.readOnlyHint === true;
    return {
      readOnly,
      destructive: !readOnly && hints.destructiveHint !== false,
      idempotent: hints.idempotentHint === true,
    };
  };
  const a = effective(was);
  const b = effective(now);
  const judged = new Set<string>();
  if (a.readOnly !== b.readOnly) {
    judged.add('readOnlyHint');
    changes.add(
      a.readOnly ? 'breaking' : 'compatible',
      pathKey(at, 'readOnlyHint'),
      `${label}: ${a.readOnly ? 'no longer read-only' : 'now read-only'}`,
      was.readOnlyHint,
      now.readOnlyHint,
    );
  }
  if (a.destructive !== b.destructive) {
    judged.add('destructiveHint');
    changes.add(
      b.destructive ? 'breaking' : 'compatible',
      pathKey(at, 'destructiveHint'),
      `${label}: ${b.destructive ? 'now destructive' : 'no longer destructive'}`,
      was.destructiveHint,
      now.destructiveHint,
    );
  }
  if (a.idempotent !== b.idempotent) {
    judged.add('idempotentHint');
    changes.add(
      a.idempotent ? 'breaking' : 'compatible',
      pathKey(at, 'idempotentHint'),
      `${label}: ${a.idempotent ? 'no longer idempotent (a retry may repeat its effect)' : 'now idempotent'}`,
      was.idempotentHint,
      now.idempotentHint,
    );
  }
  for (const key of new Set([...Object.keys(was), ...Object.keys(now)])) {
    if (judged.has(key) || sameJson(was[key], now[key])) continue;
    // A hint made explicit with the value its absence meant ("destructiveHint": true where it was
    // left out) tells a client nothing new.
    if (key in HINT_DEFAULTS && (was[key] ?? HINT_DEFAULTS[key]) === (now[key] ?? HINT_DEFAULTS[key]))
      continue;
    changes.compatible(pathKey(at, key), `${label}: annotation ${key} changed`, was[key], now[key]);
  }
}

/** A tool that now requires being run as a task fails for clients that call it plainly. */
function compareExecution(before: Item, after: Item, path: string, label: string, changes: ChangeList): void {
  if (sameJson(before.execution, after.execution)) return;
  const support = (item: Item) => (isRecord(item.execution) ? item.execution.taskSupport : undefined);
  const was = support(before);
  const now = support(after);
  const at = pathKey(path, 'execution');
  if (now === 'required' && was !== 'required') {
    changes.breaking(pathKey(at, 'taskSupport'), `${label}: must now be run as a task`, was, now);
  } else if (was !== undefined && was !== 'forbidden' && (now === undefined || now === 'forbidden')) {
    changes.breaking(pathKey(at, 'taskSupport'), `${label}: can no longer be run as a task`, was, now);
  } else {
    changes.compatible(at, `${label}: execution changed`, before.execution, after.execution);
  }
}

function comparePrompts(before: Item, after: Item, path: string, label: string, changes: ChangeList): void {
  const list = (item: Item) =>
    new Map(
      (Array.isArray(item.arguments) ? item.arguments : [])
        .filter(isRecord)
        .map((argument) => [String(argument.name), argument]),
    );
  const was = list(before);
  const now = list(after);
  const at = pathKey(path, 'arguments');
  for (const [name, argument] of was) {
    const other = now.get(name);
    const argPath = pathItem(at, name);
    if (other === undefined) {
      changes.breaking(
        argPath,
        `${label}: argument "${name}" removed (clients that send it may be refused)`,
        argument,
        undefined,
      );
      continue;
    }
    if (argument.required !== true && other.required === true)
      changes.breaking(
        pathKey(argPath, 'required'),
        `${label}: argument "${name}" is now required`,
        argument.required,
        other.required,
      );
    if (argument.required === true && other.required !== true)
      changes.compatible(
        pathKey(argPath, 'required'),
        `${label}: argument "${name}" is now optional`,
        argument.required,
        other.required,
      );
    for (const key of new Set([...Object.keys(argument), ...Object.keys(other)])) {
      if (key === 'required' || key === 'name' || sameJson(argument[key], other[key])) continue;
      changes.compatible(
        pathKey(argPath, key),
        `${label}: argument "${name}" ${key} changed`,
        argument[key],
        other[key],
      );
    }
  }
  for (const [name, argument] of now) {
    if (was.has(name)) continue;
    const required = argument.required === true;
    changes.add(
      required ? 'breaking' : 'compatible',
      pathItem(at, name),
      `${label}: ${required ? 'required' : 'optional'} argument "${name}" added`,
      undefined,
      argument,
    );
  }
}

/** Clients that parse a resource by its type break when the type changes. */
function compareMimeType(before: Item, after: Item, path: string, label: string, changes: ChangeList): void {
  if (sameJson(before.mimeType, after.mimeType)) return;
  const at = pathKey(path, 'mimeType');
  if (before.mimeType === undefined)
    changes.compatible(at, `${label}: MIME type now given`, undefined, after.mimeType);
  else changes.breaking(at, `${label}: MIME type changed`, before.mimeType, after.mimeType);
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
