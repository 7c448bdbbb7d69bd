/**
 * Whether a value fits a schema's type, and how a value typed for one branch of a union is
 * carried to another: what a person typed is kept wherever it still means the same thing.
 */
import { isPlainObject, type JsonSchema } from './normalizeSchema';

export type JsonType = 'null' | 'array' | 'object' | 'string' | 'number' | 'integer' | 'boolean';

/** The JSON type of a value; whole numbers are integers (which are also numbers). */
export function jsonTypeOf(value: unknown): JsonType {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  if (typeof value === 'object') return 'object';
  return typeof value as JsonType;
}

/** Whether `value` is of the JSON type named (an integer is a number too). */
export function isOfType(value: unknown, type: string): boolean {
  const actual = jsonTypeOf(value);
  return actual === type || (type === 'number' && actual === 'integer');
}

/** Whether a value satisfies a schema's `type`, `const` and `enum` (the rest is the schema engine's to check). */
export function fitsSchema(value: unknown, schema: JsonSchema): boolean {
  const { type } = schema;
  if (typeof type === 'string' && !isOfType(value, type)) return false;
  if (Array.isArray(type) && !type.some((entry) => typeof entry === 'string' && isOfType(value, entry))) {
    return false;
  }
  if ('const' in schema && !sameJson(value, schema.const)) return false;
  if (Array.isArray(schema.enum) && !schema.enum.some((choice) => sameJson(choice, value))) return false;
  // An object branch named by a const property (a discriminator) fits only objects that agree.
  if (isPlainObject(value) && isPlainObject(schema.properties)) {
    for (const [key, property] of Object.entries(schema.properties)) {
      if (
        isPlainObject(property) &&
        'const' in property &&
        key in value &&
        !sameJson(value[key], property.const)
      ) {
        return false;
      }
    }
  }
  return true;
}

/** The first branch the value fits, or -1. */
export function matchingBranch(value: unknown, branches: readonly { schema: JsonSchema }[]): number {
  if (value === undefined) return -1;
  return branches.findIndex((branch) => fitsSchema(value, branch.schema));
}

const NUMBER_TEXT = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?$/;

/**
 * The value carried into another branch: kept when it fits, converted when its text means the
 * same there (2.75 and "2.75", true and "true"), an object keeping the properties the branch
 * knows plus the branch's own consts; undefined when nothing of it fits.
 */
export function carryValue(value: unknown, branch: JsonSchema): unknown {
  if ('const' in branch) return branch.const;
  if (branch.type === 'null') return null;
  if (value === undefined) return withBranchConsts(undefined, branch);
  if (fitsSchema(value, branch) && !isPlainObject(value)) return value;
  const type = typeof branch.type === 'string' ? branch.type : undefined;
  if (
    isPlainObject(value) &&
    (type === 'object' || (type === undefined && isPlainObject(branch.properties)))
  ) {
    const known = isPlainObject(branch.properties) ? branch.properties : undefined;
    const kept: Record<string, unknown> = {};
    for (const [key, entry] of Object.entries(value)) {
      const property = known?.[key];
      // Another branch's discriminator is not this branch's; its consts are added below.
      if (isPlainObject(property) && 'const' in property) continue;
      // A branch that lists its properties keeps only those.
      if (known && property === undefined) continue;
      kept[key] = entry;
    }
    return withBranchConsts(kept, branch);
  }
  if (type === undefined || isPlainObject(value) || Array.isArray(value)) return undefined;
  const converted = fromText(textOf(value), [type]);
  return converted !== undefined && fitsSchema(converted, branch) ? converted : undefined;
}

/** An object branch's const properties (a discriminator such as `kind`) are part of choosing it. */
export function withBranchConsts(value: Record<string, unknown> | undefined, branch: JsonSchema): unknown {
  if (!isPlainObject(branch.properties)) return value;
  const consts = Object.entries(branch.properties).filter(
    (entry): entry is [string, Record<string, unknown>] => isPlainObject(entry[1]) && 'const' in entry[1],
  );
  if (consts.length === 0) return value;
  const out: Record<string, unknown> = { ...value };
  for (const [key, property] of consts) out[key] = property.const;
  return out;
}

/** A primitive as the text a person would type for it. */
export function textOf(value: unknown): string {
  if (value === undefined) return '';
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

/**
 * What a typed text means among the allowed types, the way a person means it: a number when it
 * reads as one and numbers are allowed, true/false and null likewise, JSON for objects and
 * arrays, else the text itself. Undefined for an empty text (unset) or nothing that fits.
 */
export function fromText(text: string, types: readonly string[]): unknown {
  if (text === '') return undefined;
  const allows = (type: string): boolean => types.includes(type);
  const trimmed = text.trim();
  if (NUMBER_TEXT.test(trimmed)) {
    const number = Number(trimmed);
    if (allows('number') || (allows('integer') && Number.isInteger(number))) return number;
  }
  if ((trimmed === 'true' || trimmed === 'false') && allows('boolean')) return trimmed === 'true';
  if (trimmed === 'null' && allows('null')) return null;
  if ((trimmed.startsWith('{') && allows('object')) || (trimmed.startsWith('[') && allows('array'))) {
    try {
      const parsed: unknown = JSON.parse(trimmed);
      if (allows(jsonTypeOf(parsed)) || (Array.isArray(parsed) && allows('array'))) return parsed;
    } catch {
      // Not JSON yet (still being typed): a string, if strings are allowed.
    }
  }
  return allows('string') ? text : undefined;
}

export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  return JSON.stringify(a) === JSON.stringify(b);
}
