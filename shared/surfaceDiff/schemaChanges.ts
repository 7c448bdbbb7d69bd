import { isRecord, pathKey, sameJson, type ChangeList } from './changes.js';

/**
 * Which way values flow through a schema. `input` (a tool's inputSchema): the client writes values
 * and the server must accept them, so a schema that accepts less (narrowed) breaks clients.
 * `output` (an outputSchema): the server writes and the client reads, so a schema that allows more
 * (widened), or promises less (a property removed, or made optional), breaks clients.
 */
export type Flow = 'input' | 'output';

/** Lower bounds: raising one accepts less. Upper bounds: lowering one accepts less. */
const LOWER_BOUNDS = ['minimum', 'exclusiveMinimum', 'minLength', 'minItems', 'minProperties'] as const;
const UPPER_BOUNDS = ['maximum', 'exclusiveMaximum', 'maxLength', 'maxItems', 'maxProperties'] as const;
/** Keywords that only restrict: present (or changed) accepts less than absent. */
const RESTRICTIONS = ['pattern', 'format', 'const', 'multipleOf', 'uniqueItems'] as const;
/** Combinators whose change mcp-inspect does not reason about: said as breaking, to be reviewed. */
const COMBINATORS = ['anyOf', 'oneOf', 'allOf', 'not', 'if', 'then', 'else', '$ref'] as const;
/** Words for people: a change to them never breaks a client. */
const WORDS = ['title', 'description', 'examples', 'default', '$comment', 'deprecated'] as const;
/** Handled above, or structure walked below. */
const WALKED = new Set<string>([
  'type',
  'enum',
  'properties',
  'required',
  'items',
  'additionalProperties',
  '$schema',
  ...LOWER_BOUNDS,
  ...UPPER_BOUNDS,
  ...RESTRICTIONS,
  ...COMBINATORS,
  ...WORDS,
]);

/** Compares two JSON Schemas at `path`; `label` names the value for the sentences ("argument city"). */
export function compareSchemas(
  before: unknown,
  after: unknown,
  path: string,
  flow: Flow,
  label: string,
  changes: ChangeList,
): void {
  if (sameJson(before, after)) return;
  if (!isRecord(before) || !isRecord(after)) {
    // `true`/`false` schemas, or something that is not a schema: compared whole.
    changes.breaking(path, `${label}: the schema changed`, before, after);
    return;
  }
  const narrowedKind = flow === 'input' ? 'breaking' : 'compatible';
  const widenedKind = flow === 'input' ? 'compatible' : 'breaking';

  compareTypes(before, after, path, label, narrowedKind, widenedKind, changes);
  compareEnums(before, after, path, label, narrowedKind, widenedKind, changes);

  for (const key of LOWER_BOUNDS)
    compareBound(before, after, key, 'lower', path, label, narrowedKind, widenedKind, changes);
  for (const key of UPPER_BOUNDS)
    compareBound(before, after, key, 'upper', path, label, narrowedKind, widenedKind, changes);
  for (const key of RESTRICTIONS) {
    const was = before[key];
    const now = after[key];
    if (sameJson(was, now)) continue;
    // Added or changed restricts (a changed pattern may reject what the old one let through).
    const narrowed = now !== undefined;
    changes.add(
      narrowed ? narrowedKind : widenedKind,
      pathKey(path, key),
      `${label}: ${key} ${was === undefined ? 'added' : now === undefined ? 'removed' : 'changed'}`,
      was,
      now,
    );
  }
  for (const key of COMBINATORS) {
    if (sameJson(before[key], after[key])) continue;
    changes.breaking(
      pathKey(path, key),
      `${label}: ${key} changed (whether it accepts more or less is not worked out: review it)`,
      before[key],
      after[key],
    );
  }
  for (const key of WORDS) {
    if (sameJson(before[key], after[key])) continue;
    changes.compatible(pathKey(path, key), `${label}: ${key} changed`, before[key], after[key]);
  }

  compareObjects(before, after, path, flow, label, narrowedKind, widenedKind, changes);

  if (!sameJson(before.items, after.items)) {
    if (isRecord(before.items) && isRecord(after.items)) {
      compareSchemas(before.items, after.items, pathKey(path, 'items'), flow, `${label} items`, changes);
    } else {
      changes.add(
        after.items === undefined ? widenedKind : narrowedKind,
        pathKey(path, 'items'),
        `${label}: items ${before.items === undefined ? 'restricted' : after.items === undefined ? 'no longer restricted' : 'changed'}`,
        before.items,
        after.items,
      );
    }
  }

  // Keywords of no known meaning here (vendor extensions such as x-mcp-header): said, not judged.
  const others = new Set([...Object.keys(before), ...Object.keys(after)].filter((key) => !WALKED.has(key)));
  for (const key of others) {
    if (sameJson(before[key], after[key])) continue;
    changes.compatible(pathKey(path, key), `${label}: ${key} changed`, before[key], after[key]);
  }
}

/**
 * The limits an integer has without any bound: what a caller can send as an exact JSON number
 * (zod writes them out for z.number().int(): `maximum: 9007199254740991`). A bound at or past its
 * type's own limit lets through what its absence let through.
 */
const TYPE_LIMITS: Partial<Record<string, { lower: number; upper: number }>> = {
  integer: { lower: Number.MIN_SAFE_INTEGER, upper: Number.MAX_SAFE_INTEGER },
};

function typeLimit(schema: Record<string, unknown>, side: 'lower' | 'upper'): number | undefined {
  const types =
    typeof schema.type === 'string' ? [schema.type] : Array.isArray(schema.type) ? schema.type : [];
  if (types.length !== 1) return undefined;
  return TYPE_LIMITS[String(types[0])]?.[side];
}

/**
 * One bound, judged by what a caller could send before and not after. A numeric bound is first
 * read as its effective value: one at or past the type's own limit is the same as none.
 */
function compareBound(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  key: string,
  side: 'lower' | 'upper',
  path: string,
  label: string,
  narrowedKind: 'breaking' | 'compatible',
  widenedKind: 'breaking' | 'compatible',
  changes: ChangeList,
): void {
  const was = before[key];
  const now = after[key];
  if (sameJson(was, now)) return;
  const numeric =
    key === 'minimum' || key === 'maximum' || key === 'exclusiveMinimum' || key === 'exclusiveMaximum';
  const effective = (value: unknown, schema: Record<string, unknown>): number | undefined => {
    if (typeof value !== 'number') return undefined;
    const limit = numeric ? typeLimit(schema, side) : undefined;
    if (limit === undefined) return value;
    return side === 'upper' ? (value >= limit ? undefined : value) : value <= limit ? undefined : value;
  };
  const wasAt = effective(was, before);
  const nowAt = effective(now, after);
  const noun = side === 'lower' ? ['raised', 'lowered'] : ['lowered', 'raised'];
  const verb = was === undefined ? 'added' : now === undefined ? 'removed' : undefined;
  if (
    wasAt === nowAt &&
    (typeof was === 'number' || was === undefined) &&
    (typeof now === 'number' || now === undefined)
  ) {
    const limitOf = typeof now === 'number' ? now : (was as number);
    changes.compatible(
      pathKey(path, key),
      `${label}: ${key} ${verb ?? 'changed'} at the integer's own limit (${limitOf}): a caller can send the same values`,
      was,
      now,
    );
    return;
  }
  const tighter = side === 'upper' ? (a: number, b: number) => a < b : (a: number, b: number) => a > b;
  const narrowed =
    now !== undefined &&
    (typeof now !== 'number' || nowAt !== undefined) &&
    (wasAt === undefined || (nowAt !== undefined && tighter(nowAt, wasAt)) || typeof was !== 'number');
  changes.add(
    narrowed ? narrowedKind : widenedKind,
    pathKey(path, key),
    `${label}: ${key} ${verb ?? (narrowed ? noun[0] : noun[1])}`,
    was,
    now,
  );
}

function compareObjects(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  path: string,
  flow: Flow,
  label: string,
  narrowedKind: 'breaking' | 'compatible',
  widenedKind: 'breaking' | 'compatible',
  changes: ChangeList,
): void {
  const wasProps = isRecord(before.properties) ? before.properties : {};
  const nowProps = isRecord(after.properties) ? after.properties : {};
  const wasRequired = new Set(stringList(before.required));
  const nowRequired = new Set(stringList(after.required));
  const propsPath = pathKey(path, 'properties');
  const noun = flow === 'input' ? 'argument' : 'property';
  const prefix = label === '' ? '' : `${label}: `;

  for (const name of Object.keys(wasProps)) {
    const at = pathKey(propsPath, name);
    if (!(name in nowProps)) {
      changes.breaking(
        at,
        flow === 'input'
          ? `${prefix}${noun} "${name}" removed (clients that send it may be refused)`
          : `${prefix}${noun} "${name}" removed from the output (clients that read it get nothing)`,
        wasProps[name],
        undefined,
      );
      continue;
    }
    compareSchemas(wasProps[name], nowProps[name], at, flow, `${noun} "${name}"`, changes);
    const wasReq = wasRequired.has(name);
    const nowReq = nowRequired.has(name);
    if (wasReq === nowReq) continue;
    const requiredPath = pathKey(path, 'required');
    if (flow === 'input') {
      changes.add(
        nowReq ? 'breaking' : 'compatible',
        requiredPath,
        `${prefix}${noun} "${name}" ${nowReq ? 'is now required' : 'is now optional'}`,
        [...wasRequired],
        [...nowRequired],
      );
    } else {
      changes.add(
        nowReq ? 'compatible' : 'breaking',
        requiredPath,
        `${prefix}${noun} "${name}" ${nowReq ? 'is now always given' : 'made optional in the output (clients may not get it)'}`,
        [...wasRequired],
        [...nowRequired],
      );
    }
  }
  for (const name of Object.keys(nowProps)) {
    if (name in wasProps) continue;
    const at = pathKey(propsPath, name);
    const required = nowRequired.has(name);
    if (flow === 'input') {
      changes.add(
        required ? 'breaking' : 'compatible',
        at,
        `${prefix}${required ? 'required' : 'optional'} ${noun} "${name}" added`,
        undefined,
        nowProps[name],
      );
    } else {
      changes.compatible(at, `${prefix}${noun} "${name}" added to the output`, undefined, nowProps[name]);
    }
  }
  // A required name with no property of its own (allowed by JSON Schema) still binds.
  for (const name of nowRequired) {
    if (name in nowProps || wasRequired.has(name) || name in wasProps) continue;
    changes.add(
      flow === 'input' ? 'breaking' : 'compatible',
      pathKey(path, 'required'),
      `${prefix}${noun} "${name}" is now required`,
      [...wasRequired],
      [...nowRequired],
    );
  }

  const wasExtra = before.additionalProperties;
  const nowExtra = after.additionalProperties;
  if (!sameJson(wasExtra, nowExtra)) {
    const closes = nowExtra === false && wasExtra !== false;
    const opens = wasExtra === false && nowExtra !== false;
    changes.add(
      closes ? narrowedKind : opens ? widenedKind : 'breaking',
      pathKey(path, 'additionalProperties'),
      `${prefix}${closes ? 'no longer accepts other properties' : opens ? 'now accepts other properties' : 'additionalProperties changed (review it)'}`,
      wasExtra,
      nowExtra,
    );
  }
}

/** JSON Schema types as sets; `integer` is within `number`; no `type` accepts every type. */
const ALL_TYPES = ['array', 'boolean', 'integer', 'null', 'number', 'object', 'string'];

function typeSet(schema: Record<string, unknown>): Set<string> {
  const raw = schema.type;
  const listed = typeof raw === 'string' ? [raw] : Array.isArray(raw) ? stringList(raw) : ALL_TYPES;
  const set = new Set(listed);
  if (set.has('number')) set.add('integer');
  return set;
}

function compareTypes(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  path: string,
  label: string,
  narrowedKind: 'breaking' | 'compatible',
  widenedKind: 'breaking' | 'compatible',
  changes: ChangeList,
): void {
  if (sameJson(before.type, after.type)) return;
  const was = typeSet(before);
  const now = typeSet(after);
  const lost = [...was].filter((type) => !now.has(type));
  const gained = [...now].filter((type) => !was.has(type));
  const at = pathKey(path, 'type');
  if (lost.length === 0 && gained.length === 0) return; // the same set, written differently
  if (lost.length > 0 && gained.length > 0) {
    changes.breaking(at, `${label}: type changed`, before.type, after.type);
  } else if (lost.length > 0) {
    changes.add(
      narrowedKind,
      at,
      `${label}: type narrowed (no longer ${lost.join(', ')})`,
      before.type,
      after.type,
    );
  } else {
    changes.add(
      widenedKind,
      at,
      `${label}: type widened (now also ${gained.join(', ')})`,
      before.type,
      after.type,
    );
  }
}

function compareEnums(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  path: string,
  label: string,
  narrowedKind: 'breaking' | 'compatible',
  widenedKind: 'breaking' | 'compatible',
  changes: ChangeList,
): void {
  const was = before.enum;
  const now = after.enum;
  if (sameJson(was, now)) return;
  const at = pathKey(path, 'enum');
  if (!Array.isArray(now)) {
    changes.add(widenedKind, at, `${label}: no longer limited to a list of values`, was, now);
    return;
  }
  if (!Array.isArray(was)) {
    changes.add(narrowedKind, at, `${label}: now limited to a list of values`, was, now);
    return;
  }
  const removed = was.filter((value) => !now.some((other) => sameJson(value, other)));
  const added = now.filter((value) => !was.some((other) => sameJson(value, other)));
  if (removed.length > 0)
    changes.add(
      narrowedKind,
      at,
      `${label}: enum value${removed.length > 1 ? 's' : ''} ${removed.map((v) => JSON.stringify(v)).join(', ')} removed`,
      was,
      now,
    );
  if (added.length > 0)
    changes.add(
      widenedKind,
      at,
      `${label}: enum value${added.length > 1 ? 's' : ''} ${added.map((v) => JSON.stringify(v)).join(', ')} added`,
      was,
      now,
    );
}

function stringList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}
