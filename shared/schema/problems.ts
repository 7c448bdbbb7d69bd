import { compileSchema, UnusableSchemaError, type SchemaError } from './engine.js';

/** Why a value does not fit its schema, said of one field. */
export interface SchemaProblem {
  /** Where in the value, as keys and indexes (empty: the value as a whole). */
  path: (string | number)[];
  /** The path as a person reads it: `points[0].x`. */
  field: string;
  message: string;
}

/**
 * The engine's errors as a person reads them, one line per field: a missing or unexpected
 * property is said of the property itself, a value that fits no branch of a union is one line
 * (not one per branch), an enum names its values. The form's problem list, `call`'s argument
 * check and both collection runners say problems in these words.
 *
 * `whole` names the value itself (`the arguments`, `(arguments)`).
 */
export function problemsFromErrors(errors: readonly SchemaError[], whole = 'the arguments'): SchemaProblem[] {
  const unions = errors
    .filter((error) => error.keyword === 'anyOf' || error.keyword === 'oneOf')
    .map((error) => error.schemaPath);
  const seen = new Set<string>();
  const problems: SchemaProblem[] = [];
  for (const error of errors) {
    const insideUnion = unions.some((union) => error.schemaPath.startsWith(`${union}/`));
    if (insideUnion || error.keyword === 'if') continue;
    const path = pointerPath(error.instancePath);
    let message = error.message;
    if (error.keyword === 'required') {
      path.push(String(error.params.missingProperty));
      message = 'is required';
    } else if (error.keyword === 'additionalProperties' || error.keyword === 'unevaluatedProperties') {
      path.push(String(error.params.additionalProperty ?? error.params.unevaluatedProperty));
      message = 'is not a property the schema allows';
    } else if (error.keyword === 'anyOf' || error.keyword === 'oneOf') {
      message = 'fits none of the types it may have';
    } else if (error.keyword === 'enum' && Array.isArray(error.params.allowedValues)) {
      message = `must be one of ${error.params.allowedValues.map((entry) => JSON.stringify(entry)).join(', ')}`;
    } else if (error.keyword === 'const') {
      message = `must be ${JSON.stringify(error.params.allowedValue)}`;
    }
    const field = fieldName(path, whole);
    const key = `${field}\n${message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    problems.push({ path, field, message });
  }
  return problems;
}

/** A value checked against a schema: its problems, or why the schema cannot be used. */
export function checkValue(
  value: unknown,
  schema: unknown,
  whole?: string,
): { problems: SchemaProblem[] } | { unusable: string } {
  try {
    return { problems: problemsFromErrors(compileSchema(schema)(value), whole) };
  } catch (error) {
    if (error instanceof UnusableSchemaError) return { unusable: error.message };
    throw error;
  }
}

function pointerPath(pointer: string): (string | number)[] {
  if (pointer === '') return [];
  return pointer
    .slice(1)
    .split('/')
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((part) => (/^\d+$/.test(part) ? Number(part) : part));
}

/** `points[0].x`; the value itself by the name given. */
export function fieldName(path: readonly (string | number)[], whole = 'the arguments'): string {
  if (path.length === 0) return whole;
  return path
    .map((part, index) => (typeof part === 'number' ? `[${part}]` : index === 0 ? part : `.${part}`))
    .join('');
}
