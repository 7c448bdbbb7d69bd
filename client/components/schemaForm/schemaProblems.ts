/**
 * Why a value does not fit its schema, one line per field, each with the id of the form's
 * control for it so a list of problems can link to the fields. The same ajv the form uses.
 */
import type { ErrorObject } from 'ajv';
import type { JsonSchema } from './normalizeSchema';
import { validator } from './schemaValidator';

export interface SchemaProblem {
  /** Where in the value, as keys and indexes (empty: the arguments as a whole). */
  path: (string | number)[];
  /** The path as a person reads it: `points[0].x`. */
  field: string;
  message: string;
}

/** rjsf names a field's control `<prefix>_<key>_<index>_…` (its default id separator). */
export function fieldControlId(prefix: string, path: readonly (string | number)[]): string {
  return [prefix, ...path].join('_');
}

export function schemaProblems(value: unknown, schema: JsonSchema): SchemaProblem[] {
  // ajv keeps compiled schemas by object, so this compiles once per schema.
  const validate = validator.ajv.compile(schema);
  if (validate(value)) return [];
  return problemsFromErrors(validate.errors ?? []);
}

/**
 * ajv reports every branch of a failed anyOf/oneOf; a person needs one line saying the value
 * fits none of them. Duplicates (the same message at the same place) are dropped too.
 */
export function problemsFromErrors(errors: readonly ErrorObject[]): SchemaProblem[] {
  const unions = errors
    .filter((error) => error.keyword === 'anyOf' || error.keyword === 'oneOf')
    .map((error) => error.schemaPath);
  const seen = new Set<string>();
  const problems: SchemaProblem[] = [];
  for (const error of errors) {
    const insideUnion = unions.some((union) => error.schemaPath.startsWith(`${union}/`));
    if (insideUnion || error.keyword === 'if') continue;
    const path = pointerPath(error.instancePath);
    let message = error.message ?? 'is not valid';
    if (error.keyword === 'required') {
      path.push((error.params as { missingProperty: string }).missingProperty);
      message = 'is required';
    } else if (error.keyword === 'anyOf' || error.keyword === 'oneOf') {
      message = 'fits none of the types it may have';
    } else if (error.keyword === 'enum') {
      const allowed = (error.params as { allowedValues?: unknown[] }).allowedValues;
      if (allowed) message = `must be one of ${allowed.map((entry) => JSON.stringify(entry)).join(', ')}`;
    }
    const field = fieldName(path);
    const key = `${field}\n${message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    problems.push({ path, field, message });
  }
  return problems;
}

function pointerPath(pointer: string): (string | number)[] {
  if (pointer === '') return [];
  return pointer
    .slice(1)
    .split('/')
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((part) => (/^\d+$/.test(part) ? Number(part) : part));
}

export function fieldName(path: readonly (string | number)[]): string {
  if (path.length === 0) return 'the arguments';
  return path
    .map((part, index) => (typeof part === 'number' ? `[${part}]` : index === 0 ? part : `.${part}`))
    .join('');
}
