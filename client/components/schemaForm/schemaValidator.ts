import { getDefaultFormState, type Experimental_DefaultFormStateBehavior } from '@rjsf/utils';
import { formValidator as validator } from '../../schema/formValidator';
import { compileSchema } from '../../schema/jsonSchemaEngine';
import { normalizeSchema, type JsonSchema, type Normalization } from './normalizeSchema';

/** The product's one JSON Schema engine, as rjsf's validator. */
export { validator };

/** Optional objects start absent instead of as `{}`, so nothing unset is sent. */
export const DEFAULT_FORM_STATE_BEHAVIOR: Experimental_DefaultFormStateBehavior = {
  emptyObjectFields: 'skipEmptyDefaults',
  arrayMinItems: { populate: 'requiredOnly' },
  // A const is a choice (a labelled select, a union's tag), not a value the person gave.
  constAsDefaults: 'never',
};

/** Normalizes the schema and makes sure the engine can use it, so a form is never drawn for a schema it cannot check. */
export function prepareSchemaForm(input: unknown): Normalization {
  const normalized = normalizeSchema(input);
  if ('problem' in normalized) return normalized;
  try {
    compileSchema(normalized.schema);
  } catch (error) {
    return { problem: `The input schema is not valid JSON Schema: ${(error as Error).message}` };
  }
  return normalized;
}

/** The schema's defaults, as a fresh form (or a reset) shows them. */
export function schemaDefaults(schema: JsonSchema): Record<string, unknown> {
  const state: unknown = getDefaultFormState(
    validator,
    schema,
    {},
    schema,
    false,
    DEFAULT_FORM_STATE_BEHAVIOR,
  );
  return typeof state === 'object' && state !== null && !Array.isArray(state)
    ? (state as Record<string, unknown>)
    : {};
}
