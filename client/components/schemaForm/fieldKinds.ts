/**
 * Which of the form's own fields draws a schema node, and the branches of a union: pure
 * functions over the normalized schema, so every shape is unit-tested without a browser.
 */
import { isPlainObject, nonNullVariant, type JsonSchema } from './normalizeSchema';

/** The custom fields registered in SchemaForm, named in the uiSchema's `ui:field`. */
export const UNION_FIELD = 'union';
export const MULTI_SELECT_FIELD = 'multiSelect';

export interface UnionBranch {
  /** What the branch picker shows: the branch's title, else its const, else its type. */
  label: string;
  /** The branch with the field's shared keywords merged in, ready to draw on its own. */
  schema: JsonSchema;
}

/** What a union is made of: `anyOf`/`oneOf` branches, or the entries of `type: [...]`. */
export interface Union {
  kind: 'anyOf' | 'oneOf' | 'types';
  branches: UnionBranch[];
}

/** Keywords that describe the field itself, not any one of its branches. */
const FIELD_KEYWORDS = new Set(['title', 'description', 'default', 'examples', '$comment']);

/**
 * The union a schema node is, if it is one the form draws with a branch picker: several
 * `type`s (a nullable pair has its own toggle), or `anyOf`/`oneOf` branches that are not all
 * `const` (those are a labelled select).
 */
export function unionOf(schema: JsonSchema): Union | undefined {
  if (nonNullVariant(schema)) return undefined;
  for (const key of ['anyOf', 'oneOf'] as const) {
    const branches = schema[key];
    if (!Array.isArray(branches) || branches.length < 2 || !branches.every(isPlainObject)) continue;
    if (branches.every((branch) => 'const' in branch)) return undefined;
    const shared = sharedKeywords(schema, key);
    const merged = branches.map((branch) => mergeBranch(shared, branch));
    return { kind: key, branches: labelled(merged) };
  }
  const types = multiTypes(schema);
  if (types) {
    const { type: _type, ...rest } = sharedKeywords(schema, 'type');
    return { kind: 'types', branches: labelled(types.map((type) => ({ ...rest, type }))) };
  }
  return undefined;
}

/** `type: [...]` with more than a nullable pair: the types a value may take. */
export function multiTypes(schema: JsonSchema): string[] | undefined {
  const { type } = schema;
  if (!Array.isArray(type)) return undefined;
  const types = [...new Set(type.filter((entry): entry is string => typeof entry === 'string'))];
  if (types.length < 2 || (types.length === 2 && types.includes('null'))) return undefined;
  return types;
}

/**
 * A multi-select: an array whose items are a choice (`enum`, or `anyOf`/`oneOf` of `const`),
 * as MCP elicitation spells it. Drawn as a checkbox list rather than repeated dropdowns.
 */
export function isMultiSelect(schema: JsonSchema): boolean {
  const { items } = schema;
  if (!isPlainObject(items)) return false;
  if (schema.type !== 'array' && !(schema.type === undefined && items !== undefined)) return false;
  if (Array.isArray(items.enum) && items.enum.length > 0) return true;
  return ['anyOf', 'oneOf'].some((key) => {
    const branches = items[key];
    return (
      Array.isArray(branches) &&
      branches.length > 0 &&
      branches.every((branch) => isPlainObject(branch) && 'const' in branch)
    );
  });
}

function sharedKeywords(schema: JsonSchema, unionKey: string): JsonSchema {
  const shared: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key !== unionKey && !FIELD_KEYWORDS.has(key)) shared[key] = value;
  }
  return shared;
}

/** The branch wins over the field's shared keywords; properties and required are combined. */
function mergeBranch(shared: JsonSchema, branch: JsonSchema): JsonSchema {
  const merged: JsonSchema = { ...shared, ...branch };
  if (isPlainObject(shared.properties) && isPlainObject(branch.properties)) {
    merged.properties = { ...shared.properties, ...branch.properties };
  }
  if (Array.isArray(shared.required) && Array.isArray(branch.required)) {
    merged.required = [...new Set([...shared.required, ...branch.required])];
  }
  return merged;
}

function labelled(branches: JsonSchema[]): UnionBranch[] {
  const discriminator = discriminatorOf(branches);
  const labels = branches.map((branch) => branchLabel(branch, discriminator));
  return branches.map((schema, index) => {
    const label = labels[index] ?? `option ${index + 1}`;
    const twins = labels.filter((other) => other === label).length;
    return { schema, label: twins > 1 ? `${label} (${index + 1})` : label };
  });
}

/** A property every object branch fixes with a `const`: the branches' own names for themselves. */
function discriminatorOf(branches: JsonSchema[]): string | undefined {
  const first = branches[0]?.properties;
  if (!isPlainObject(first)) return undefined;
  return Object.keys(first).find((key) =>
    branches.every((branch) => {
      const property = isPlainObject(branch.properties) ? branch.properties[key] : undefined;
      return isPlainObject(property) && 'const' in property;
    }),
  );
}

/** Title, else const (of the branch or of its discriminating property), else type. */
export function branchLabel(branch: JsonSchema, discriminator?: string): string {
  if (typeof branch.title === 'string' && branch.title.trim() !== '') return branch.title;
  if ('const' in branch) return constLabel(branch.const);
  if (discriminator && isPlainObject(branch.properties)) {
    const property = branch.properties[discriminator];
    if (isPlainObject(property) && 'const' in property) return constLabel(property.const);
  }
  return typeLabel(branch);
}

export function constLabel(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function typeLabel(branch: JsonSchema): string {
  const { type } = branch;
  const base = Array.isArray(type)
    ? type.join(' or ')
    : typeof type === 'string'
      ? type
      : Array.isArray(branch.enum)
        ? 'choice'
        : isPlainObject(branch.properties)
          ? 'object'
          : 'any value';
  if (typeof branch.format === 'string') return `${base} (${branch.format})`;
  if (base === 'array' && isPlainObject(branch.items) && typeof branch.items.type === 'string') {
    return `array of ${branch.items.type}`;
  }
  if (Array.isArray(branch.enum)) return `${base}: ${branch.enum.map(constLabel).join(' | ')}`;
  return base;
}
