import { child } from './jsonPath.js';

export type SchemaObject = Record<string, unknown>;

/** Where a subschema sits, as the rules need to know it. */
export interface SchemaVisit {
  schema: SchemaObject;
  path: string;
  /** 0 at the root. */
  depth: number;
  /** Set for a schema under `properties`: its property's name. */
  property?: string;
  /** The property is in its parent's `required`. */
  required?: boolean;
}

const SINGLE = [
  'additionalProperties',
  'items',
  'not',
  'if',
  'then',
  'else',
  'contains',
  'propertyNames',
  'unevaluatedProperties',
  'unevaluatedItems',
  'additionalItems',
];
const LISTS = ['anyOf', 'oneOf', 'allOf', 'prefixItems', 'items'];
const MAPS = ['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas'];

/** A schema too deep to walk further is itself a finding (portability); the walk stops there. */
const MAX_WALK_DEPTH = 64;

export function isSchemaObject(value: unknown): value is SchemaObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Every object subschema of `root`, the root first, depth-first. */
export function walkSchema(root: unknown, path: string): SchemaVisit[] {
  const visits: SchemaVisit[] = [];
  const visit = (schema: unknown, at: string, depth: number, extra: Partial<SchemaVisit>): void => {
    if (!isSchemaObject(schema) || depth > MAX_WALK_DEPTH) return;
    visits.push({ schema, path: at, depth, ...extra });
    for (const key of SINGLE)
      if (isSchemaObject(schema[key])) visit(schema[key], child(at, key), depth + 1, {});
    for (const key of LISTS) {
      const list = schema[key];
      if (Array.isArray(list))
        list.forEach((item, index) => visit(item, child(child(at, key), index), depth + 1, {}));
    }
    const required = Array.isArray(schema.required) ? schema.required : [];
    for (const key of MAPS) {
      const map = schema[key];
      if (!isSchemaObject(map)) continue;
      for (const [name, sub] of Object.entries(map)) {
        const extraOf = key === 'properties' ? { property: name, required: required.includes(name) } : {};
        visit(sub, child(child(at, key), name), depth + 1, extraOf);
      }
    }
  };
  visit(root, path, 0, {});
  return visits;
}

/** The schema's `type` as a list (empty when it has none). */
export function typesOf(schema: SchemaObject): string[] {
  if (typeof schema.type === 'string') return [schema.type];
  if (Array.isArray(schema.type)) return schema.type.filter((t): t is string => typeof t === 'string');
  return [];
}

/**
 * How many object schemas deep the schema nests, the root object counting as one: what model
 * providers cap ("5 levels"). The schemas between two objects (items, anyOf, a property's own
 * wrapper) are not levels of their own.
 */
export function objectDepth(root: unknown): number {
  const depthOf = (schema: unknown, seen: number): number => {
    if (!isSchemaObject(schema) || seen > MAX_WALK_DEPTH) return 0;
    const own = typesOf(schema).includes('object') || isSchemaObject(schema.properties) ? 1 : 0;
    const children: unknown[] = [];
    for (const key of SINGLE) children.push(schema[key]);
    for (const key of LISTS) if (Array.isArray(schema[key])) children.push(...(schema[key] as unknown[]));
    for (const key of MAPS) if (isSchemaObject(schema[key])) children.push(...Object.values(schema[key]));
    return own + children.reduce<number>((deepest, sub) => Math.max(deepest, depthOf(sub, seen + 1)), 0);
  };
  return depthOf(root, 0);
}
