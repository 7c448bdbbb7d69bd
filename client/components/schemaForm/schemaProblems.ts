/**
 * Why a value does not fit its schema, one line per field, each with the id of the form's
 * control for it so a list of problems can link to the fields. The engine the form uses, in the
 * words `call` and the collection runners use (shared/schema/problems.ts).
 */
import { compileSchema } from '../../schema/jsonSchemaEngine';
import { problemsFromErrors, type SchemaProblem } from '../../../shared/schema/problems';
import type { JsonSchema } from './normalizeSchema';

export type { SchemaProblem };
export { fieldName } from '../../../shared/schema/problems';

/** rjsf names a field's control `<prefix>_<key>_<index>_…` (its default id separator). */
export function fieldControlId(prefix: string, path: readonly (string | number)[]): string {
  return [prefix, ...path].join('_');
}

// A tool's schema object is the same while its form is open: read once per schema.
const compiled = new WeakMap<object, ReturnType<typeof compileSchema>>();

export function schemaProblems(value: unknown, schema: JsonSchema): SchemaProblem[] {
  let check = compiled.get(schema);
  if (!check) compiled.set(schema, (check = compileSchema(schema)));
  return problemsFromErrors(check(value));
}
