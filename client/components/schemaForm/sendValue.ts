/**
 * From what the form holds to the exact arguments that go on the wire. Defaults are the
 * server's business: shown in the form, sent only when the person sets the field or asks for
 * them; required arrays and objects are always sent, empty if need be.
 */
import { getDefaultFormState } from '@rjsf/utils';
import { isPlainObject, pruneUnset, type JsonSchema } from './normalizeSchema';
import { DEFAULT_FORM_STATE_BEHAVIOR, validator } from './schemaValidator';

/**
 * Required properties that are objects or arrays and are missing, added empty (`{}`/`[]`), at
 * every depth the value reaches: left out, the server refuses the call before the person could
 * fill them; present, the form draws them and validation says what they still need.
 */
export function fillRequiredContainers(value: unknown, schema: unknown): unknown {
  if (!isPlainObject(schema)) return value;
  if (Array.isArray(value)) return value.map((item) => fillRequiredContainers(item, schema.items));
  if (!isPlainObject(value)) return value;
  const properties = isPlainObject(schema.properties) ? schema.properties : {};
  const required = Array.isArray(schema.required) ? schema.required : [];
  const out: Record<string, unknown> = { ...value };
  for (const [key, property] of Object.entries(properties)) {
    if (!isPlainObject(property)) continue;
    if (out[key] === undefined && required.includes(key)) {
      if (property.type === 'object') out[key] = {};
      else if (property.type === 'array') out[key] = [];
    }
    if (out[key] !== undefined) out[key] = fillRequiredContainers(out[key], property);
  }
  return out;
}

/** The value with the schema's defaults in every field it leaves unset. */
export function withSchemaDefaults(
  value: Record<string, unknown>,
  schema: JsonSchema,
): Record<string, unknown> {
  const state: unknown = getDefaultFormState(
    validator,
    schema,
    value,
    schema,
    false,
    DEFAULT_FORM_STATE_BEHAVIOR,
  );
  return isPlainObject(state) ? state : value;
}

/** The arguments to send for a form's value: unset keys omitted, defaults only when asked for. */
export function argumentsToSend(
  value: Record<string, unknown>,
  schema: JsonSchema,
  sendDefaults: boolean,
): Record<string, unknown> {
  const withDefaults = sendDefaults ? withSchemaDefaults(value, schema) : value;
  return fillRequiredContainers(pruneUnset(withDefaults, schema), schema) as Record<string, unknown>;
}

/** Whether the schema declares any default at all, at any depth (else the switch says so). */
export function hasDefaults(schema: unknown): boolean {
  if (Array.isArray(schema)) return schema.some(hasDefaults);
  if (!isPlainObject(schema)) return false;
  return Object.entries(schema).some(
    ([key, child]) =>
      key === 'default' ||
      (key !== 'const' &&
        key !== 'enum' &&
        key !== 'examples' &&
        typeof child === 'object' &&
        hasDefaults(child)),
  );
}
