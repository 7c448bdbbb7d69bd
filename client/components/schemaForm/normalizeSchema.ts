/**
 * From a tool's `inputSchema` (untrusted, any dialect a server emits) to what rjsf renders:
 * pure functions, so every shape can be unit-tested without a browser.
 */

import { constLabel, isMultiSelect, MULTI_SELECT_FIELD, UNION_FIELD, unionOf } from './fieldKinds';

export type JsonSchema = Record<string, unknown>;
export type UiSchema = Record<string, unknown>;

export interface NormalizedSchema {
  /** The schema the form renders and validates against. */
  schema: JsonSchema;
  /** Per-field rendering hints derived from the schema (the nullable toggle). */
  uiSchema: UiSchema;
}

export type Normalization = NormalizedSchema | { problem: string };

/** The custom field registered for nullable values (see NullableField). */
export const NULLABLE_FIELD = 'nullable';

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Checks that the schema is one a form can be built from and prepares it: local `$ref`s
 * inlined (a form has to know what a field is before rjsf resolves anything), `$schema`
 * dropped, nullable fields marked. Anything else is left to rjsf and the schema engine.
 */
export function normalizeSchema(input: unknown): Normalization {
  if (!isPlainObject(input)) return { problem: 'The input schema is not a JSON object.' };
  const rootType = input.type;
  if (rootType !== undefined && rootType !== 'object') {
    return { problem: `The input schema's type is ${JSON.stringify(rootType)}, not "object".` };
  }
  // Servers name draft 2020-12 or 2019-09 here; the form's validator only needs the keywords,
  // and an unknown meta-schema would make it refuse the whole schema.
  const { $schema: _dialect, ...root } = input;
  let inlined: unknown;
  try {
    inlined = inlineLocalRefs(root, root, []);
  } catch (error) {
    return { problem: (error as Error).message };
  }
  const schema = typeConstChoices({ type: 'object', ...(inlined as JsonSchema) }) as JsonSchema;
  return { schema, uiSchema: buildUiSchema(schema) };
}

/** Resolves `#/…` JSON pointers against the root; refuses anything remote. */
export function resolveLocalRef(root: JsonSchema, ref: string): unknown {
  if (!ref.startsWith('#')) throw new Error(`The schema refers to ${ref}, which is not inside it.`);
  if (ref === '#') return root;
  if (!ref.startsWith('#/')) throw new Error(`The schema refers to ${ref}, which cannot be resolved.`);
  let node: unknown = root;
  for (const raw of ref.slice(2).split('/')) {
    const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    if (!isPlainObject(node) && !Array.isArray(node)) node = undefined;
    node = (node as Record<string, unknown> | undefined)?.[key];
    if (node === undefined) throw new Error(`The schema refers to ${ref}, which it does not define.`);
  }
  return node;
}

function inlineLocalRefs(node: unknown, root: JsonSchema, expanding: string[]): unknown {
  if (Array.isArray(node)) return node.map((item) => inlineLocalRefs(item, root, expanding));
  if (!isPlainObject(node)) return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    // Definitions are inlined where they are used; const/default/enum/examples are data, not schemas.
    if (key === '$defs' || key === 'definitions') out[key] = value;
    else if (key === 'const' || key === 'default' || key === 'enum' || key === 'examples') out[key] = value;
    else if (key === '$ref' && typeof value === 'string') continue;
    else out[key] = inlineLocalRefs(value, root, expanding);
  }
  const ref = node.$ref;
  if (typeof ref !== 'string') return out;
  const target = resolveLocalRef(root, ref);
  // A recursive definition is inlined once, then left as a reference rjsf expands on demand
  // (the root keeps its $defs for that).
  if (expanding.includes(ref)) return { ...out, $ref: ref };
  const resolved = inlineLocalRefs(target, root, [...expanding, ref]);
  // Siblings of $ref (title, description, default) refine the definition.
  return isPlainObject(resolved) ? { ...resolved, ...out } : resolved;
}

/**
 * `oneOf`/`anyOf` of `{const, title}` is a labelled choice; rjsf draws it as a select only when
 * it knows the type, which servers often leave out. The type is taken from the consts.
 */
export function typeConstChoices(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(typeConstChoices);
  if (!isPlainObject(node)) return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    out[key] =
      key === 'const' || key === 'default' || key === 'enum' || key === 'examples'
        ? value
        : typeConstChoices(value);
  }
  if (out.type !== undefined) return out;
  for (const key of ['oneOf', 'anyOf'] as const) {
    const branches = out[key];
    if (!Array.isArray(branches) || branches.length === 0) continue;
    if (!branches.every((branch) => isPlainObject(branch) && 'const' in branch)) continue;
    const types = new Set(branches.map((branch) => jsonType((branch as { const: unknown }).const)));
    if (types.size === 1) out.type = [...types][0];
    else if ([...types].every((type) => type === 'integer' || type === 'number')) out.type = 'number';
  }
  return out;
}

function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

/** The non-null half of a nullable schema, or undefined when the schema is not nullable. */
export function nonNullVariant(schema: JsonSchema): JsonSchema | undefined {
  const { type } = schema;
  if (Array.isArray(type) && type.length === 2 && type.includes('null')) {
    const other = type.find((entry) => entry !== 'null');
    return { ...schema, type: other };
  }
  for (const key of ['anyOf', 'oneOf'] as const) {
    const branches = schema[key];
    if (!Array.isArray(branches) || branches.length !== 2) continue;
    const nullIndex = branches.findIndex((branch) => isPlainObject(branch) && branch.type === 'null');
    const other = branches[1 - nullIndex];
    if (nullIndex === -1 || !isPlainObject(other)) continue;
    const { [key]: _branches, ...rest } = schema;
    // The outer title and description belong to the field; the branch says what a value is.
    return { ...other, ...rest };
  }
  return undefined;
}

/**
 * uiSchema entries, at any depth: our own fields for nullable values, unions and multi-selects,
 * legacy `enumNames` as the choices' labels, and a default as the placeholder of an unset field.
 */
export function buildUiSchema(schema: JsonSchema): UiSchema {
  const ui: UiSchema = {};
  const field = nonNullVariant(schema)
    ? NULLABLE_FIELD
    : isMultiSelect(schema)
      ? MULTI_SELECT_FIELD
      : unionOf(schema)
        ? UNION_FIELD
        : undefined;
  if (field) {
    ui['ui:field'] = field;
    // Without this rjsf would also draw its own branch picker for an anyOf/oneOf.
    ui['ui:fieldReplacesAnyOrOneOf'] = true;
    return ui;
  }
  // Elicitation's legacy spelling of labelled choices (rjsf reads them from the uiSchema).
  if (Array.isArray(schema.enumNames) && Array.isArray(schema.enum)) {
    ui['ui:enumNames'] = schema.enumNames.map(String);
  }
  if (schema.default !== undefined && !isPlainObject(schema.default) && !Array.isArray(schema.default)) {
    ui['ui:placeholder'] = `default: ${constLabel(schema.default)}`;
  }
  if (isPlainObject(schema.properties)) {
    for (const [name, child] of Object.entries(schema.properties)) {
      if (!isPlainObject(child)) continue;
      const childUi = buildUiSchema(child);
      if (Object.keys(childUi).length > 0) ui[name] = childUi;
    }
  }
  if (isPlainObject(schema.items)) {
    const itemsUi = buildUiSchema(schema.items);
    if (Object.keys(itemsUi).length > 0) ui.items = itemsUi;
  }
  if (isPlainObject(schema.additionalProperties)) {
    const valueUi = buildUiSchema(schema.additionalProperties);
    if (Object.keys(valueUi).length > 0) ui.additionalProperties = valueUi;
  }
  return ui;
}

/**
 * The arguments to send: keys a person left unset are omitted, never sent as "" or null
 * (an explicit null comes only from the null toggle, which rjsf stores as null, and is kept).
 * An optional object that ends up empty is dropped too; a required one stays.
 */
export function pruneUnset(value: unknown, schema?: unknown): unknown {
  if (Array.isArray(value)) {
    const items = isPlainObject(schema) ? schema.items : undefined;
    return value.map((item) => pruneUnset(item, items));
  }
  if (!isPlainObject(value)) return value;
  const properties = isPlainObject(schema) && isPlainObject(schema.properties) ? schema.properties : {};
  const required = isPlainObject(schema) && Array.isArray(schema.required) ? schema.required : [];
  const out: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(value)) {
    if (child === undefined) continue;
    const pruned = pruneUnset(child, properties[key]);
    if (isPlainObject(pruned) && Object.keys(pruned).length === 0 && !required.includes(key)) continue;
    out[key] = pruned;
  }
  return out;
}
